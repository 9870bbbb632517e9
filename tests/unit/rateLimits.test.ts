import { ManualClock } from '../../src/lib/clock.js';
import { RateLimits, SIGN_IN_ACCOUNT_NETWORK_FAILURES, SIGN_IN_NETWORK_FAILURES, consumeAll, rateLimitHeaders } from '../../src/services/ratelimit/rateLimits.js';
import { rateLimitIdentities } from '../../src/services/ratelimit/identity.js';
import { WINDOW_MS } from '../../src/services/ratelimit/policy.js';

const ROUTE = 'developer_credential_management' as const; // 30 a window for the standard tier
const LIMIT = 30;
const caller = { key: 'pat:tok_1', tier: 'standard' as const };

describe('rate-limit windows report time from the injected clock', () => {
  test('when a window fills, then its reset instant and headers are read from the injected clock, not the system time', async () => {
    // A clock far from real time: any reading of Date.now() would show up as a huge offset.
    const clock = new ManualClock(Date.UTC(2031, 0, 1, 0, 0, 0));
    const limits = new RateLimits({ kind: 'memory' }, 'unit', 1, clock);
    const opened = clock.now();
    for (let i = 0; i < LIMIT; i++) expect((await limits.consume(ROUTE, caller)).allowed).toBe(true);
    const refused = await limits.consume(ROUTE, caller);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 60, firstRefusal: true });
    // The store counts the window in milliseconds left; the reported instant is that from the clock's now.
    expect(refused.resetAt).toBeGreaterThan(opened + WINDOW_MS - 5_000);
    expect(refused.resetAt).toBeLessThanOrEqual(opened + WINDOW_MS);
    expect(rateLimitHeaders(refused)['RateLimit-Reset']).toBe(String(Math.ceil(refused.resetAt / 1000)));

    const inspected = await limits.inspect(ROUTE, caller);
    expect(inspected).toMatchObject({ allowed: false, remaining: 0 });
    expect(inspected.resetAt).toBeLessThanOrEqual(opened + WINDOW_MS);
    // Other identities are not affected.
    expect((await limits.consume(ROUTE, { key: 'pat:tok_2', tier: 'standard' })).remaining).toBe(LIMIT - 1);
  });

  test('when sign-in failures reach the limit, then sign-in is blocked for the whole failure window', async () => {
    const limits = new RateLimits({ kind: 'memory' }, 'unit', 1, new ManualClock(Date.UTC(2031, 0, 1)));
    const keys = ['acctnet:u1:n1', 'acct:u1', 'net:n1'];
    for (let i = 0; i < SIGN_IN_ACCOUNT_NETWORK_FAILURES.points; i++) expect(await limits.reserveSignIn(keys)).toBe(0);
    expect(await limits.reserveSignIn(keys)).toBe(SIGN_IN_ACCOUNT_NETWORK_FAILURES.durationSeconds);
  });

  test('when attempts are refused or succeed, then they are given back, so they never fill the network bucket', async () => {
    const limits = new RateLimits({ kind: 'memory' }, 'unit', 1, new ManualClock(Date.UTC(2031, 0, 1)));
    const locked = ['acctnet:u1:n1', 'acct:u1', 'net:n1'];
    for (let i = 0; i < SIGN_IN_ACCOUNT_NETWORK_FAILURES.points; i++) await limits.reserveSignIn(locked);
    // Hammering the locked account (refused) and signing in successfully elsewhere on the network
    // (released) count nowhere: the network bucket holds only the 10 real failures.
    for (let i = 0; i < SIGN_IN_NETWORK_FAILURES.points; i++) expect(await limits.reserveSignIn(locked)).toBeGreaterThan(0);
    for (let i = 0; i < SIGN_IN_NETWORK_FAILURES.points; i++) {
      const keys = ['acctnet:u2:n1', 'acct:u2', 'net:n1'];
      expect(await limits.reserveSignIn(keys)).toBe(0);
      await limits.releaseSignIn(keys);
    }
    expect(await limits.reserveSignIn(['acctnet:u3:n1', 'acct:u3', 'net:n1'])).toBe(0);
  });

  test('when a throttle key names no bucket, then it is a programming error, not a silent pass', async () => {
    const limits = new RateLimits({ kind: 'memory' }, 'unit');
    await expect(limits.reserveSignIn(['account:u1'])).rejects.toThrow(/bucket/);
  });
});

describe('OAuth buckets (contract 8.3 rule 2)', () => {
  const oauthCredential = (subjectType: 'user' | 'client') => ({
    kind: 'oauth' as const, tokenId: `jti-${subjectType}`, clientId: 'mq_app', applicationId: 'oap_1', subjectType, ownerKind: 'user' as const,
    ownerUserId: 'usr_owner', scopes: ['public:read' as const], trustTier: 'standard' as const, resource: 'https://m.example/api/v0',
    ...(subjectType === 'user' ? { userId: 'usr_1' } : {}),
  });

  test('when an OAuth token calls, then it counts per token, client-wide at 10x, and (client credentials only) per owner at 25x', () => {
    expect(rateLimitIdentities(oauthCredential('user'), 'n')).toEqual([
      { key: 'oat:jti-user', tier: 'standard' },
      { key: 'oac:mq_app', tier: 'standard', multiplier: 10 },
    ]);
    expect(rateLimitIdentities(oauthCredential('client'), 'n')).toEqual([
      { key: 'oat:jti-client', tier: 'standard' },
      { key: 'oac:mq_app', tier: 'standard', multiplier: 10 },
      { key: 'oao:usr_owner', tier: 'standard', multiplier: 25 },
    ]);
  });

  test('when many tokens of one client are used, then the client-wide bucket refuses at 10x the per-token limit even though each token is within its own', async () => {
    const limits = new RateLimits({ kind: 'memory' }, `unit-${Date.now()}`, 1, new ManualClock(Date.UTC(2031, 0, 1)));
    const perToken = 30; // developer_credential_management
    let refusedAt = -1;
    for (let i = 0; i < perToken * 10 + 1 && refusedAt < 0; i++) {
      // A fresh token every 5 requests: never near its own limit.
      const credential = { ...oauthCredential('user'), tokenId: `jti-${Math.floor(i / 5)}` };
      const { window } = await consumeAll(limits, ROUTE, rateLimitIdentities(credential, 'n'));
      if (!window.allowed) refusedAt = i;
    }
    expect(refusedAt).toBe(perToken * 10);
  });
});
