import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeToken, makeUser } from '../helpers/factories.js';
import { call } from '../helpers/contractClient.js';
import { WorkerTimeParser } from '../../src/services/time/workerParser.js';

// The real engine in the real worker pool, through HTTP: 202 while cold, then answers.
let t: TestApp;
let parser: WorkerTimeParser;
beforeAll(async () => {
  parser = new WorkerTimeParser(new URL('../../src/services/time/parseWorker.ts', import.meta.url), { threads: 1 });
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

  const cold = await call(t.app, 'POST', '/api/v0/time/parse', { token, body: { text: 'next saturday at noon', timeZone: 'Europe/Berlin' } });
  if (cold.status === 202) {
    await Promise.all([...t.services.timeJobs!.inFlight]);
    const polled = await call(t.app, 'GET', `/api/v0/time/parse/${cold.body.continuationToken}`, { token });
    expect(polled.status).toBe(200);
    expect(polled.body).toMatchObject({ status: 'resolved', kind: 'instant', epoch: Date.UTC(2026, 10, 28, 11) / 1000, method: 'rule_plan' });
  }
  await parser.ready;
  const warm = await call(t.app, 'POST', '/api/v0/time/parse', { token, body: { text: 'call me at 555-1234' } });
  expect(warm.status).toBe(200);
  expect(warm.body.status).toBe('no_plan');
  const asks = await call(t.app, 'POST', '/api/v0/time/parse', { token, body: { text: 'tomorrow 9 JST' } });
  expect(asks.status).toBe(200);
  expect(asks.body.status).toBe('needs_clarification');
  expect(asks.body.alternatives.length).toBeGreaterThanOrEqual(2);
});
