import { keyedHash, randomToken } from '../../lib/crypto.js';
import { type WebSessionsRepository } from '../../repositories/webSessions.js';
import type { UserRow } from '../../repositories/users.js';
import type { ServiceDeps } from '../context.js';
import { type UsersRepository } from '../../repositories/users.js';

export const SESSION_COOKIE = 'marquee_session';
const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** Web sign-in sessions: the cookie carries a random value, the database only its keyed hash. */
export class WebSessionsService {
  private readonly repo: WebSessionsRepository;
  private readonly users: UsersRepository;
  constructor(private readonly deps: ServiceDeps) {
    this.repo = deps.repos.webSessions;
    this.users = deps.repos.users;
  }

  private hash(value: string) {
    return keyedHash(this.deps.config.secretKey, 'web-session', value);
  }

  async start(userId: string): Promise<{ value: string; expiresAt: number }> {
    const now = this.deps.clock.now();
    const value = randomToken(32);
    const expiresAt = now + SESSION_TTL_MS;
    await this.repo.insert({ idHash: this.hash(value), userId, createdAt: now, expiresAt });
    return { value, expiresAt };
  }

  /** The signed-in user and a stable, non-secret reference to the session. */
  async resolveSession(value: string | undefined): Promise<{ user: UserRow; ref: string } | undefined> {
    if (!value || value.length > 100) return undefined;
    const idHash = this.hash(value);
    const session = await this.repo.findLive(idHash, this.deps.clock.now());
    const user = session ? await this.users.findById(session.userId) : undefined;
    return user ? { user, ref: `ses_${idHash.slice(0, 16)}` } : undefined;
  }

  async resolve(value: string | undefined): Promise<UserRow | undefined> {
    if (!value || value.length > 100) return undefined;
    const session = await this.repo.findLive(this.hash(value), this.deps.clock.now());
    return session ? this.users.findById(session.userId) : undefined;
  }

  async end(value: string | undefined): Promise<void> {
    if (value) await this.repo.delete(this.hash(value));
  }
}
