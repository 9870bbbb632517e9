import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeToken, makeUser } from '../helpers/factories.js';
import { bodyOf, callOp, expectStatus } from '../helpers/contractClient.js';
import { loadDemoData } from '../../seeds/demo.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await loadDemoData(t.services);
});
afterAll(() => t.close());

describe('public directory reads over the demo data', () => {
  test('when a community is read anonymously, then its public profile is served with its trust label', async () => {
    const res = await callOp(t.app, 'getPublicCommunityProfileBySlug', { params: { slug: 'neon-reverie' } });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ slug: 'neon-reverie', profileType: 'community', displayName: 'Neon Reverie', trustLabel: 'claimed_verified' });
    expect(res.headers['ratelimit-limit']).toBe('120');
    const generic = await callOp(t.app, 'getPublicProfileBySlug', { params: { slug: 'neon-reverie' } });
    expect(bodyOf(generic, 200).id).toBe(res.body.id);
  });

  test('when a person slug is read on the community route (and the reverse), then 404', async () => {
    expect((await callOp(t.app, 'getPublicCommunityProfileBySlug', { params: { slug: 'dj-aurora-vex' } })).status).toBe(404);
    expect((await callOp(t.app, 'getPublicPersonProfileBySlug', { params: { slug: 'neon-reverie' } })).status).toBe(404);
    expect(bodyOf(await callOp(t.app, 'getPublicPersonProfileBySlug', { params: { slug: 'dj-aurora-vex' } }), 200).trustLabel).toBe('unclaimed');
  });

  test('when a profile is opted out of public pages, then every public read answers 404', async () => {
    await t.db('profiles').where({ slug: 'byte-bishop' }).update({ public_surfacing_state: 'opted_out' });
    const params = { slug: 'byte-bishop' };
    expect((await callOp(t.app, 'getPublicPersonProfileBySlug', { params })).status).toBe(404);
    expect((await callOp(t.app, 'getPublicProfileBySlug', { params })).status).toBe(404);
    expect((await callOp(t.app, 'getPublicClaimStatus', { params })).status).toBe(404);
  });

  test('when the claim status is read, then it carries claim state and trust label', async () => {
    const res = await callOp(t.app, 'getPublicClaimStatus', { params: { slug: 'quiet-lantern-society' } });
    expect(res.body).toEqual({ slug: 'quiet-lantern-society', profileType: 'community', displayName: 'Quiet Lantern Society', claimState: 'unclaimed', trustLabel: 'unclaimed' });
  });

  test('when a world is read with a public:read token, then the authenticated class applies', async () => {
    const user = await makeUser(t.services);
    const { value } = await makeToken(t.services, user.id, ['public:read']);
    const res = await callOp(t.app, 'getPublicWorldBySlug', { params: { slug: 'midnight-arcade' }, token: value });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ slug: 'midnight-arcade', displayName: 'Midnight Arcade', tags: ['club', 'neon'] });
    expect(res.headers['ratelimit-limit']).toBe('600');
  });

  test('when a slug breaks the path rules, then 400 naming the parameter', async () => {
    const res = await callOp(t.app, 'getPublicWorldBySlug', { params: { slug: 'w'.repeat(161) } });
    expectStatus(res, 400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ parameter: 'slug' }));
  });
});
