import { keyedHash, newId } from '../../lib/crypto.js';
import type { AccountEmailTokenPurpose } from '../../repositories/accountEmailTokens.js';
import type { Repositories } from '../../repositories/index.js';
import type { UserRow } from '../../repositories/users.js';
import type { AuditService } from '../audit.js';
import type { ServiceDeps } from '../context.js';
import { AppError, problems } from '../errors.js';
import { ACCOUNT_TOKEN_TTL_MS, hashAccountToken, newAccountToken, wellFormedAccountToken } from './accountTokens.js';
import type { Mailer, MailMessage, MailReceipt } from './mailer.js';
import { PasswordHasher } from './passwords.js';
import { checkNewPassword, normalizeEmail } from './users.js';
import { errorFields, logEvent } from '../../lib/eventLog.js';

/** Who asked for a link or used one, for the audit record. */
export type AccountEmailChannel = { kind: 'web_session' | 'anonymous'; networkRef: string } | { kind: 'operator' };

const invalidLink = () =>
  new AppError(400, '/problems/invalid-link', 'Invalid or expired link', {
    code: 'LINK_INVALID',
    detail: 'This link is not valid: it was already used, has expired, or was replaced by a newer one. Ask for a new link.',
  });

/**
 * Claims a live link of `purpose` (once: the claim is atomic) and its account. A link confirms the
 * address it was sent to, not whatever the account holds now.
 */
async function claimLink(repos: Repositories, hash: string, purpose: AccountEmailTokenPurpose, now: number) {
  const claimed = await repos.accountEmailTokens.claim(hash, purpose, now);
  const user = claimed ? await repos.users.findById(claimed.userId) : undefined;
  if (!claimed || !user || user.email !== claimed.email) throw invalidLink();
  return { claimed, user };
}

const mailUnavailable = () =>
  new AppError(503, '/problems/service-unavailable', 'Mail unavailable', {
    code: 'SERVICE_UNAVAILABLE',
    detail: 'The message could not be sent just now. Try again in a few minutes.',
    retryAfterSeconds: 60,
  });

/**
 * E-mail verification and password reset by link (decisions §6). Each link carries a random
 * single-use token; only its SHA-256 is stored. Using a link claims the token atomically inside
 * the unit of work that applies it and writes its audit record.
 */
