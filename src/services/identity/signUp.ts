import { keyedHash, newId } from '../../lib/crypto.js';
import { errorFields, logEvent } from '../../lib/eventLog.js';
import type { SignUpPolicy } from '../../config.js';
import { DuplicateKeyError } from '../../repositories/index.js';
import type { UserRow } from '../../repositories/users.js';
import type { AuditService } from '../audit.js';
import type { ServiceDeps } from '../context.js';
import { AppError } from '../errors.js';
import type { RateLimits } from '../ratelimit/rateLimits.js';
import { cleanText } from '../sanitize.js';
import type { AccountEmailService } from './accountEmail.js';
import { hashAccountToken, newAccountToken, wellFormedAccountToken } from './accountTokens.js';
import { PasswordHasher } from './passwords.js';
import { EMAIL, normalizeEmail } from './users.js';
import { displayNameProblem, newPasswordProblem } from './accountSettings.js';

/** How long an invite link works unless the operator says otherwise. */
export const INVITE_DEFAULT_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** The longest an invite may be made to last. */
export const INVITE_MAX_TTL_MS = 90 * 24 * 60 * 60 * 1000;
const EMAIL_MAX = 320;

export type SignUpField = 'email' | 'displayName' | 'password' | 'confirm';

export interface SignUpInput {
  email: unknown;
  displayName: unknown;
  password: unknown;
  confirm: unknown;
  invite?: unknown;
}

export type SignUpOutcome =
  /** SIGNUP=closed: the operator makes every account. */
  | { kind: 'closed' }
  /** SIGNUP=invite and no live invite came with the form (none, used, expired or forged). */
  | { kind: 'invite_required' }
  /** The form's own checks failed: a message per field (nothing was counted or looked up). */
  | { kind: 'invalid'; errors: Partial<Record<SignUpField, string>> }
  /** Too many sign-ups in a bucket this one belongs to. */
  | { kind: 'refused'; retryAfterSeconds: number }
  /**
   * Accepted: the same answer whether or not the address has an account. The account (or, for
   * an address that has one, a note to its owner) is made after the answer.
   */
  | { kind: 'accepted'; email: string };

/**
 * Self-service sign-up (the SIGNUP policy: open, invite or closed). A sign-up that passes the
 * form's checks, the rate limits and (under `invite`) claims its single-use invite is answered
 * at once, the same way whether or not an account has the address: the lookup, the password
 * hash, the new unconfirmed account and its confirmation link, or for an address that has an
 * account a note to its owner ("someone tried to sign up with your address"), run from the next
 * turn of the event loop, after the answer is written, as password-reset requests do
 * (AccountEmailService.requestPasswordReset). Both branches hash the password once, so they cost
 * the same work. A new account cannot sign in with its password until its address is confirmed
 * (SignInService), so signing in after a sign-up tells nothing about which addresses have accounts.
 */
