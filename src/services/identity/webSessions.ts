import { keyedHash, randomToken } from '../../lib/crypto.js';
import { type WebSessionsRepository } from '../../repositories/webSessions.js';
import type { UserRow } from '../../repositories/users.js';
import type { ServiceDeps } from '../context.js';
import { type UsersRepository } from '../../repositories/users.js';

export const SESSION_COOKIE = 'marquee_session';
const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
/** A session's "last seen" moves on at most this often (one write per session per interval, not per request). */
export const LAST_SEEN_INTERVAL_MS = 5 * 60 * 1000;

/** A signed-in browser as the account page lists it. */
export interface SessionSummary {
  /** A stable, non-secret reference (a prefix of the stored hash). */
  ref: string;
  createdAt: number;
  lastSeenAt: number;
  browser: string | null;
  /** The session of the request that asks. */
  current: boolean;
}

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** "Firefox on Linux" from a User-Agent header, or null when neither part is known (the header itself is not kept). */
export function describeBrowser(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? null;
}

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

  /** The hash a cookie value is stored under (to name the current session to the account's own operations). */
  hashOf(value: string): string {
    return this.hash(value);
  }

  async start(userId: string, userAgent?: string): Promise<{ value: string; expiresAt: number }> {
    const now = this.deps.clock.now();
    const value = randomToken(32);
    const expiresAt = now + SESSION_TTL_MS;
    await this.repo.insert({ idHash: this.hash(value), userId, createdAt: now, expiresAt, lastSeenAt: now, browser: describeBrowser(userAgent) });
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

  /** The signed-in user of a web page; notes the session's use (at most every LAST_SEEN_INTERVAL_MS). */
  async resolve(value: string | undefined): Promise<UserRow | undefined> {
    return (await this.resolveForPage(value))?.user;
  }

  /** `resolve`, with the session's reference (its own rate-limit bucket, as a credential's). */
  async resolveForPage(value: string | undefined): Promise<{ user: UserRow; ref: string } | undefined> {
    if (!value || value.length > 100) return undefined;
    const idHash = this.hash(value);
    const now = this.deps.clock.now();
    const session = await this.repo.findLive(idHash, now);
    if (!session) return undefined;
    if (now - (session.lastSeenAt ?? session.createdAt) >= LAST_SEEN_INTERVAL_MS) await this.repo.touch(idHash, now);
    const user = await this.users.findById(session.userId);
    return user ? { user, ref: `ses_${idHash.slice(0, 16)}` } : undefined;
  }

  /** The user's signed-in browsers, the most recently used first; `currentValue` marks the asking one. */
  async list(userId: string, currentValue: string | undefined): Promise<SessionSummary[]> {
    const current = currentValue ? this.hash(currentValue) : undefined;
    const rows = await this.repo.listLive(userId, this.deps.clock.now());
    return rows.map((r) => ({ ref: `ses_${r.idHash.slice(0, 16)}`, createdAt: r.createdAt, lastSeenAt: r.lastSeenAt ?? r.createdAt, browser: r.browser ?? null, current: r.idHash === current }));
  }

  /** Signs the user out of every browser (this one too); returns how many sessions ended. */
  endAll(userId: string): Promise<number> {
    return this.repo.deleteForUser(userId);
  }

  async end(value: string | undefined): Promise<void> {
    if (value) await this.repo.delete(this.hash(value));
  }
}
