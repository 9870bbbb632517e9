import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeToken, makeUser } from '../helpers/factories.js';
import { bodyOf, callOp, expectStatus } from '../helpers/contractClient.js';
import { StandInParser } from '../helpers/standInTimeParser.js';
import type { components } from '../../src/generated/openapi.js';


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

/**
 * A TimeParseRequest as clients may send it: the generated type marks `timeZone` required because
 * the contract gives it a default (America/New_York), but a request may leave it out.
 */
type ParseRequest = Omit<components['schemas']['TimeParseRequest'], 'timeZone'> & { timeZone?: string };
const asSent = (body: ParseRequest) => body as components['schemas']['TimeParseRequest'];
const submit = (token: string, body: ParseRequest, headers?: Record<string, string>) =>
  callOp(t.app, 'parseTemporalExpression', { token, body: asSent(body), headers });
const poll = (token: string, continuationToken: string) => callOp(t.app, 'getTemporalParseContinuation', { params: { continuationToken }, token });
/** The web facade: the session cookie and Origin go in `headers`; a bearer `token` is ignored there. */
const submitWeb = (body: ParseRequest, headers: Record<string, string>, token?: string) =>
  callOp(t.app, 'parseTemporalExpressionWebSession', { token, body: asSent(body), headers });

describe('POST /api/v0/time/parse and the continuation (contract 4.10)', () => {
  test('when the pool is warm, then 200 with the result and the quota window in RateLimit headers', async () => {
    const { token } = await beta();
    const res = await submit(token, { text: 'in an hour', timeZone: 'Asia/Tokyo' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'resolved', kind: 'instant', epoch: Date.UTC(2026, 10, 21, 13, 0, 10) / 1000, canonical: { timeZone: 'Asia/Tokyo' } });
    expect(res.headers['ratelimit-limit']).toBe('6');
    expect(res.headers['ratelimit-remaining']).toBe('5');
  });

  test('when the pool is cold, then 202 with Location and Retry-After; polling returns the result', async () => {
    const { token } = await beta();
    parser.warm = false;
    const res = await submit(token, { text: 'in an hour' });
    expectStatus(res, 202);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.headers.location).toBe(`http://marquee.test/api/v0/time/parse/${res.body.continuationToken}`);
    await settle();
    const polled = await poll(token, res.body.continuationToken);
    expectStatus(polled, 200);
    expect(polled.body.requestId).toBe(res.body.requestId);
  });

  test('when any other time:parse token of the same account polls, then it works; another account gets 404', async () => {
    const { user, token } = await beta();
    parser.warm = false;
    const res = await submit(token, { text: 'in an hour' });
    expectStatus(res, 202);
    await settle();
    const sibling = (await makeToken(t.services, user.id, ['time:parse'])).value;
    expect((await poll(sibling, res.body.continuationToken)).status).toBe(200);
    const stranger = await beta();
    expect((await poll(stranger.token, res.body.continuationToken)).status).toBe(404);
  });

  test('when a credential submits 7 times in a minute, then the 6th is accepted and the 7th refused with Retry-After', async () => {
    const { token } = await beta();
    for (let i = 0; i < 6; i++) expect((await submit(token, { text: 'in an hour' })).status).toBe(200);
    const refused = await submit(token, { text: 'in an hour' });
    expectStatus(refused, 429);
    expect(refused.body.code).toBe('QUOTA_EXCEEDED');
    expect(refused.headers['retry-after']).toBe('50');
    t.clock.advance(50_000);
    expect((await submit(token, { text: 'in an hour' })).status).toBe(200);
  });

  test('when the same Idempotency-Key is replayed, then the same job and no second quota unit; a changed request is 409', async () => {
    const { token } = await beta();
    const first = await submit(token, { text: 'in an hour' }, { 'Idempotency-Key': 'abc.123' });
    const again = await submit(token, { text: 'in an hour' }, { 'Idempotency-Key': 'abc.123' });
    expect(bodyOf(again, 200).requestId).toBe(bodyOf(first, 200).requestId);
    expect(again.headers['ratelimit-remaining']).toBe('5');
    const changed = await submit(token, { text: 'tomorrow' }, { 'Idempotency-Key': 'abc.123' });
    expectStatus(changed, 409);
    expect(changed.body.code).toBe('IDEMPOTENCY_CONFLICT');
  });

  test('when retention is turned off, then an unexpired continuation answers 410; an expired one 410 too', async () => {
    const { user, token } = await beta();
    parser.warm = false;
    const kept = await submit(token, { text: 'in an hour' });
    expectStatus(kept, 202);
    await settle();
    const { purged } = await t.services.timeRetention.setAccountDefault(user.id, false);
    await purged;
    const gone = await poll(token, kept.body.continuationToken);
    expectStatus(gone, 410);
    expect(gone.body.code).toBe('RETENTION_DISABLED');

    const other = await beta();
    const later = await submit(other.token, { text: 'in an hour' });
    expectStatus(later, 202);
    await settle();
    t.clock.advance(15 * 60_000);
    const expired = await poll(other.token, later.body.continuationToken);
    expectStatus(expired, 410);
    expect(expired.body.code).toBe('CONTINUATION_EXPIRED');
  });

  test('when access is missing (scope, verified e-mail, operator grant), then 403', async () => {
    const noScope = await beta(['public:read']);
    expect((await submit(noScope.token, { text: 'now' })).status).toBe(403);
    const unverified = await makeUser(t.services);
    await t.services.users.setTimeApiAccess(unverified.id, true);
    const tok = (await makeToken(t.services, unverified.id, ['time:parse'])).value;
    expect((await submit(tok, { text: 'now' })).status).toBe(403);
  });

  test('when the text is too long or the continuation malformed, then 400', async () => {
    const { token } = await beta();
    const long = await submit(token, { text: 'x'.repeat(501) });
    expectStatus(long, 400);
    expect(long.body.errors).toContainEqual(expect.objectContaining({ pointer: '/text' }));
    expect((await poll(token, 'short')).status).toBe(400);
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
    const res = await submitWeb({ text: 'in an hour' }, { Cookie: cookie, Origin: ORIGIN });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'resolved', kind: 'instant' });
  });

  test('when pending, then 202 without Location; replaying the key returns the job, then its result', async () => {
    const { cookie } = await signedIn();
    parser.warm = false;
    const headers = { Cookie: cookie, Origin: ORIGIN, 'Idempotency-Key': 'web-1' };
    const first = await submitWeb({ text: 'in an hour' }, headers);
    expectStatus(first, 202);
    expect(first.headers.location).toBeUndefined();
    await settle();
    const again = await submitWeb({ text: 'in an hour' }, headers);
    expectStatus(again, 200);
    expect(again.body.requestId).toBe(first.body.requestId);
  });

  test('when the Origin is missing or foreign, then 403 (no cross-site use of the session)', async () => {
    const { cookie } = await signedIn();
    expect((await submitWeb({ text: 'in an hour' }, { Cookie: cookie })).status).toBe(403);
    expect((await submitWeb({ text: 'in an hour' }, { Cookie: cookie, Origin: 'https://evil.example' })).status).toBe(403);
  });

  test('when there is no session (even with a valid bearer token), then 401', async () => {
    const { token } = await beta();
    const res = await submitWeb({ text: 'in an hour' }, { Origin: ORIGIN }, token);
    expect(res.status).toBe(401);
  });

  test('when the account is unverified or not granted, then 403', async () => {
    const unverified = await signedIn({ verified: false });
    expect((await submitWeb({ text: 'x' }, { Cookie: unverified.cookie, Origin: ORIGIN })).status).toBe(403);
    const ungranted = await signedIn({ granted: false });
    expect((await submitWeb({ text: 'x' }, { Cookie: ungranted.cookie, Origin: ORIGIN })).status).toBe(403);
  });
});
