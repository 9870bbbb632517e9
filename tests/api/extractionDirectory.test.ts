import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeContributor, makeToken, makeUser, saveDraft } from '../helpers/factories.js';
import { bodyOf, callOp } from '../helpers/contractClient.js';

/**
 * Extraction finds the directory's names inside an announcement (contract 2.6): worlds,
 * communities and people by their names and aliases, folded (case, accents, width), Latin and
 * Japanese alike, through the search projection's name keys, which every write keeps current.
 */
let t: TestApp;
let token: string;
let ownerToken: string;
let community: { slug: string; updatedAt: number };
beforeAll(async () => {
  t = await createTestApp({ rateLimitScale: 100 });
  token = (await makeContributor(t)).token;
  const owner = await makeUser(t.services, { verified: true });
  ownerToken = (await makeToken(t.services, owner.id, ['profile:write', 'public:read'])).value;
  community = await t.services.directory.createProfile({ profileType: 'community', displayName: 'Quiet Lantern Society', ownerUserId: owner.id, timezone: 'Asia/Tokyo' });
  await t.services.directory.createProfile({ profileType: 'person', displayName: 'Kaito Hoshino' });
  await t.services.directory.createWorld({ displayName: 'Café Sonoré' });
  await t.services.directory.createWorld({ displayName: 'Midnight Arcade' });
});
afterAll(() => t.close());

async function extract(sourceText: string, timezone = 'Asia/Tokyo') {
  const { draftId } = bodyOf(await saveDraft(t, token, { timezone }), 200);
  return bodyOf(await callOp(t.app, 'extractEventIntakeDraft', { token, params: { draftId }, body: { sourceText } }), 200);
}

test('when a world is named inline, folded differently from the directory, then the venue is that world with lookup evidence', async () => {
  const r = await extract('Soirée Lanterne — samedi 5 décembre à 21h, au CAFE SONORE\nAvec Kaito Hoshino (piano)', 'Europe/Paris');
  expect(r.event.venueLabel).toBe('Café Sonoré');
  expect(r.evidence).toContainEqual(expect.objectContaining({ fieldPath: '/event/venueLabel', origin: 'lookup', excerpt: 'CAFE SONORE → world cafe-sonore' }));
  expect(r.questions.filter((q: { fieldPath: string }) => q.fieldPath === '/event/venueLabel')).toEqual([]);
});

test('when a community is named by an alias written in Japanese, then it is found; before the alias was added, it was not', async () => {
  const text = '【告知】静かな提灯会主催「月夜の朗読会」\n■日時：12月5日(土) 21:00〜23:00\n■会場：Midnight Arcade';
  expect((await extract(text)).event.communitySlug).toBeNull();
  const res = await callOp(t.app, 'updateCurrentUserProfile', { token: ownerToken, params: { slug: community.slug }, body: { expectedUpdatedAt: community.updatedAt, aliases: ['静かな提灯会'] } });
  expect(res.status).toBe(200);
  const r = await extract(text);
  expect(r.event).toMatchObject({ communitySlug: community.slug, title: '月夜の朗読会', venueLabel: 'Midnight Arcade', eventDate: '2026-12-05', start: '21:00', end: '23:00' });
});

test('when a world is no longer published, then its name is not found in announcements', async () => {
  const w = await t.services.directory.createWorld({ displayName: 'Hidden Grotto Hall' });
  expect((await extract('Sat Dec 5 9pm JST @ Hidden Grotto Hall')).event.venueLabel).toBe('Hidden Grotto Hall');
  await t.db('worlds').where({ id: w.id }).update({ visibility_status: 'hidden' });
  const r = await extract('Sat Dec 5 9pm JST @ Hidden Grotto Hall');
  expect(r.evidence.filter((e: { origin: string }) => e.origin === 'lookup')).toEqual([]);
});
