import type { ServiceDeps } from './context.js';
import type { Clock } from '../lib/clock.js';
import { AuditService } from './audit.js';
import { UsersService } from './identity/users.js';
import { WebSessionsService } from './identity/webSessions.js';
import { FormNoncesService } from './identity/formNonces.js';
import { AccountEmailService } from './identity/accountEmail.js';
import { SignInService } from './identity/signIn.js';
import { SignUpService } from './identity/signUp.js';
import { AccountSettingsService } from './identity/accountSettings.js';
import { mailerFromConfig, type Mailer } from './identity/mailer.js';
import { PersonalTokensService } from './identity/tokens.js';
import { OAuthAppsService } from './identity/oauthApps.js';
import { CallerService } from './identity/caller.js';
import { DirectoryService } from './directory/directory.js';
import { PublicDirectoryService } from './directory/publicReads.js';
import { InventoryService } from './directory/inventory.js';
import { SearchService } from './directory/search.js';
import { ProfileAssetsService } from './directory/profileAssets.js';
import { AssetUploadsService } from './directory/assetUploads.js';
import { ProfileMediaService } from './directory/profileMedia.js';
import { ProfileWritesService } from './directory/profileWrites.js';
import { DirectoryBulkLoadService } from './directory/bulkLoad.js';
import { TimeQuotaService } from './time/quota.js';
import { TimeRetentionService } from './time/retention.js';
import { TimeJobsService, type TimeParser } from './time/jobs.js';
import type { RateLimits } from './ratelimit/rateLimits.js';
import type { ObjectStore } from './storage/objectStore.js';
import { DraftsService } from './events/drafts.js';
import { PostersService } from './posters/service.js';
import { EventPublishingService } from './events/publishing.js';
import { PublicEventsService } from './events/publicEvents.js';
import { PublicPageIndexService } from './directory/pageIndex.js';
import { OwnerEventsService } from './events/ownerEvents.js';
import { CalendarService } from './events/calendar.js';
import { EventListsService } from './events/lists.js';
import { ExtractionService } from './events/extraction/service.js';
import type { PosterTextReader } from './posters/ocr.js';
import { MaintenanceService } from './maintenance.js';
import { ServedContractService } from './contract/servedDocument.js';
import { OAuthIssuerService } from './oauth/issuer.js';
import { DynamicRegistrationService } from './oauth/registration.js';
import type { JWK } from 'jose';
import type { GuardedFetch } from './outbound/guardedFetch.js';

/**
 * Every service, built once by the composition root. REST handlers, web pages, the CLI and
 * (later) MCP tools call these and nothing below them: repositories stay behind the services.
 */
export interface Services {
  /** The injected clock every service reads (demo data and operator commands date by it too). */
  clock: Clock;
  audit: AuditService;
  users: UsersService;
  /** Password sign-in with failure throttling per account and network. */
  signIn: SignInService;
  webSessions: WebSessionsService;
  /** One-time nonces of the developer page's create forms. */
  formNonces: FormNoncesService;
  /** E-mail verification and password reset by single-use link (decisions §6). */
  accountEmail: AccountEmailService;
  signUp: SignUpService;
  accountSettings: AccountSettingsService;
  tokens: PersonalTokensService;
  oauthApps: OAuthAppsService;
  caller: CallerService;
  directory: DirectoryService;
  publicDirectory: PublicDirectoryService;
  /** The public pages there are (sitemap.xml). */
  publicPages: PublicPageIndexService;
  inventory: InventoryService;
  /** Profile updates by owners and community contributors, and community submissions (contract 4.6). */
  profileWrites: ProfileWritesService;
  /** Public discovery search over the search projection. */
  search: SearchService;
  /** Public media-kit assets: lists, files, the logo archive and the upload-storage probe. */
  profileAssets: ProfileAssetsService;
  /** Profile asset upload intents and their one-time upload transport. */
  assetUploads: AssetUploadsService;
  /** Hosted MCP media tools: owner media management and contributors' media proposals. */
  profileMedia: ProfileMediaService;
  /** Operator bulk loads of directory rows (scale data). */
  bulkLoad: DirectoryBulkLoadService;
  timeQuota: TimeQuotaService;
  timeRetention: TimeRetentionService;
  /** Present when a parser is configured (the worker pool in the server). */
  timeJobs?: TimeJobsService;
  rateLimits: RateLimits;
  drafts: DraftsService;
  posters: PostersService;
  publishing: EventPublishingService;
  publicEvents: PublicEventsService;
  /** Owner event writes: a community's active owner creates and updates its events (contract 4.8). */
  ownerEvents: OwnerEventsService;
  /** RFC 5545 exports: one event, a community's feed, all public events (decisions §3). */
  calendar: CalendarService;
  /** Discovery lists: upcoming, per community, performer and world, active worlds. */
  eventLists: EventListsService;
  extraction: ExtractionService;
  maintenance: MaintenanceService;
  servedContract: ServedContractService;
  /** The OAuth issuer and the check of its access tokens at the resources. */
  oauth: OAuthIssuerService;
  /** Constrained Dynamic Client Registration of hosted MCP clients (contract 5.11). */
  dynamicRegistration: DynamicRegistrationService;
}

