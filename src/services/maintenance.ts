import type { ServiceDeps } from './context.js';
import type { ObjectStore } from './storage/objectStore.js';
import type { TimeRetentionService } from './time/retention.js';
import { SUBMISSION_RECEIPT_TTL_MS } from './directory/profileWrites.js';
import { EVENT_CREATE_RECEIPT_TTL_MS } from './events/ownerEvents.js';
import { MEDIA_RECEIPT_TTL_MS } from './directory/profileMedia.js';
import { errorFields, logEvent } from '../lib/eventLog.js';

const DRAFT_BATCH = 200;

export interface SweepCounts {
  timeJobs: number;
  counters: number;
  sessions: number;
  /** Claimed developer-page form nonces past their expiry. */
  formNonces: number;
  drafts: number;
  uploads: number;
  /** Expired OAuth issuer state (codes, interactions, grants, sessions, access-token state). */
  oauth: number;
  /** Profile asset upload intents an hour past their expiry (used or not). */
  uploadIntents: number;
  /** Profile submission receipts older than their 24-hour idempotency window. */
  submissionReceipts: number;
  /** Owner event create receipts older than their 24-hour idempotency window. */
  eventCreateReceipts: number;
  /** Media URL-import receipts older than their 24-hour idempotency window. */
  mediaReceipts: number;
  /** E-mail verification and password-reset links past their expiry. */
  accountEmailTokens: number;
  /** Sign-up invites past their expiry (used or not). */
  signupInvites: number;
}

/** Expired upload intents are kept this long, so a completion still under way never loses its row. */
const UPLOAD_INTENT_GRACE_MS = 60 * 60_000;

/**
 * Periodic housekeeping in bounded batches: opted-out time-parse input and results of expired
 * jobs (contract 4.10 rule 7), expired quota counters and expired web sessions, intake drafts
 * 30 days after their last save (decisions §4) with their posters and unpublished artwork, and
 * poster uploads abandoned before completion, the OAuth issuer's expired state, and profile
 * asset upload intents past their expiry.
 */
export class MaintenanceService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly store: ObjectStore,
    private readonly timeRetention: TimeRetentionService,
  ) {}

  /** Expired drafts, their posters and the artwork no stored event shows, in one unit of work; returns the storage keys freed. */
  private async deleteExpiredDrafts(now: number): Promise<{ drafts: number; storageKeys: string[] }> {
    return this.deps.repos.withTransaction(async (repos) => {
      const ids = await repos.intake.expiredDraftIds(now, DRAFT_BATCH);
      if (!ids.length) return { drafts: 0, storageKeys: [] };
      // Artwork of a published event stays; artwork never published goes with its draft.
      const artwork = await repos.intake.artworkOfDrafts(ids);
      const inUse = await repos.events.artworkInUse(artwork.map((a) => a.id));
      const orphans = artwork.filter((a) => !inUse.has(a.id));
      const { drafts, posterKeys } = await repos.intake.deleteDrafts(ids, orphans.map((a) => a.id));
      return { drafts, storageKeys: [...posterKeys, ...orphans.map((a) => a.storageKey)] };
    });
  }

  async sweepOnce(): Promise<SweepCounts> {
    const { repos } = this.deps;
    const now = this.deps.clock.now();
    const expired = await this.deleteExpiredDrafts(now);
    const abandoned = await repos.intake.deleteAbandonedUploads(now);
    // Stored bytes go after their rows are committed: a crash in between leaves bytes, never rows without bytes.
    for (const key of [...expired.storageKeys, ...abandoned]) await this.store.delete(key);
    return {
      drafts: expired.drafts,
      uploads: abandoned.length,
      timeJobs: await this.timeRetention.scrubExpired(),
      counters: await repos.quotaCounters.deleteExpired(now),
      sessions: await repos.webSessions.deleteExpired(now),
      formNonces: await repos.webFormNonces.deleteExpired(now),
      oauth: await repos.oauthIssuer.deleteExpired(now),
      uploadIntents: await repos.assetUploadIntents.deleteExpired(now - UPLOAD_INTENT_GRACE_MS),
      submissionReceipts: await repos.profileSubmissionReceipts.deleteAllOlderThan(now - SUBMISSION_RECEIPT_TTL_MS),
      eventCreateReceipts: await repos.eventCreateReceipts.deleteAllOlderThan(now - EVENT_CREATE_RECEIPT_TTL_MS),
      mediaReceipts: await repos.profileMedia.receipts.deleteAllOlderThan(now - MEDIA_RECEIPT_TTL_MS),
      accountEmailTokens: await repos.accountEmailTokens.deleteExpired(now),
      signupInvites: await repos.signupInvites.deleteExpired(now),
    };
  }

  /** Sweeps every `everyMs` until the returned function is called; a sweep never overlaps the previous one. */
  start(everyMs = 60_000): () => void {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      this.sweepOnce()
        .catch((err) => logEvent('error', 'sweep_failed', errorFields(err)))
        .finally(() => {
          running = false;
        });
    }, everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }
}
