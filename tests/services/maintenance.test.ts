import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeUser } from '../helpers/factories.js';

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
    const first = await t.services.maintenance.sweepOnce();
    expect(first.counters).toBe(2); // the credential and account minute windows; day and month live on
    expect(await t.db('quota_counters').where('scope_key', 'like', `%${user.id}%`)).toHaveLength(2);
    t.clock.advance(15 * 24 * 3_600_000);
    const later = await t.services.maintenance.sweepOnce();
    expect(later.sessions).toBeGreaterThanOrEqual(1);
    expect(await t.db('web_sessions').where({ user_id: user.id })).toHaveLength(0);
  });

  test('when a draft has not been saved for 30 days and an upload was abandoned, then they and their stored bytes are removed; live ones stay', async () => {
    t.clock.set(Date.UTC(2026, 10, 21, 12, 0, 0));
    const user = await makeUser(t.services);
    const actor = { credential: { kind: 'api_token' as const, tokenId: 'tok_m', ownerKind: 'user' as const, ownerUserId: user.id, userId: user.id, scopes: ['events:contribute' as const], trustTier: 'personal' as const }, networkRef: 'n' };
    const old = await t.services.drafts.save(actor, { patch: { title: 'old' } });
    const begun = await t.services.posters.begin(actor, old.draftId, { contentType: 'image/png', byteLength: 3, sha256: 'a'.repeat(64) });
    const key = `posters/${old.draftId}/${begun.posterAssetId}`;
    await t.store.put(key, Buffer.from('abc'), 'image/png');
    t.clock.advance(20 * 86_400_000);
    const live = await t.services.drafts.save(actor, { patch: { title: 'live' } });
    const pending = await t.services.posters.begin(actor, live.draftId, { contentType: 'image/png', byteLength: 3, sha256: 'b'.repeat(64) });
    t.clock.advance(10 * 86_400_000);
    const swept = await t.services.maintenance.sweepOnce();
    expect(swept).toMatchObject({ drafts: 1, uploads: 1 });
    expect(await t.store.get(key)).toBeUndefined();
    expect(await t.db('event_intake_drafts').where({ id: old.draftId })).toHaveLength(0);
    expect(await t.db('intake_posters').where({ id: pending.posterAssetId })).toHaveLength(0);
    expect((await t.services.drafts.read(actor, live.draftId)).fields).toEqual({ title: 'live' });
  });
});