export interface ServiceOptions {
  rateLimits: RateLimits;
  /** Runs time parses (the worker pool in the server; a stand-in in tests). */
  timeParser?: TimeParser;
  /** Object storage of posters and artwork. */
  store: ObjectStore;
  /** Reads the text of a poster image (created on first use). */
  posterReader: () => PosterTextReader;
  /** The issuer's private signing JWKs, newest first. */
  signingKeys: JWK[];
  /** Fetches third-party URLs (client metadata documents, asset imports); the guarded default when absent. */
  outboundFetch?: GuardedFetch;
  /** Account e-mail delivery; SMTP or the outbox, from the configuration, when absent. */
  mailer?: Mailer;
}

export function createServices(deps: ServiceDeps, options: ServiceOptions): Services {
  const { timeParser, store, rateLimits } = options;
  const audit = new AuditService(deps);
  const timeQuota = new TimeQuotaService(deps);
  const timeRetention = new TimeRetentionService(deps);
  const drafts = new DraftsService(deps);
  const posters = new PostersService(deps, drafts, store, audit);
  const publicEvents = new PublicEventsService(deps);
  const profileAssets = new ProfileAssetsService(deps, store);
  const users = new UsersService(deps);
  const accountEmail = new AccountEmailService(deps, audit, options.mailer ?? mailerFromConfig(deps.config, deps.clock));
  return {
    clock: deps.clock,
    audit,
    users,
    signIn: new SignInService(deps, users, rateLimits),
    webSessions: new WebSessionsService(deps),
    formNonces: new FormNoncesService(deps),
    accountEmail,
    signUp: new SignUpService(deps, audit, accountEmail, rateLimits),
    accountSettings: new AccountSettingsService(deps, audit),
    tokens: new PersonalTokensService(deps, audit),
    oauthApps: new OAuthAppsService(deps, audit),
    caller: new CallerService(rateLimits),
    directory: new DirectoryService(deps),
    publicDirectory: new PublicDirectoryService(deps),
    publicPages: new PublicPageIndexService(deps),
    inventory: new InventoryService(deps),
    profileWrites: new ProfileWritesService(deps, audit),
    search: new SearchService(deps),
    profileAssets,
    assetUploads: new AssetUploadsService(deps, profileAssets, audit, options.outboundFetch),
    profileMedia: new ProfileMediaService(deps, profileAssets, store, audit, options.outboundFetch),
    bulkLoad: new DirectoryBulkLoadService(deps),
    timeQuota,
    timeJobs: timeParser ? new TimeJobsService(deps, timeQuota, timeParser) : undefined,
    timeRetention,
    rateLimits,
    drafts,
    posters,
    publishing: new EventPublishingService(deps, drafts, audit),
    publicEvents,
    ownerEvents: new OwnerEventsService(deps, audit),
    calendar: new CalendarService(deps),
    eventLists: new EventListsService(deps, publicEvents),
    extraction: new ExtractionService(deps, drafts, posters, options.posterReader),
    maintenance: new MaintenanceService(deps, store, timeRetention),
    servedContract: new ServedContractService(deps.config),
    oauth: new OAuthIssuerService(deps, options.signingKeys, audit, options.outboundFetch),
    dynamicRegistration: new DynamicRegistrationService(deps, audit, rateLimits),
  };
}
