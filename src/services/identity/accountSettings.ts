import type { UserRow } from '../../repositories/users.js';
import type { AuditService } from '../audit.js';
import type { ServiceDeps } from '../context.js';
import { cleanText } from '../sanitize.js';
import { PasswordHasher } from './passwords.js';
import { PASSWORD_MIN_LENGTH } from './users.js';

export const DISPLAY_NAME_MAX = 80;

/** Why a display name cannot be used, or undefined (the sign-up form's rule too). */
export function displayNameProblem(value: unknown): { problem: string } | { name: string } {
  const name = cleanText(value);
  if (name.problem) return { problem: 'Use letters, digits and punctuation only (no control characters).' };
  if (!name.value) return { problem: 'Enter the name others will see.' };
  if ([...name.value].length > DISPLAY_NAME_MAX) return { problem: `Use at most ${DISPLAY_NAME_MAX} characters.` };
  return { name: name.value };
}

/** Why a new password cannot be used, or undefined. */
export function newPasswordProblem(password: unknown, confirm: unknown): { field: 'password' | 'confirm'; problem: string } | undefined {
  if (typeof password !== 'string' || password.length < PASSWORD_MIN_LENGTH) return { field: 'password', problem: `Use at least ${PASSWORD_MIN_LENGTH} characters.` };
  if (confirm !== password) return { field: 'confirm', problem: 'The two passwords differ.' };
  return undefined;
}

/**
 * A signed-in user's own settings on the account page: the display name, and a new password
 * (the current one checked by the caller through SignInService.confirmPassword) which signs every
 * other browser out.
 */
export class AccountSettingsService {
  private readonly hasher: PasswordHasher;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly audit: AuditService,
  ) {
    this.hasher = new PasswordHasher(deps.config.passwordHash);
  }

  async setDisplayName(user: UserRow, displayName: string, networkRef: string): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.repos.withTransaction(async (repos) => {
      await repos.users.update(user.id, { displayName }, now);
      await this.audit.recordIn(repos, { action: 'account.display_name.change', result: 'accepted', actor: { networkRef }, actorKind: 'web_session', ownerRef: user.id, resourceType: 'user', resourceId: user.id });
    });
  }

  /** Sets the new password and ends every web session of the account but `keepSessionHash`; returns how many ended. */
  async changePassword(user: UserRow, newPassword: string, keepSessionHash: string, networkRef: string): Promise<number> {
    const passwordHash = await this.hasher.hash(newPassword);
    const now = this.deps.clock.now();
    return this.deps.repos.withTransaction(async (repos) => {
      await repos.users.update(user.id, { passwordHash }, now);
      const ended = await repos.webSessions.deleteForUser(user.id, keepSessionHash);
      await repos.accountEmailTokens.deleteUnused(user.id, 'reset_password');
      await this.audit.recordIn(repos, { action: 'account.password.change', result: 'accepted', actor: { networkRef }, actorKind: 'web_session', ownerRef: user.id, resourceType: 'user', resourceId: user.id, metadata: { sessionsEnded: ended } });
      return ended;
    });
  }

  /**
   * Deletes the account (its password checked by the caller). Its web sessions, personal tokens,
   * OAuth applications, OAuth grants and access tokens, drafts and pending links end with it;
   * what it published stays public, attributed to no account (a former contributor), and only
   * the operator can change or retract it from then on. The audit trail keeps the account's id.
   */
  async deleteAccount(user: UserRow, networkRef: string): Promise<{ sessions: number; oauthAccessTokens: number }> {
    const now = this.deps.clock.now();
    return this.deps.repos.withTransaction(async (repos) => {
      await repos.users.lockForUpdate(user.id);
      const sessions = await repos.webSessions.deleteForUser(user.id);
      const oauthAccessTokens = await repos.oauthIssuer.revokeAccount(user.id, now);
      await repos.users.delete(user.id);
      await this.audit.recordIn(repos, {
        action: 'account.delete',
        result: 'accepted',
        actor: { networkRef },
        actorKind: 'web_session',
        ownerRef: user.id,
        resourceType: 'user',
        resourceId: user.id,
        metadata: { sessions, oauthAccessTokens },
      });
      return { sessions, oauthAccessTokens };
    });
  }
}
