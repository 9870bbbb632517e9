import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeToken, makeUser } from '../helpers/factories.js';
import { bodyOf, callOp, expectStatus } from '../helpers/contractClient.js';
import type { components } from '../../src/generated/openapi.js';
import { ParseWorkerPool } from '../../src/services/time/parsePool.js';

// The real engine in the real worker pool, through HTTP: 202 while cold, then answers.
let t: TestApp;
let parser: ParseWorkerPool;
beforeAll(async () => {
  parser = new ParseWorkerPool(new URL('../../src/services/time/parseWorkerEntry.ts', import.meta.url), { threads: 1 });
  t = await createTestApp({}, { timeParser: parser });
});
afterAll(async () => {
  await parser.close();
  await t.close();
});

test('when the pool is cold, then 202; polling returns the engine’s answer; once warm, answers come at once', async () => {
  t.clock.set(Date.UTC(2026, 10, 21, 15, 0, 0));
  const user = await makeUser(t.services, { verified: true });
  await t.services.users.setTimeApiAccess(user.id, true);
  const { value: token } = await makeToken(t.services, user.id, ['time:parse']);

  // timeZone may be left to the contract's default; the generated request type marks defaulted properties required.
  const submit = (text: string, timeZone?: string) =>
    callOp(t.app, 'parseTemporalExpression', { token, body: { text, ...(timeZone && { timeZone }) } as components['schemas']['TimeParseRequest'] });
  const cold = await submit('next saturday at noon', 'Europe/Berlin');
  if (cold.status === 202) {
    await Promise.all([...t.services.timeJobs!.inFlight]);
    const polled = await callOp(t.app, 'getTemporalParseContinuation', { params: { continuationToken: bodyOf(cold, 202).continuationToken }, token });
    expect(polled.status).toBe(200);
    expect(polled.body).toMatchObject({ status: 'resolved', kind: 'instant', epoch: Date.UTC(2026, 10, 28, 11) / 1000, method: 'rule_plan' });
  }
  await parser.ready;
  const warm = await submit('call me at 555-1234');
  expectStatus(warm, 200);
  expect(warm.body.status).toBe('no_plan');
  const asks = await submit('tomorrow 9 JST');
  expectStatus(asks, 200);
  expect(asks.body.status).toBe('needs_clarification');
  expect((asks.body as Extract<typeof asks.body, { status: 'needs_clarification' }>).alternatives.length).toBeGreaterThanOrEqual(2);
});
