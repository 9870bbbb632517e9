import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract, type RateLimiterRes } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { systemClock, type Clock } from '../../lib/clock.js';
import { routeClasses, type RouteClass } from '../../generated/contract.js';
import { limitFor, WINDOW_MS, type QuotaTier } from './policy.js';
import { AppError } from '../errors.js';

/** Contract 8.3 rule 8: when the counter store cannot answer, refuse (fail closed). */
const storeUnavailable = () =>
  new AppError(503, '/problems/service-unavailable', 'Service unavailable', {
    detail: 'Rate limiting is temporarily unavailable; the request was not processed.',
    code: 'SERVICE_UNAVAILABLE',
    retryAfterSeconds: 5,
  });

async function fromStore<T>(op: Promise<T>): Promise<T> {
  try {
    return await op;
  } catch (err) {
    if (err instanceof Error) throw storeUnavailable();
    throw err;
  }
}

export interface RateLimitIdentity {
  /** `ip:<networkRef>`, `pat:<tokenId>` … (contract 8.3 rule 2). */
  key: string;
  tier: QuotaTier;
  /** Aggregate buckets count at a multiple of the class's quota (contract 8.3 rules 2, 3). */
  multiplier?: number;
}

export interface RateLimitWindow {
  routeClass: RouteClass;
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Epoch ms when the window resets. */
  resetAt: number;
  retryAfterSeconds: number;
  windowMs: number;
  /** True for the first refused request of this identity's window (audited once, not per request). */
  firstRefusal: boolean;
}

// Counters never refuse by themselves: the tier's limit is applied on top, so one counter per
// class and identity serves both tiers and a promotion mid-window keeps the count.
const COUNTER_CEILING = 2 ** 31 - 1;

/**
 * Failed web sign-ins, counted in three buckets over the same 15-minute window (the shape of the
 * OWASP authentication cheat sheet's advice, as large identity providers apply it):
 * - one account from one network (keys `acctnet:…`): the tight bound on guessing one account's
 *   password; a guesser locks out only their own attempts at that account from their network;
 * - one account from every network (keys `acct:…`): five times that, so guesses spread over
 *   many networks are still bounded, while a guesser on one network cannot lock the owner out
 *   elsewhere;
 * - one network over every account (keys `net:…`): high, because a network holds many people
 *   (an office, a campus, a carrier NAT, or every client at once behind a proxy whose address
 *   header is not configured), and spraying one password over many accounts is still bounded.
 * A sign-in is refused while any bucket it belongs to is exhausted, even with the right password.
 */
export const SIGN_IN_ACCOUNT_NETWORK_FAILURES = { points: 10, durationSeconds: 15 * 60 };
export const SIGN_IN_ACCOUNT_FAILURES = { points: 50, durationSeconds: 15 * 60 };
export const SIGN_IN_NETWORK_FAILURES = { points: 1000, durationSeconds: 15 * 60 };
const SIGN_IN_BUCKETS = { acctnet: SIGN_IN_ACCOUNT_NETWORK_FAILURES, acct: SIGN_IN_ACCOUNT_FAILURES, net: SIGN_IN_NETWORK_FAILURES } as const;
type SignInBucket = keyof typeof SIGN_IN_BUCKETS;
const signInBucketOf = (key: string): SignInBucket => {
  const bucket = key.slice(0, key.indexOf(':'));
  if (!(bucket in SIGN_IN_BUCKETS)) throw new Error(`sign-in throttle key without a bucket: ${bucket}`);
  return bucket as SignInBucket;
};

/**
 * Account e-mail requests (password-reset and verification links) per address (keys `addr:…`)
 * and per network (keys `net:…`): bounds mail sent to one inbox and requests from one network.
 * Counted whether or not an account exists, so a refusal tells nothing about accounts.
 */
export const ACCOUNT_MAIL_PER_ADDRESS = { points: 3, durationSeconds: 15 * 60 };
export const ACCOUNT_MAIL_PER_NETWORK = { points: 30, durationSeconds: 15 * 60 };
const accountMailLimitOf = (key: string) => (key.startsWith('net:') ? ACCOUNT_MAIL_PER_NETWORK : ACCOUNT_MAIL_PER_ADDRESS);

/**
 * Sign-ups (the sign-up page's posts that pass the form's checks), over one hour: per address
 * asked for (keys `addr:…`, a keyed hash: bounds mail sent to one inbox), per network (keys
 * `net:…`: bounds one source of sign-ups) and over the whole deployment (key `all`: bounds a
 * spread-out wave of sign-ups and the mail it would send). Counted whether or not the address
 * has an account, so a refusal tells nothing about accounts.
 */
export const SIGN_UP_PER_ADDRESS = { points: 3, durationSeconds: 60 * 60 };
export const SIGN_UP_PER_NETWORK = { points: 10, durationSeconds: 60 * 60 };
export const SIGN_UP_GLOBAL = { points: 300, durationSeconds: 60 * 60 };
const signUpLimitOf = (key: string) => (key === 'all' ? SIGN_UP_GLOBAL : key.startsWith('net:') ? SIGN_UP_PER_NETWORK : SIGN_UP_PER_ADDRESS);

