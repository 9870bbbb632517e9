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
}

export function createServices(deps: ServiceDeps, rateLimits: RateLimits, timeParser?: TimeParser): Services {
  const audit = new AuditService(deps);
  const timeQuota = new TimeQuotaService(deps);
  return {
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
