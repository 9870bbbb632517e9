import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeUser } from '../helpers/factories.js';
import { refusal } from '../helpers/refusal.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());


describe('time-parse quotas (contract 8.2), counted in the database with an injected clock', () => {
  beforeEach(() => t.clock.set(Date.UTC(2026, 10, 21, 12, 0, 15)));

  test('when a credential submits 7 times in a minute, then the 6th is allowed and the 7th refused until the minute ends', async () => {
    const user = await makeUser(t.services);
    for (let i = 0; i < 6; i++) await t.services.timeQuota.charge(user.id, 'tok_a');
    const refused = await refusal(t.services.timeQuota.charge(user.id, 'tok_a'));
    expect(refused).toMatchObject({ status: 429, options: { code: 'QUOTA_EXCEEDED', retryAfterSeconds: 45 } });
    t.clock.advance(45_000);
    await expect(t.services.timeQuota.charge(user.id, 'tok_a')).resolves.toBeUndefined();
  });

  test('when two credentials of one account share the minute, then the account aggregate is 6', async () => {
    const user = await makeUser(t.services);
    for (let i = 0; i < 3; i++) await t.services.timeQuota.charge(user.id, 'tok_1');
    for (let i = 0; i < 3; i++) await t.services.timeQuota.charge(user.id, 'tok_2');
    const refused = await refusal(t.services.timeQuota.charge(user.id, 'tok_3'));
    expect(refused?.options.code).toBe('QUOTA_EXCEEDED');
    // Another account is unaffected.
    const other = await makeUser(t.services);
    await expect(t.services.timeQuota.charge(other.id, 'tok_9')).resolves.toBeUndefined();
  });

  test('when a refusal happens, then nothing of it is counted', async () => {
    const user = await makeUser(t.services);
    for (let i = 0; i < 6; i++) await t.services.timeQuota.charge(user.id, 'tok_r');
    for (let i = 0; i < 3; i++) await refusal(t.services.timeQuota.charge(user.id, 'tok_r'));
    const usage = await t.services.timeQuota.usage(user.id, 'tok_r');
    expect(usage.minute).toMatchObject({ accountCount: 6, credentialCount: 6, limit: 6 });
    expect(usage.day.count).toBe(6);
  });

  test('when the daily allowance (set by the operator) is used up, then refusal lasts until the next UTC midnight', async () => {
    const user = await makeUser(t.services);
    await t.services.timeQuota.setAllowances(user.id, { daily: 8 });
    for (let i = 0; i < 8; i++) {
      await t.services.timeQuota.charge(user.id, 'tok_d');
      t.clock.advance(60_000);
    }
    t.clock.set(Date.UTC(2026, 10, 21, 23, 59, 30));
    const refused = await refusal(t.services.timeQuota.charge(user.id, 'tok_d'));
    expect(refused).toMatchObject({ status: 429, options: { retryAfterSeconds: 30 } });
    t.clock.set(Date.UTC(2026, 10, 22, 0, 0, 0));
    await expect(t.services.timeQuota.charge(user.id, 'tok_d')).resolves.toBeUndefined();
  });

  test('when the monthly allowance is used up, then refusal lasts until the first of the next month (UTC)', async () => {
    const user = await makeUser(t.services);
    await t.services.timeQuota.setAllowances(user.id, { monthly: 3 });
    for (const day of [1, 10, 20]) {
      t.clock.set(Date.UTC(2026, 10, day, 9, 0, 0));
      await t.services.timeQuota.charge(user.id, 'tok_m');
    }
    t.clock.set(Date.UTC(2026, 10, 30, 23, 0, 0));
    expect((await refusal(t.services.timeQuota.charge(user.id, 'tok_m')))?.options.retryAfterSeconds).toBe(3600);
    t.clock.set(Date.UTC(2026, 11, 1, 0, 0, 0));
    await expect(t.services.timeQuota.charge(user.id, 'tok_m')).resolves.toBeUndefined();
  });

  test('when the service defaults apply, then they are 6 / 250 / 2000', async () => {
    const user = await makeUser(t.services);
    const usage = await t.services.timeQuota.usage(user.id);
    expect(usage).toMatchObject({ minute: { limit: 6, accountCount: 0 }, day: { allowance: 250 }, month: { allowance: 2000 } });
    expect(usage.day.resetAt).toBe(Date.UTC(2026, 10, 22));
    expect(usage.month.resetAt).toBe(Date.UTC(2026, 11, 1));
  });

  test('when 12 submissions race for one account, then exactly 6 are counted', async () => {
    const user = await makeUser(t.services);
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => refusal(t.services.timeQuota.charge(user.id, `tok_c${i % 2}`))));
    expect(results.filter((r) => r === null)).toHaveLength(6);
    expect(results.filter((r) => r?.options.code === 'QUOTA_EXCEEDED')).toHaveLength(6);
    expect((await t.services.timeQuota.usage(user.id)).minute.accountCount).toBe(6);
  });

  test('when an allowance is not a non-negative integer, then it is refused', async () => {
    const user = await makeUser(t.services);
    expect((await refusal(t.services.timeQuota.setAllowances(user.id, { daily: -1 })))?.status).toBe(400);
    expect((await refusal(t.services.timeQuota.setAllowances(user.id, { monthly: 1.5 })))?.status).toBe(400);
  });
});
