import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeUser } from '../helpers/factories.js';
import { sweepOnce } from '../../src/services/maintenance.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('housekeeping sweep', () => {
  test('when windows and sessions have expired, then their rows are removed and live ones kept', async () => {
    t.clock.set(Date.UTC(2026, 10, 21, 12, 0, 0));
    const user = await makeUser(t.services);
    await t.services.timeQuota.charge(user.id, 'tok_s');
    const session = await t.services.webSessions.start(user.id);
    expect(await t.services.webSessions.resolve(session.value)).toBeTruthy();
    t.clock.advance(61_000);
    const first = await sweepOnce(t.services);
    expect(first.counters).toBe(2); // the credential and account minute windows; day and month live on
    expect(await t.db('quota_counters').where('scope_key', 'like', `%${user.id}%`)).toHaveLength(2);
    t.clock.advance(15 * 24 * 3_600_000);
    const later = await sweepOnce(t.services);
    expect(later.sessions).toBeGreaterThanOrEqual(1);
    expect(await t.db('web_sessions').where({ user_id: user.id })).toHaveLength(0);
  });
});