export class RateLimits {
  private readonly limiters = new Map<RouteClass, RateLimiterAbstract>();
  private readonly signInFailures = new Map<SignInBucket, RateLimiterAbstract>();
  private readonly accountMail: RateLimiterAbstract;
  private readonly signUps: RateLimiterAbstract;

  constructor(
    readonly store: { kind: 'memory' } | { kind: 'redis'; client: Redis },
    keyPrefix: string,
    private readonly scale = 1,
    /**
     * "Now" for the reset times a window reports (RateLimit-Reset, Retry-After). The counters'
     * own expiry stays with rate-limiter-flexible's store (Redis key expiry, or the memory
     * store's timers), which takes no clock.
     */
    private readonly clock: Clock = systemClock,
  ) {
    for (const routeClass of routeClasses) {
      const opts = { points: COUNTER_CEILING, duration: WINDOW_MS / 1000, keyPrefix: `${keyPrefix}:rl:${routeClass}` };
      this.limiters.set(
        routeClass,
        store.kind === 'redis' ? new RateLimiterRedis({ ...opts, storeClient: store.client }) : new RateLimiterMemory(opts),
      );
    }
    for (const [bucket, limit] of Object.entries(SIGN_IN_BUCKETS) as [SignInBucket, (typeof SIGN_IN_BUCKETS)[SignInBucket]][]) {
      const opts = { points: limit.points, duration: limit.durationSeconds, keyPrefix: `${keyPrefix}:signin-${bucket}` };
      this.signInFailures.set(bucket, store.kind === 'redis' ? new RateLimiterRedis({ ...opts, storeClient: store.client }) : new RateLimiterMemory(opts));
    }
    const mail = { points: COUNTER_CEILING, duration: ACCOUNT_MAIL_PER_ADDRESS.durationSeconds, keyPrefix: `${keyPrefix}:account-mail` };
    this.accountMail = store.kind === 'redis' ? new RateLimiterRedis({ ...mail, storeClient: store.client }) : new RateLimiterMemory(mail);
    const signUps = { points: COUNTER_CEILING, duration: SIGN_UP_PER_ADDRESS.durationSeconds, keyPrefix: `${keyPrefix}:signup` };
    this.signUps = store.kind === 'redis' ? new RateLimiterRedis({ ...signUps, storeClient: store.client }) : new RateLimiterMemory(signUps);
  }

  private signInLimiter(key: string): RateLimiterAbstract {
    return this.signInFailures.get(signInBucketOf(key))!;
  }

  /** "Now" as the windows report it (the injected clock). */
  now(): number {
    return this.clock.now();
  }

  /**
   * Counts one sign-in attempt against every bucket of `keys` (`acctnet:…`, `acct:…`, `net:…`)
   * before its password is checked, so parallel guesses cannot all slip in under a limit. When
   * any bucket is past its limit the attempt is taken back and the seconds to wait are returned
   * (a refused attempt counts nowhere: hammering a locked account does not fill its network's
   * bucket); otherwise 0, and the count stands as a failure unless `releaseSignIn` gives it back.
   */
  async reserveSignIn(keys: string[]): Promise<number> {
    let wait = 0;
    const counted: string[] = [];
    try {
      for (const key of keys) {
        const res = await fromStore(this.signInLimiter(key).penalty(key, 1));
        counted.push(key);
        if (res.consumedPoints > SIGN_IN_BUCKETS[signInBucketOf(key)].points) wait = Math.max(wait, Math.max(1, Math.ceil(res.msBeforeNext / 1000)));
      }
    } catch (err) {
      await this.releaseSignIn(counted).catch(() => undefined);
      throw err;
    }
    if (wait > 0) await this.releaseSignIn(keys);
    return wait;
  }

  /** Gives back an attempt `reserveSignIn` counted (the password was right, or the attempt was refused). */
  async releaseSignIn(keys: string[]): Promise<void> {
    for (const key of keys) await fromStore(this.signInLimiter(key).reward(key, 1));
  }

  /** Counts one account e-mail request against every key; seconds to wait when any is past its limit, else 0. */
  async consumeAccountMail(keys: string[]): Promise<number> {
    let wait = 0;
    for (const key of keys) {
      const res = await fromStore(this.accountMail.penalty(key, 1));
      if (res.consumedPoints > accountMailLimitOf(key).points) wait = Math.max(wait, Math.max(1, Math.ceil(res.msBeforeNext / 1000)));
    }
    return wait;
  }

