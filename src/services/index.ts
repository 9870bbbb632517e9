import type { ServiceDeps } from './context.js';
import { AuditService } from './audit.js';
import { UsersService } from './identity/users.js';
import { WebSessionsService } from './identity/webSessions.js';
import { PersonalTokensService } from './identity/tokens.js';
import { CallerService } from './identity/caller.js';
import { DirectoryService } from './directory/directory.js';
import { PublicDirectoryService } from './directory/publicReads.js';
import { InventoryService } from './directory/inventory.js';
import { TimeQuotaService } from './time/quota.js';
import { TimeRetentionService } from './time/retention.js';
import { TimeJobsService, type TimeParser } from './time/jobs.js';
import type { RateLimits } from './ratelimit/rateLimits.js';
import type { ObjectStore } from './storage/objectStore.js';
import { DraftsService } from './events/drafts.js';
import { PostersService } from './events/posters.js';
import { EventPublishingService } from './events/publishing.js';
import { PublicEventsService } from './events/publicEvents.js';
import { ExtractionService } from './events/extraction/service.js';
import type { PosterTextReader } from './events/extraction/ocr.js';

export interface Services {
  deps: ServiceDeps;
  audit: AuditService;
  users: UsersService;
  webSessions: WebSessionsService;
  tokens: PersonalTokensService;
  caller: CallerService;
  directory: DirectoryService;
  publicDirectory: PublicDirectoryService;
  inventory: InventoryService;
  timeQuota: TimeQuotaService;
  timeRetention: TimeRetentionService;
  /** Present when a parser is configured (the worker pool in the server). */
  timeJobs?: TimeJobsService;
  rateLimits: RateLimits;
  store: ObjectStore;
  drafts: DraftsService;
  posters: PostersService;
  publishing: EventPublishingService;
  publicEvents: PublicEventsService;
  extraction: ExtractionService;
}

export interface ServiceOptions {
  /** Runs time parses (the worker pool in the server; a stand-in in tests). */
  timeParser?: TimeParser;
  /** Object storage of posters and artwork. */
  store: ObjectStore;
  /** Reads the text of a poster image (created on first use). */
  posterReader: () => PosterTextReader;
}

export function createServices(deps: ServiceDeps, rateLimits: RateLimits, options: ServiceOptions): Services {
  const { timeParser, store } = options;
  const audit = new AuditService(deps);
  const timeQuota = new TimeQuotaService(deps);
  const drafts = new DraftsService(deps);
  const posters = new PostersService(deps, drafts, store, audit);
  return {
    store,
    drafts,
    posters,
    publishing: new EventPublishingService(deps, drafts, audit),
    publicEvents: new PublicEventsService(deps),
    extraction: new ExtractionService(deps, drafts, posters, options.posterReader),
    deps,
    audit,
    users: new UsersService(deps),
    webSessions: new WebSessionsService(deps),
    tokens: new PersonalTokensService(deps, audit),
    caller: new CallerService(rateLimits),
    directory: new DirectoryService(deps),
    publicDirectory: new PublicDirectoryService(deps),
    inventory: new InventoryService(deps),
    timeQuota,
    timeJobs: timeParser ? new TimeJobsService(deps, timeQuota, timeParser) : undefined,
    timeRetention: new TimeRetentionService(deps),
    rateLimits,
  };
}
