import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeToken, makeUser, uniqueTitle } from '../helpers/factories.js';
import { bodyOf, callOp, expectStatus } from '../helpers/contractClient.js';
import type { components } from '../../src/generated/openapi.js';

type CreateBody = components['schemas']['ApiEventCreateRequest'];

/**
 * Owner event create with an `Idempotency-Key` (contract 5.18: hosted event writes are atomic
 * with idempotency receipts; the REST operation carries them so both MCP transports share them).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitScale: 100 });
});
afterAll(() => t.close());

const START = Date.parse('2026-12-05T19:00:00Z');
const DAY = 24 * 3_600_000;

let n = 0;
async function owner() {
  const user = await makeUser(t.services);
  const token = (await makeToken(t.services, user.id, ['events:write'])).value;
  const community = await t.services.directory.createProfile({ profileType: 'community', displayName: `Receipt Crew ${++n}`, ownerUserId: user.id, timezone: 'Europe/Berlin' });
  return { user, token, community };
}
const create = (token: string, body: CreateBody, key?: string) => callOp(t.app, 'createCurrentUserCommunityEvent', { token, body, headers: key ? { 'Idempotency-Key': key } : {} });
const eventsOf = async (communityProfileId: string) => (await t.db('events').where({ community_profile_id: communityProfileId })).length;

describe('createCurrentUserCommunityEvent with an Idempotency-Key', () => {
  test('when the same create is repeated with the same key, then the first answer is replayed and one event exists', async () => {
    const { token, community } = await owner();
    const body: CreateBody = { title: uniqueTitle(), communitySlug: community.slug, startAt: START, summary: 'once' };
    const first = bodyOf(await create(token, body, 'create-1'), 200);
    // Member order does not matter (RFC 8785 canonical JSON).
    const again = bodyOf(await create(token, { summary: 'once', startAt: START, communitySlug: community.slug, title: body.title }, 'create-1'), 200);
    expect(again).toEqual(first);
    expect(await eventsOf(community.id)).toBe(1);
    expect((await t.services.audit.list({ action: 'event.created', limit: 50 })).filter((a) => a.resourceId === first.eventId)).toHaveLength(1);
  });

  test('when the key is reused with a different body, then 409 IDEMPOTENCY_CONFLICT and nothing is written', async () => {
    const { token, community } = await owner();
    const body: CreateBody = { title: uniqueTitle(), communitySlug: community.slug, startAt: START };
    bodyOf(await create(token, body, 'create-2'), 200);
    const res = await create(token, { ...body, summary: 'changed' }, 'create-2');
    expectStatus(res, 409);
    expect(res.body).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    expect(await eventsOf(community.id)).toBe(1);
  });

  test('when two identical creates with one key race, then exactly one event is published and both get its answer', async () => {
    const { token, community } = await owner();
    const body: CreateBody = { title: uniqueTitle(), communitySlug: community.slug, startAt: START };
    const answers = await Promise.all([1, 2, 3, 4].map(() => create(token, body, 'race-1')));
    const bodies = answers.map((r) => bodyOf(r, 200));
    expect(new Set(bodies.map((b) => b.eventId)).size).toBe(1);
    expect(await eventsOf(community.id)).toBe(1);
  });

  test('when keys are per account, then another owner may use the same key for its own event', async () => {
    const a = await owner();
    const b = await owner();
    const one = bodyOf(await create(a.token, { title: uniqueTitle(), communitySlug: a.community.slug, startAt: START }, 'shared-key'), 200);
    const two = bodyOf(await create(b.token, { title: uniqueTitle(), communitySlug: b.community.slug, startAt: START }, 'shared-key'), 200);
    expect(two.eventId).not.toBe(one.eventId);
  });

  test('when a create fails validation, then no receipt is left and the key stays usable', async () => {
    const { user, token, community } = await owner();
    const bad = await create(token, { title: uniqueTitle(), communitySlug: community.slug, startAt: START, endAt: START - 1 }, 'create-3');
    expectStatus(bad, 400);
    expect(await t.db('event_create_receipts').where({ user_id: user.id })).toHaveLength(0);
    bodyOf(await create(token, { title: uniqueTitle(), communitySlug: community.slug, startAt: START }, 'create-3'), 200);
  });

  test('when no key is sent, then every create publishes a new event', async () => {
    const { token, community } = await owner();
    const body: CreateBody = { title: uniqueTitle(), communitySlug: community.slug, startAt: START };
    const one = bodyOf(await create(token, body), 200);
    const two = bodyOf(await create(token, body), 200);
    expect(two.eventId).not.toBe(one.eventId);
    expect(two.slug).toBe(`${one.slug}-2`);
  });

  test('when the receipt is older than 24 hours, then the key starts afresh and the sweep forgets old receipts', async () => {
    const { user, token, community } = await owner();
    const body: CreateBody = { title: uniqueTitle(), communitySlug: community.slug, startAt: START + 3 * DAY };
    const first = bodyOf(await create(token, body, 'create-4'), 200);
    t.clock.advance(DAY + 1);
    const later = bodyOf(await create(token, body, 'create-4'), 200);
    expect(later.eventId).not.toBe(first.eventId);
    t.clock.advance(DAY + 1);
    const swept = await t.services.maintenance.sweepOnce();
    expect(swept.eventCreateReceipts).toBeGreaterThanOrEqual(1);
    expect(await t.db('event_create_receipts').where({ user_id: user.id })).toHaveLength(0);
  });

  test('when the key is malformed, then 400', async () => {
    const { token, community } = await owner();
    expectStatus(await create(token, { title: uniqueTitle(), communitySlug: community.slug, startAt: START }, 'no spaces allowed'), 400);
  });
});