  /**
   * Counts one sign-up against every key (`addr:…`, `net:…`, `all`); seconds to wait when any is
   * past its limit, else 0. A refused sign-up is taken back from every bucket, so retrying while
   * refused does not extend the wait or fill the deployment's bucket.
   */
  async consumeSignUp(keys: string[]): Promise<number> {
    let wait = 0;
    for (const key of keys) {
      const res = await fromStore(this.signUps.penalty(key, 1));
      if (res.consumedPoints > signUpLimitOf(key).points) wait = Math.max(wait, Math.max(1, Math.ceil(res.msBeforeNext / 1000)));
    }
    if (wait > 0) for (const key of keys) await fromStore(this.signUps.reward(key, 1));
    return wait;
  }

  private window(routeClass: RouteClass, identity: RateLimitIdentity, res: RateLimiterRes | null, now: number, points = 1): RateLimitWindow {
    const limit = limitFor(routeClass, identity.tier) * this.scale * (identity.multiplier ?? 1);
    const consumed = res?.consumedPoints ?? 0;
    const msLeft = res ? Math.max(res.msBeforeNext, 0) : WINDOW_MS;
    return {
      routeClass,
      allowed: consumed <= limit,
      limit,
      remaining: Math.max(limit - consumed, 0),
      resetAt: now + msLeft,
      retryAfterSeconds: Math.max(1, Math.ceil(msLeft / 1000)),
      windowMs: WINDOW_MS,
      // This count crossed the limit (one request: it is the limit's first excess).
      firstRefusal: consumed > limit && consumed - points <= limit,
    };
  }

  /**
   * Counts `points` requests at once (one request, or each message of a JSON-RPC batch);
   * `allowed` is false once the identity is past its limit.
   */
  async consume(routeClass: RouteClass, identity: RateLimitIdentity, points = 1): Promise<RateLimitWindow> {
    const res = await fromStore(this.limiters.get(routeClass)!.consume(identity.key, points));
    return this.window(routeClass, identity, res, this.clock.now(), points);
  }

  /** Hands back `points` counted for requests that were refused whole and never served. */
  async refund(routeClass: RouteClass, identity: RateLimitIdentity, points: number): Promise<void> {
    if (points > 0) await fromStore(this.limiters.get(routeClass)!.reward(identity.key, points));
  }

  /** Reads the window without counting (contract 8.3 rule 4 and caller introspection). */
  async inspect(routeClass: RouteClass, identity: RateLimitIdentity): Promise<RateLimitWindow> {
    const res = await fromStore(this.limiters.get(routeClass)!.get(identity.key));
    const w = this.window(routeClass, identity, res, this.clock.now());
    // A request that would exceed the limit is refused, so "full" already means refuse.
    return { ...w, allowed: (res?.consumedPoints ?? 0) < w.limit };
  }
}

/**
 * Counts `points` requests (default one) against every bucket of a caller (its own, then the
 * aggregates); the window reported is the first that refuses, else the one with the least room
 * left. A refused count keeps one point in each bucket it reached, as any refused request does;
 * the rest of a refused multi-point count is handed back (a batch too large for the window does
 * not use up the room a smaller one could still have), and the window reports the room left then.
 */
export async function consumeAll(
  limits: RateLimits,
  routeClass: RouteClass,
  identities: RateLimitIdentity[],
  points = 1,
  /** Points a refused count keeps: one, or none when the request already holds its point in this class. */
  keepOnRefusal: 0 | 1 = 1,
): Promise<{ window: RateLimitWindow; identity: RateLimitIdentity }> {
  let tightest: { window: RateLimitWindow; identity: RateLimitIdentity } | undefined;
  const reached: RateLimitIdentity[] = [];
  for (const identity of identities) {
    const window = await limits.consume(routeClass, identity, points);
    reached.push(identity);
    if (!window.allowed) {
      const handBack = points - keepOnRefusal;
      if (handBack === 0) return { window, identity };
      for (const counted of reached) await limits.refund(routeClass, counted, handBack);
      const after = await limits.inspect(routeClass, identity);
      return { window: { ...window, remaining: after.remaining }, identity };
    }
    if (!tightest || window.remaining < tightest.window.remaining) tightest = { window, identity };
  }
  return tightest!;
}

/**
 * Of two windows a request counted against, the one that binds (RateLimit header fields draft:
 * with several policies, describe the one with the least quota left): fewer remaining, and on a
 * tie the one that resets later, so `RateLimit-Reset` never promises room before it comes back.
 */
export function tighterWindow(a: RateLimitWindow, b: RateLimitWindow): RateLimitWindow {
  if (a.remaining !== b.remaining) return a.remaining < b.remaining ? a : b;
  return b.resetAt > a.resetAt ? b : a;
}

/** Hands back `points` of an admitted count in every bucket of a caller (see `consumeAll`). */
export async function refundAll(limits: RateLimits, routeClass: RouteClass, identities: RateLimitIdentity[], points: number): Promise<void> {
  for (const identity of identities) await limits.refund(routeClass, identity, points);
}

export function rateLimitHeaders(w: RateLimitWindow): Record<string, string> {
  return {
    'RateLimit-Limit': String(w.limit),
    'RateLimit-Remaining': String(w.remaining),
    'RateLimit-Reset': String(Math.ceil(w.resetAt / 1000)),
  };
}