export class SignUpService {
  private readonly hasher: PasswordHasher;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly deps: ServiceDeps,
    private readonly audit: AuditService,
    private readonly accountEmail: AccountEmailService,
    private readonly rateLimits: RateLimits,
  ) {
    this.hasher = new PasswordHasher(deps.config.passwordHash);
  }

  get policy(): SignUpPolicy {
    return this.deps.config.signUp;
  }

  /** Whether a sign-up form may be shown and sent: open, or invite with a live invite. */
  async mayShowForm(invite: unknown): Promise<boolean> {
    if (this.policy === 'open') return true;
    if (this.policy === 'closed') return false;
    return this.inviteIsLive(invite);
  }

  /** Whether `token` is a live invite (the page shows the form only then); consumes nothing. */
  async inviteIsLive(token: unknown): Promise<boolean> {
    if (!wellFormedAccountToken(token)) return false;
    return !!(await this.deps.repos.signupInvites.findLive(hashAccountToken(token), this.deps.clock.now()));
  }

  /** The operator makes a single-use invite; its value (the link's token) is returned once and stored only hashed. */
  async createInvite(ttlMs = INVITE_DEFAULT_TTL_MS): Promise<{ id: string; url: string; expiresAt: string }> {
    if (!Number.isInteger(ttlMs) || ttlMs <= 0 || ttlMs > INVITE_MAX_TTL_MS) {
      throw new AppError(400, '/problems/validation-failed', 'Invalid expiry', { code: 'VALIDATION_FAILED', detail: 'An invite lasts from one hour to 90 days.' });
    }
    const { value, hash } = newAccountToken();
    const now = this.deps.clock.now();
    const id = newId('inv');
    await this.deps.repos.withTransaction(async (repos) => {
      await repos.signupInvites.insert({ id, tokenHash: hash, createdAt: now, expiresAt: now + ttlMs, usedAt: null });
      await this.audit.recordIn(repos, { action: 'account.signup_invite.create', result: 'issued', actorKind: 'operator', resourceType: 'signup_invite', resourceId: id, metadata: { expiresAt: now + ttlMs } });
    });
    return { id, url: `${this.deps.config.publicBaseUrl}/signup?invite=${value}`, expiresAt: new Date(now + ttlMs).toISOString() };
  }

  /**
   * A sign-up. `network` is the caller's network reference, or undefined when the deployment
   * cannot tell clients apart (CLIENT_IP_HEADER=none): then only the address's and the
   * deployment's buckets apply.
   */
  async signUp(input: SignUpInput, networkRef: string, network: string | undefined): Promise<SignUpOutcome> {
    if (this.policy === 'closed') return { kind: 'closed' };
    // A value that cannot be an invite is refused without a query or a count.
    if (this.policy === 'invite' && !wellFormedAccountToken(input.invite)) return { kind: 'invite_required' };
    const checked = checkSignUpFields(input);
    if ('errors' in checked) return { kind: 'invalid', errors: checked.errors };
    const { email, displayName, password } = checked;

    const keys = [`addr:${keyedHash(this.deps.config.secretKey, 'sign-up', email).slice(0, 32)}`, ...(network === undefined ? [] : [`net:${network}`]), 'all'];
    const wait = await this.rateLimits.consumeSignUp(keys);
    if (wait > 0) return { kind: 'refused', retryAfterSeconds: wait };

    let inviteId: string | undefined;
    if (this.policy === 'invite') {
      const claimed = await this.deps.repos.signupInvites.claim(hashAccountToken(input.invite as string), this.deps.clock.now());
      if (!claimed) return { kind: 'invite_required' };
      inviteId = claimed.id;
    }
    this.afterAnswer(() => this.complete(email, displayName, password, networkRef, inviteId));
    return { kind: 'accepted', email };
  }

  /** Resolves when every sign-up finished in the background has finished (shutdown, tests). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
    await this.accountEmail.settled();
  }

  private afterAnswer(work: () => Promise<void>): void {
    const running = (async () => {
      // Not in the caller's turn: on the embedded SQLite the queries run synchronously, so
      // started now they would run before the answer's bytes leave.
      await new Promise<void>((resolve) => setImmediate(resolve));
      await work();
    })().catch((err: unknown) => {
      // A failed delivery was logged by the mailer's caller; anything else is named here (never the address).
      if (!(err instanceof AppError)) logEvent('error', 'sign_up_failed', errorFields(err));
    });
    this.inFlight.add(running);
    void running.finally(() => this.inFlight.delete(running));
  }

  private async complete(email: string, displayName: string, password: string, networkRef: string, inviteId: string | undefined): Promise<void> {
    const passwordHash = await this.hasher.hash(password);
    const existing = await this.deps.repos.users.findByEmail(email);
    if (existing) return this.existingAccount(existing, networkRef, inviteId);
    const now = this.deps.clock.now();
    const user: UserRow = {
      id: newId('usr'),
      email,
      displayName,
      passwordHash,
      emailVerifiedAt: null,
      timeApiGrantedAt: null,
      retentionDefault: true,
      timeDailyAllowance: null,
      timeMonthlyAllowance: null,
      createdAt: now,
      updatedAt: now,
      origin: 'signup',
    };
    try {
      await this.deps.repos.withTransaction(async (repos) => {
        await repos.users.insert(user);
        await this.audit.recordIn(repos, {
          action: 'account.signup',
          result: 'created',
          actor: { networkRef },
          actorKind: 'anonymous',
          ownerRef: user.id,
          resourceType: 'user',
          resourceId: user.id,
          metadata: { policy: this.policy, ...(inviteId ? { inviteId } : {}) },
        });
      });
    } catch (err) {
      // The same address signed up twice at once: the second is an attempt on an existing account.
      if (err instanceof DuplicateKeyError) {
        const winner = await this.deps.repos.users.findByEmail(email);
        if (winner) return this.existingAccount(winner, networkRef, inviteId);
      }
      throw err;
    }
    await this.accountEmail.sendVerification(user.id, { kind: 'anonymous', networkRef });
  }

  private async existingAccount(user: UserRow, networkRef: string, inviteId: string | undefined): Promise<void> {
    await this.audit.record({
      action: 'account.signup',
      result: 'existing_account',
      actor: { networkRef },
      actorKind: 'anonymous',
      ownerRef: user.id,
      resourceType: 'user',
      resourceId: user.id,
      metadata: { policy: this.policy, ...(inviteId ? { inviteId } : {}) },
    });
    await this.accountEmail.notifySignUpAttempt(user);
  }
}

/** The sign-up form's own checks: each field's message, or the clean values. */
export function checkSignUpFields(input: SignUpInput): { errors: Partial<Record<SignUpField, string>> } | { email: string; displayName: string; password: string } {
  const errors: Partial<Record<SignUpField, string>> = {};
  const rawEmail = typeof input.email === 'string' ? input.email : '';
  const email = normalizeEmail(rawEmail);
  if (!email) errors.email = 'Enter your e-mail address.';
  else if (email.length > EMAIL_MAX || !EMAIL.test(email) || cleanText(email).problem) errors.email = 'Enter an e-mail address like name@example.org.';
  const name = displayNameProblem(input.displayName);
  if ('problem' in name) errors.displayName = name.problem;
  const password = newPasswordProblem(input.password, input.confirm);
  if (password) errors[password.field] = password.problem;
  if (Object.keys(errors).length || 'problem' in name) return { errors };
  return { email, displayName: name.name, password: input.password as string };
}
