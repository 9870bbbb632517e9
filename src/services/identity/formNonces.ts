import { constantTimeEqual, keyedHash, randomToken } from '../../lib/crypto.js';
import type { FormNoncePurpose, WebFormNoncesRepository } from '../../repositories/webFormNonces.js';
import type { ServiceDeps } from '../context.js';

/** How long a rendered create form may be sent (and its claim kept). */
export const FORM_NONCE_TTL_MS = 12 * 60 * 60 * 1000;
/** Clocks of several instances may differ a little: a nonce issued this far "ahead" still counts. */
const CLOCK_SKEW_MS = 60_000;
const SIGN_PURPOSE = 'web-form-nonce';
const CLAIM_PURPOSE = 'web-form-nonce-claim';

export type FormOnce<T> =
  /** The first send of this form: `create` ran. */
  | { kind: 'created'; result: T }
  /** The form was sent before: nothing was created now; `createdRef` names what the first send created (null while it is still being created). */
  | { kind: 'repeat'; purpose: FormNoncePurpose; createdRef: string | null }
  /** No nonce, one not made for this user, or one past its time: nothing was created. */
  | { kind: 'invalid' };

/**
 * One-time nonces of the developer page's create forms, so that a refresh (a browser sending
 * the same POST again) never makes a second credential. A nonce is made when the form is
 * rendered: its issue time, 16 random bytes and a keyed signature binding both to the user, so
 * nothing is stored until it is used. The first POST carrying it claims it (a row keyed by the
 * nonce's keyed hash, unique: concurrent sends race on one insert); later ones find the claim.
 * A nonce counts for `FORM_NONCE_TTL_MS`, its claim lives as long, and the sweep removes it.
 * Secrets are never stored: a repeat answers with the id of what was created, not its value.
 */
export class FormNoncesService {
  private readonly repo: WebFormNoncesRepository;
  constructor(private readonly deps: ServiceDeps) {
    this.repo = deps.repos.webFormNonces;
  }

  private signature(userId: string, issuedAt: string, random: string): string {
    return keyedHash(this.deps.config.secretKey, SIGN_PURPOSE, `${userId}\0${issuedAt}\0${random}`).slice(0, 32);
  }

  /** A fresh nonce for one form `userId` is shown. */
  issue(userId: string): string {
    const issuedAt = this.deps.clock.now().toString(36);
    const random = randomToken(16);
    return `${issuedAt}.${random}.${this.signature(userId, issuedAt, random)}`;
  }

  /** When the nonce was issued, if it is one of `userId`'s and still counts. */
  private issuedAt(userId: string, nonce: unknown): number | undefined {
    if (typeof nonce !== 'string' || nonce.length > 100) return undefined;
    const parts = nonce.split('.');
    if (parts.length !== 3 || !/^[0-9a-z]{1,12}$/.test(parts[0]) || !/^[A-Za-z0-9_-]{22}$/.test(parts[1])) return undefined;
    if (!constantTimeEqual(parts[2], this.signature(userId, parts[0], parts[1]))) return undefined;
    const at = parseInt(parts[0], 36);
    const now = this.deps.clock.now();
    return at > now + CLOCK_SKEW_MS || at + FORM_NONCE_TTL_MS <= now ? undefined : at;
  }

  /**
   * Runs `create` once per nonce: the first send claims the nonce and creates (the claim is
   * given back when `create` throws, so a refused form can be corrected and sent again); any
   * other send of the same nonce creates nothing.
   */
  async once<T>(userId: string, purpose: FormNoncePurpose, nonce: unknown, create: () => Promise<{ ref: string; result: T }>): Promise<FormOnce<T>> {
    const issuedAt = this.issuedAt(userId, nonce);
    if (issuedAt === undefined) return { kind: 'invalid' };
    const hash = keyedHash(this.deps.config.secretKey, CLAIM_PURPOSE, nonce as string);
    const claimed = await this.repo.claim(hash, { userId, purpose, createdAt: this.deps.clock.now(), expiresAt: issuedAt + FORM_NONCE_TTL_MS });
    if (!claimed) {
      const prior = await this.repo.find(hash);
      return { kind: 'repeat', purpose: prior?.purpose ?? purpose, createdRef: prior?.createdRef ?? null };
    }
    let created: { ref: string; result: T };
    try {
      created = await create();
    } catch (err) {
      await this.repo.release(hash);
      throw err;
    }
    await this.repo.settle(hash, created.ref);
    return { kind: 'created', result: created.result };
  }
}
