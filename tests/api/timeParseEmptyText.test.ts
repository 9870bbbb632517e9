import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeToken, makeUser } from '../helpers/factories.js';
import { callOp, expectStatus } from '../helpers/contractClient.js';
import type { components } from '../../src/generated/openapi.js';
import { ParseWorkerPool } from '../../src/services/time/parsePool.js';

// Decisions 5.1: `text` has no minimum length; a text with nothing to read answers 200 no_plan.
// The real engine in the real worker pool, through both routes; every body is checked against openapi.yaml.
let t: TestApp;
let parser: ParseWorkerPool;
beforeAll(async () => {
  parser = new ParseWorkerPool(new URL('../../src/services/time/parseWorkerEntry.ts', import.meta.url), { threads: 1 });
  t = await createTestApp({}, { timeParser: parser });
  await parser.ready;
});
afterAll(async () => {
  await parser.close();
  await t.close();
});

const ORIGIN = 'http://marquee.test';
let minute = 0;
beforeEach(() => {
  // A fresh quota minute for each test (the per-minute allowance is 6).
  t.clock.set(Date.UTC(2026, 10, 21, 15, 0, 0) + ++minute * 3_600_000);
});

type Request = components['schemas']['TimeParseRequest'];
const body = (text: string, extra: Partial<Request> = {}) => ({ text, ...extra }) as Request;

async function caller() {
  const user = await makeUser(t.services, { verified: true });
  await t.services.users.setTimeApiAccess(user.id, true);
  const { value: token } = await makeToken(t.services, user.id, ['time:parse']);
  const session = await t.services.webSessions.start(user.id);
  return { user, token, cookie: `marquee_session=${session.value}` };
}

/** The answer once complete: 200 at once when warm, else the continuation after the job settles. */
async function answer(res: Awaited<ReturnType<typeof callOp>>, token: string) {
  if (res.status === 202) {
    await Promise.all([...t.services.timeJobs!.inFlight]);
    const polled = await callOp(t.app, 'getTemporalParseContinuation', { params: { continuationToken: (res.body as components['schemas']['TimeParsePending']).continuationToken }, token });
    expectStatus(polled, 200);
    return polled.body as components['schemas']['TimeParseResult'];
  }
  expectStatus(res, 200);
  return res.body as components['schemas']['TimeParseResult'];
}

const NOTHING: [string, RegExp][] = [
  ['', /empty/],
  ['   ', /empty/],
  ['\n\t', /empty/],
  ['\u3000', /empty/],
  ['\u00a0', /empty/],
  ['🎉🎉', /emoji/],
  ['ok!', /no time expression/i],
];

describe('POST /api/v0/time/parse', () => {
  test.each(NOTHING)('when the text is %j, then 200 no_plan with a reason, never 400', async (text, reason) => {
    const { token } = await caller();
    const res = await callOp(t.app, 'parseTemporalExpression', { token, body: body(text, { timeZone: 'Asia/Tokyo', locale: 'ja-JP' }) });
    expect(res.status).not.toBe(400);
    const result = await answer(res, token);
    expect(result).toEqual({ requestId: expect.any(String), status: 'no_plan', reason: expect.stringMatching(reason) });
  });

  test('when an empty text is accepted, then it uses one quota unit like any parse', async () => {
    const { user, token } = await caller();
    const first = await callOp(t.app, 'parseTemporalExpression', { token, body: body('') });
    await answer(first, token);
    expect(first.headers['ratelimit-remaining']).toBe('5');
    const second = await callOp(t.app, 'parseTemporalExpression', { token, body: body(' ') });
    await answer(second, token);
    expect(second.headers['ratelimit-remaining']).toBe('4');
    const usage = await t.services.timeQuota.usage(user.id);
    expect(usage.day.count).toBe(2);
    expect(usage.month.count).toBe(2);
  });

  test('when the text is 501 characters (even of white space), then 400 on /text and no quota unit is used', async () => {
    const { token } = await caller();
    for (const text of ['x'.repeat(501), ' '.repeat(501), '🎉'.repeat(501)]) {
      const res = await callOp(t.app, 'parseTemporalExpression', { token, body: body(text) });
      expectStatus(res, 400);
      expect(res.body.errors).toContainEqual(expect.objectContaining({ pointer: '/text' }));
    }
    const ok = await callOp(t.app, 'parseTemporalExpression', { token, body: body('🎉'.repeat(500)) });
    expect((await answer(ok, token)).status).toBe('no_plan');
    expect(ok.headers['ratelimit-remaining']).toBe('5'); // the three refusals used nothing
  });

  test('when the text is missing or not a string, then still 400', async () => {
    const { token } = await caller();
    expectStatus(await callOp(t.app, 'parseTemporalExpression', { token, body: {} as Request }), 400);
    expectStatus(await callOp(t.app, 'parseTemporalExpression', { token, body: { text: null } as unknown as Request }), 400);
  });
});

describe('POST /api/time/parse, the signed-in web facade', () => {
  test('when a signed-in page posts texts with nothing to read, then 200 no_plan, never 400', async () => {
    for (const [i, [text, reason]] of NOTHING.entries()) {
      // One account per text: the per-minute allowance is 6.
      const { cookie } = await caller();
      const res = await callOp(t.app, 'parseTemporalExpressionWebSession', { body: body(text, { locale: ['en-US', 'de-DE', 'fr-FR', 'es-ES', 'pt-BR', 'ja-JP'][i % 6] }), headers: { Cookie: cookie, Origin: ORIGIN } });
      expectStatus(res, 200);
      expect(res.body).toMatchObject({ status: 'no_plan', reason: expect.stringMatching(reason) });
    }
  });

  test('when the web facade gets 501 characters, then 400', async () => {
    const { cookie } = await caller();
    const res = await callOp(t.app, 'parseTemporalExpressionWebSession', { body: body(' '.repeat(501)), headers: { Cookie: cookie, Origin: ORIGIN } });
    expectStatus(res, 400);
  });
});
