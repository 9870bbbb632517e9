import { DateTime } from 'luxon';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeToken, makeUser } from '../helpers/factories.js';
import { call } from '../helpers/contractClient.js';
import type { EngineInput, EngineOutcome, TimeParser } from '../../src/services/time/jobs.js';

/** A stand-in engine with contract-shaped answers: "in an hour" resolves, anything else asks nothing. */
class StandInParser implements TimeParser {
  warm = true;
  isWarm() {
    return this.warm;
  }
  async parse(input: EngineInput): Promise<EngineOutcome> {
    if (input.text !== 'in an hour') return { status: 'no_plan', reason: 'No time expression found.' };
    const at = DateTime.fromMillis(input.referenceInstant + 3_600_000, { zone: input.timeZone });
    return {
      status: 'resolved',
      kind: 'instant',
      epoch: Math.floor(at.toSeconds()),
      canonical: {
        isoInstant: at.toUTC().toISO({ suppressMilliseconds: true })!,
        zonedDateTime: `${at.toISO({ suppressMilliseconds: true })}[${input.timeZone}]`,
        timeZone: input.timeZone,
        precision: 'relative',
        weekday: at.setLocale('en').toFormat('cccc').toLowerCase(),
      },
      confidence: 0.95,
      method: 'rule_plan',
      assumptions: [],
    };
  }
}

let t: TestApp;
const parser = new StandInParser();
beforeAll(async () => {
  t = await createTestApp({}, { timeParser: parser });
});
afterAll(() => t.close());
beforeEach(() => {
  parser.warm = true;
  t.clock.set(Date.UTC(2026, 10, 21, 12, 0, 10));
});

async function beta(scopes = ['time:parse']) {
  const user = await makeUser(t.services, { verified: true });
  await t.services.users.setTimeApiAccess(user.id, true);
  return { user, token: (await makeToken(t.services, user.id, scopes)).value };
}
const settle = () => Promise.all([...t.services.timeJobs!.inFlight]);

describe('POST /api/v0/time/parse and the continuation (contract 4.10)', () => {
  test('when the pool is warm, then 200 with the result and the quota window in RateLimit headers', async () => {
    const { token } = await beta();
    const res = await call(t.app, 'POST', '/api/v0/time/parse', { token, body: { text: 'in an hour', timeZone: 'Asia/Tokyo' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'resolved', kind: 'instant', epoch: Date.UTC(2026, 10, 21, 13, 0, 10) / 1000, canonical: { timeZone: 'Asia/Tokyo' } });
    expect(res.headers['ratelimit-limit']).toBe('6');
    expect(res.headers['ratelimit-remaining']).toBe('5');
  });

  test('when the pool is cold, then 202 with Location and Retry-After; polling returns the result', async () => {
    const { token } = await beta();
    parser.warm = false;
    const res = await call(t.app, 'POST', '/api/v0/time/parse', { token, body: { text: 'in an hour' } });
    expect(res.status).toBe(202);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.headers.location).toBe(`http://marquee.test/api/v0/time/parse/${res.body.continuationToken}`);
    await settle();
    const polled = await call(t.app, 'GET', `/api/v0/time/parse/${res.body.continuationToken}`, { token });
    expect(polled.status).toBe(200);
    expect(polled.body.requestId).toBe(res.body.requestId);
  });

  test('when any other time:parse token of the same account polls, then it works; another account gets 404', async () => {
    const { user, token } = await beta();
    parser.warm = false;
    const res = await call(t.app, 'POST', '/api/v0/time/parse', { token, body: { text: 'in an hour' } });
    await settle();
    const sibling = (await makeToken(t.services, user.id, ['time:parse'])).value;
    expect((await call(t.app, 'GET', `/api/v0/time/parse/${res.body.continuationToken}`, { token: sibling })).status).toBe(200);
    const stranger = await beta();
    expect((await call(t.app, 'GET', `/api/v0/time/parse/${res.body.continuationToken}`, { token: stranger.token })).status).toBe(404);
  });

  test('when a credential submits 7 times in a minute, then the 6th is accepted and the 7th refused with Retry-After', async () => {
    const { token } = await beta();
    for (let i = 0; i < 6; i++) expect((await call(t.app, 'POST', '/api/v0/time/parse', { token, body: { text: 'in an hour' } })).status).toBe(200);
    const refused = await call(t.app, 'POST', '/api/v0/time/parse', { token, body: { text: 'in an hour' } });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('QUOTA_EXCEEDED');
    expect(refused.headers['retry-after']).toBe('50');
    t.clock.advance(50_000);
    expect((await call(t.app, 'POST', '/api/v0/time/parse', { token, body: { text: 'in an hour' } })).status).toBe(200);
  });

  test('when the same Idempotency-Key is replayed, then the same job and no second quota unit; a changed request is 409', async () => {
    const { token } = await beta();
    const first = await call(t.app, 'POST', '/api/v0/time/parse', { token, body: { text: 'in an hour' }, headers: { 'Idempotency-Key': 'abc.123' } });
    const again = await call(t.app, 'POST', '/api/v0/time/parse', { token, body: { text: 'in an hour' }, headers: { 'Idempotency-Key': 'abc.123' } });
    expect(again.body.requestId).toBe(first.body.requestId);
    expect(again.headers['ratelimit-remaining']).toBe('5');
    const changed = await call(t.app, 'POST', '/api/v0/time/parse', { token, body: { text: 'tomorrow' }, headers: { 'Idempotency-Key': 'abc.123' } });
    expect(changed.status).toBe(409);
    expect(changed.body.code).toBe('IDEMPOTENCY_CONFLICT');
  });

  test('when retention is turned off, then an unexpired continuation answers 410; an expired one 410 too', async () => {
    const { user, token } = await beta();
    parser.warm = false;
    const kept = await call(t.app, 'POST', '/api/v0/time/parse', { token, body: { text: 'in an hour' } });
    await settle();
    const { purged } = await t.services.timeRetention.setAccountDefault(user.id, false);
    await purged;
    const gone = await call(t.app, 'GET', `/api/v0/time/parse/${kept.body.continuationToken}`, { token });
    expect(gone.status).toBe(410);
    expect(gone.body.code).toBe('RETENTION_DISABLED');

    const other = await beta();
    const later = await call(t.app, 'POST', '/api/v0/time/parse', { token: other.token, body: { text: 'in an hour' } });
    await settle();
    t.clock.advance(15 * 60_000);
    const expired = await call(t.app, 'GET', `/api/v0/time/parse/${later.body.continuationToken}`, { token: other.token });
    expect(expired.status).toBe(410);
    expect(expired.body.code).toBe('CONTINUATION_EXPIRED');
  });

  test('when access is missing (scope, verified e-mail, operator grant), then 403', async () => {
    const noScope = await beta(['public:read']);
    expect((await call(t.app, 'POST', '/api/v0/time/parse', { token: noScope.token, body: { text: 'now' } })).status).toBe(403);
    const unverified = await makeUser(t.services);
    await t.services.users.setTimeApiAccess(unverified.id, true);
    const tok = (await makeToken(t.services, unverified.id, ['time:parse'])).value;
    expect((await call(t.app, 'POST', '/api/v0/time/parse', { token: tok, body: { text: 'now' } })).status).toBe(403);
  });

  test('when the text is too long or the continuation malformed, then 400', async () => {
    const { token } = await beta();
    const long = await call(t.app, 'POST', '/api/v0/time/parse', { token, body: { text: 'x'.repeat(501) } });
    expect(long.status).toBe(400);
    expect(long.body.errors).toContainEqual(expect.objectContaining({ pointer: '/text' }));
    expect((await call(t.app, 'GET', '/api/v0/time/parse/short', { token })).status).toBe(400);
  });
});