export class AccountEmailService {
  private readonly hasher: PasswordHasher;
  /** Deliveries started by requests that answer before the mail is sent (forgot-password). */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly deps: ServiceDeps,
    private readonly audit: AuditService,
    readonly mailer: Mailer,
  ) {
    this.hasher = new PasswordHasher(deps.config.passwordHash);
  }

  /**
   * Sends a verification link to the user's address (a signed-in user asking, or the operator).
   * An already verified address gets no message.
   */
  async sendVerification(userId: string, channel: AccountEmailChannel): Promise<{ sent: false } | { sent: true; receipt: MailReceipt }> {
    const user = await this.deps.repos.users.findById(userId);
    if (!user) throw problems.notFound('No such user.');
    if (user.emailVerifiedAt !== null) return { sent: false };
    const token = await this.issue(user, 'verify_email', channel);
    return { sent: true, receipt: await this.deliver(this.verificationMessage(user, token)) };
  }

  /**
   * A password-reset request for `email`. It returns at once, the same way whether or not an
   * account exists: the lookup, the new link and the delivery run afterwards (from the next turn
   * of the event loop, once the caller's answer is written), so neither the answer nor its
   * timing tells the two apart. That work can still hold up the next request the process
   * serves, so an address without an account costs the same work: a unit of work of the same
   * statements (its audit record instead of a link) and the reset message composed for a link
   * that was never stored, then dropped: nothing is stored or sent for it. Failures go to the
   * event log. `settled()` waits for them.
   */
  requestPasswordReset(email: string, networkRef: string): void {
    const work = (async () => {
      // Not in the caller's turn: on the embedded SQLite the queries run synchronously, so
      // started now they would run before the answer's bytes leave (Node writes a response on
      // the next tick), and a known address would answer later than an unknown one.
      await new Promise<void>((resolve) => setImmediate(resolve));
      const address = normalizeEmail(email);
      const user = await this.deps.repos.users.findByEmail(address);
      if (user) {
        const token = await this.issue(user, 'reset_password', { kind: 'anonymous', networkRef });
        await this.deliver(this.resetMessage(user, token));
      } else {
        await this.recordNoAccount(address, networkRef);
        await this.mailer.render(this.resetMessage({ email: address, displayName: address.split('@')[0] }, newAccountToken().value));
      }
    })().catch((err: unknown) => {
      // deliver() logged its own failure; anything else is named here (never the address or link).
      if (!(err instanceof AppError)) logEvent('error', 'password_reset_request_failed', errorFields(err));
    });
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  /** Whether `token` is a live link of `purpose` (pages show the form only then); consumes nothing. */
  async isLive(purpose: AccountEmailTokenPurpose, token: unknown): Promise<boolean> {
    if (!wellFormedAccountToken(token)) return false;
    return !!(await this.deps.repos.accountEmailTokens.findLive(hashAccountToken(token), purpose, this.deps.clock.now()));
  }

  /** Uses a verification link: the address it was sent to becomes verified. */
  async verifyEmail(token: unknown, networkRef: string): Promise<{ userId: string }> {
    if (!wellFormedAccountToken(token)) throw invalidLink();
    const hash = hashAccountToken(token);
    return this.deps.repos.withTransaction(async (repos) => {
      const now = this.deps.clock.now();
      const { claimed, user } = await claimLink(repos, hash, 'verify_email', now);
      if (user.emailVerifiedAt === null) await repos.users.update(user.id, { emailVerifiedAt: now }, now);
      await this.recordUse(repos, 'account.verify_email.confirm', networkRef, user.id, { tokenId: claimed.id });
      return { userId: user.id };
    });
  }

  /**
   * Uses a reset link: sets the new password (the same rule as everywhere), ends every web
   * session of the account and removes its other reset links. Personal API tokens and OAuth
   * grants are separate credentials and stay; the user revokes them on the developer page.
   * Receiving the link proves the address, so an unverified one becomes verified.
   */
  async resetPassword(token: unknown, newPassword: string, networkRef: string): Promise<{ userId: string; sessionsEnded: number }> {
    if (!wellFormedAccountToken(token)) throw invalidLink();
    checkNewPassword(newPassword);
    const hash = hashAccountToken(token);
    // Checked before the memory-hard hash, so forged links cost no hashing work.
    if (!(await this.deps.repos.accountEmailTokens.findLive(hash, 'reset_password', this.deps.clock.now()))) throw invalidLink();
    const passwordHash = await this.hasher.hash(newPassword);
    return this.deps.repos.withTransaction(async (repos) => {
      const now = this.deps.clock.now();
      const { claimed, user } = await claimLink(repos, hash, 'reset_password', now);
      await repos.users.update(user.id, { passwordHash, ...(user.emailVerifiedAt === null ? { emailVerifiedAt: now } : {}) }, now);
      const sessionsEnded = await repos.webSessions.deleteForUser(user.id);
      await repos.accountEmailTokens.deleteUnused(user.id, 'reset_password');
      await this.recordUse(repos, 'account.reset_password.confirm', networkRef, user.id, { tokenId: claimed.id, sessionsEnded });
      return { userId: user.id, sessionsEnded };
    });
  }

  /**
   * A signed-in user asks to move the account to `newAddress` (their password already checked):
   * a link goes to the new address, and the account keeps its address until that link is used.
   * When another account has the new address nothing is sent, and the caller answers the same
   * (the page says a link is on its way either way), so the form tells nothing about accounts.
   */
  async requestEmailChange(userId: string, newAddress: string, networkRef: string): Promise<void> {
    const user = await this.deps.repos.users.findById(userId);
    if (!user) throw problems.notFound('No such user.');
    const address = normalizeEmail(newAddress);
    const holder = await this.deps.repos.users.findByEmail(address);
    if (holder) {
      await this.audit.record({ action: 'account.change_email.requested', result: 'address_in_use', actor: { networkRef }, actorKind: 'web_session', ownerRef: user.id, resourceType: 'user', resourceId: user.id });
      return;
    }
    const token = await this.issue(user, 'change_email', { kind: 'web_session', networkRef }, address);
    await this.deliver({
      to: address,
      subject: 'Confirm your new e-mail address for Marquee',
      text: `Hello ${user.displayName},

You asked to use ${address} for your Marquee account instead of ${user.email}. Confirm it by
opening this link within 24 hours (it works once):

${this.link('/confirm-email-change', token)}

Until then the account keeps its old address. If you did not ask for this, ignore this message.
`,
    });
  }

  /**
   * Uses an address-change link: the address it was sent to replaces the account's, confirmed,
   * unless another account took it meanwhile. The old address is told afterwards.
   */
  async confirmEmailChange(token: unknown, networkRef: string): Promise<{ userId: string; email: string }> {
    if (!wellFormedAccountToken(token)) throw invalidLink();
    const hash = hashAccountToken(token);
    const { user, previous, address } = await this.deps.repos.withTransaction(async (repos) => {
      const now = this.deps.clock.now();
      const claimed = await repos.accountEmailTokens.claim(hash, 'change_email', now);
      const user = claimed ? await repos.users.findById(claimed.userId) : undefined;
      if (!claimed || !user) throw invalidLink();
      if (await repos.users.findByEmail(claimed.email)) {
        throw new AppError(409, '/problems/conflict', 'Address in use', { code: 'ADDRESS_IN_USE', detail: 'That address is used by another account now. Your account keeps its address.' });
      }
      await repos.users.update(user.id, { email: claimed.email, emailVerifiedAt: now }, now);
      // Links sent to the old address stop working.
      for (const purpose of ['verify_email', 'reset_password', 'change_email'] as const) await repos.accountEmailTokens.deleteUnused(user.id, purpose);
      await this.recordUse(repos, 'account.change_email.confirm', networkRef, user.id, { tokenId: claimed.id });
      return { user, previous: user.email, address: claimed.email };
    });
    await this.deliver({
      to: previous,
      subject: 'Your Marquee e-mail address was changed',
      text: `Hello ${user.displayName},

The Marquee account that used ${previous} now uses ${address}. Sign-in, password resets and
account messages go to the new address from now on.

If you did not make this change, write to the operator of ${this.deps.config.publicBaseUrl} at once.
`,
    }).catch(() => undefined);
    return { userId: user.id, email: address };
  }

  /**
   * Someone signed up with the address of an existing account: its owner is told, with the ways
   * in (sign in, or reset the password), instead of the sign-up page saying the address is taken.
   */
  async notifySignUpAttempt(user: UserRow): Promise<MailReceipt> {
    return this.deliver({
      to: user.email,
      subject: 'Someone tried to create a Marquee account with your address',
      text: `Hello ${user.displayName},

Someone just tried to create a new Marquee account with ${user.email}. That address already
has an account, so no new account was made and nothing about yours changed.

If it was you, sign in instead:

${this.deps.config.publicBaseUrl}/login

Forgot your password? Choose a new one here:

${this.deps.config.publicBaseUrl}/forgot-password

If it was not you, ignore this message.
`,
    });
  }

  /** Resolves when every delivery started in the background has finished (shutdown, tests). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  /** The audit record of a used link, in the unit of work that applied it. */
  private recordUse(repos: Repositories, action: string, networkRef: string, userId: string, metadata: Record<string, unknown>): Promise<void> {
    return this.audit.recordIn(repos, { action, result: 'accepted', actor: { networkRef }, actorKind: 'email_link', ownerRef: userId, resourceType: 'user', resourceId: userId, metadata });
  }

  /** Stores a new link of `purpose` (older unused ones of the user stop working) with its audit record. */
  private async issue(user: UserRow, purpose: AccountEmailTokenPurpose, channel: AccountEmailChannel, address = user.email): Promise<string> {
    const { value, hash } = newAccountToken();
    const now = this.deps.clock.now();
    const id = newId('aet');
    await this.deps.repos.withTransaction(async (repos) => {
      await repos.accountEmailTokens.deleteUnused(user.id, purpose);
      await repos.accountEmailTokens.insert({ id, userId: user.id, purpose, tokenHash: hash, email: address, createdAt: now, expiresAt: now + ACCOUNT_TOKEN_TTL_MS[purpose], usedAt: null });
      await this.audit.recordIn(repos, {
        action: purpose === 'verify_email' ? 'account.verify_email.link' : purpose === 'change_email' ? 'account.change_email.link' : 'account.reset_password.link',
        result: 'issued',
        actor: channel.kind === 'operator' ? undefined : { networkRef: channel.networkRef },
        actorKind: channel.kind,
        ownerRef: user.id,
        resourceType: 'user',
        resourceId: user.id,
        metadata: { tokenId: id, expiresAt: now + ACCOUNT_TOKEN_TTL_MS[purpose], delivery: this.mailer.kind },
      });
    });
    return value;
  }

  /**
   * A reset request for an address without an account: its audit record (for abuse monitoring;
   * the address only as a keyed hash), in a unit of work of the same statements as issue()'s,
   * on rows that do not exist: the same unused-link removal for an id no account has, and a
   * read of the table by a fresh link's hash where issue() stores one (a stored link needs an
   * account to belong to).
   */
  private async recordNoAccount(address: string, networkRef: string): Promise<void> {
    const { hash } = newAccountToken();
    const now = this.deps.clock.now();
    await this.deps.repos.withTransaction(async (repos) => {
      await repos.accountEmailTokens.deleteUnused(newId('usr'), 'reset_password');
      await repos.accountEmailTokens.findLive(hash, 'reset_password', now);
      await this.audit.recordIn(repos, {
        action: 'account.reset_password.requested',
        result: 'no_account',
        actor: { networkRef },
        actorKind: 'anonymous',
        metadata: { addressRef: keyedHash(this.deps.config.secretKey, 'account-address', address).slice(0, 32), delivery: 'none' },
      });
    });
  }

  private async deliver(message: MailMessage): Promise<MailReceipt> {
    try {
      return await this.mailer.send(message);
    } catch (err) {
      // The message (and its link) is not logged; the transport's reason is.
      logEvent('error', 'mail_not_sent', { subject: message.subject, ...errorFields(err) });
      throw mailUnavailable();
    }
  }

  private link(path: string, token: string): string {
    return `${this.deps.config.publicBaseUrl}${path}?token=${token}`;
  }

  private verificationMessage(user: UserRow, token: string): MailMessage {
    return {
      to: user.email,
      subject: 'Confirm your e-mail address for Marquee',
      text: `Hello ${user.displayName},

Confirm that ${user.email} is your address on Marquee by opening this link within 24 hours:

${this.link('/verify-email', token)}

The page asks you to confirm with one button. If you did not expect this message, ignore it.
`,
    };
  }

  private resetMessage(user: Pick<UserRow, 'email' | 'displayName'>, token: string): MailMessage {
    return {
      to: user.email,
      subject: 'Reset your Marquee password',
      text: `Hello ${user.displayName},

Someone asked to reset the password of the Marquee account ${user.email}. To choose a new
password, open this link within 1 hour (it works once):

${this.link('/reset-password', token)}

Setting a new password signs out every browser signed in to the account. Personal API tokens
keep working: revoke them on the developer page if you think they were exposed.

If you did not ask for this, ignore this message: your password stays as it is.
`,
    };
  }
}