describe('POST /api/time/parse, the signed-in web facade', () => {
  const ORIGIN = 'http://marquee.test';
  async function signedIn(opts: { verified?: boolean; granted?: boolean } = {}) {
    const user = await makeUser(t.services, { verified: opts.verified ?? true });
    if (opts.granted ?? true) await t.services.users.setTimeApiAccess(user.id, true);
    const session = await t.services.webSessions.start(user.id);
    return { user, cookie: `marquee_session=${session.value}` };
  }

  test('when a signed-in page posts same-origin, then the same result as the API', async () => {
    const { cookie } = await signedIn();
    const res = await call(t.app, 'POST', '/api/time/parse', { body: { text: 'in an hour' }, headers: { Cookie: cookie, Origin: ORIGIN } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'resolved', kind: 'instant' });
  });

  test('when pending, then 202 without Location; replaying the key returns the job, then its result', async () => {
    const { cookie } = await signedIn();
    parser.warm = false;
    const headers = { Cookie: cookie, Origin: ORIGIN, 'Idempotency-Key': 'web-1' };
    const first = await call(t.app, 'POST', '/api/time/parse', { body: { text: 'in an hour' }, headers });
    expect(first.status).toBe(202);
    expect(first.headers.location).toBeUndefined();
    await settle();
    const again = await call(t.app, 'POST', '/api/time/parse', { body: { text: 'in an hour' }, headers });
    expect(again.status).toBe(200);
    expect(again.body.requestId).toBe(first.body.requestId);
  });

  test('when the Origin is missing or foreign, then 403 (no cross-site use of the session)', async () => {
    const { cookie } = await signedIn();
    expect((await call(t.app, 'POST', '/api/time/parse', { body: { text: 'in an hour' }, headers: { Cookie: cookie } })).status).toBe(403);
    expect((await call(t.app, 'POST', '/api/time/parse', { body: { text: 'in an hour' }, headers: { Cookie: cookie, Origin: 'https://evil.example' } })).status).toBe(403);
  });

  test('when there is no session (even with a valid bearer token), then 401', async () => {
    const { token } = await beta();
    const res = await call(t.app, 'POST', '/api/time/parse', { token, body: { text: 'in an hour' }, headers: { Origin: ORIGIN } });
    expect(res.status).toBe(401);
  });

  test('when the account is unverified or not granted, then 403', async () => {
    const unverified = await signedIn({ verified: false });
    expect((await call(t.app, 'POST', '/api/time/parse', { body: { text: 'x' }, headers: { Cookie: unverified.cookie, Origin: ORIGIN } })).status).toBe(403);
    const ungranted = await signedIn({ granted: false });
    expect((await call(t.app, 'POST', '/api/time/parse', { body: { text: 'x' }, headers: { Cookie: ungranted.cookie, Origin: ORIGIN } })).status).toBe(403);
  });
});
