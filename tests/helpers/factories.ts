import crypto from 'node:crypto';
import type { Services } from '../../src/services/index.js';
import type { PosterText, PosterTextReader } from '../../src/services/posters/ocr.js';
import type { components } from '../../src/generated/openapi.js';
import type { TestApp } from './testApp.js';
import { bodyOf, callOp, paramsFromLink } from './contractClient.js';

export type DraftFields = components['schemas']['DraftFields'];

let n = 0;

/** A user whose deciding fields are explicit in the call. */
export async function makeUser(services: Services, opts: { verified?: boolean; email?: string } = {}) {
  const user = await services.users.create({
    email: opts.email ?? `user${++n}-${crypto.randomBytes(3).toString('hex')}@example.test`,
    password: 'correct horse battery staple',
  });
  if (opts.verified) await services.users.verifyEmail(user.id);
  return user;
}

/** A personal token with exactly `scopes`; returns the raw value and its id. */
export async function makeToken(services: Services, userId: string, scopes: string[], label = 'test token') {
  const { token, tokenValue } = await services.tokens.create(userId, { label, scopes });
  return { id: token.id, value: tokenValue };
}

/** A community-owned token (no user authority, contract 5.10), stored the way the service stores tokens. */
export async function makeCommunityToken(t: TestApp, ownerUserId: string, communityProfileId: string, scopes: string[]) {
  const { token, tokenValue } = await t.services.tokens.create(ownerUserId, { label: 'community', scopes });
  await t.db('api_tokens').where({ id: token.id }).update({ owner_kind: 'community', owner_community_profile_id: communityProfileId });
  return { id: token.id, value: tokenValue };
}

/** A fresh user with a personal token of exactly `scopes` (event contribution by default). */
export async function makeContributor(t: TestApp, scopes: string[] = ['events:contribute']) {
  const user = await makeUser(t.services);
  return { user, token: (await makeToken(t.services, user.id, scopes)).value };
}

/**
 * `createTestApp` deps: a poster reader that "recognises" `recognised` (nothing, by default)
 * without starting OCR workers. The real reader is exercised by its own tests.
 */
export function stubPosterReader(recognised: PosterText = { text: '', confidence: 0 }): () => PosterTextReader {
  const reader: PosterTextReader = { read: async () => recognised, close: async () => {} };
  return () => reader;
}

/** Saves a new draft with `patch` (POST /api/v0/event-intake); returns the response, whatever its status. */
export function saveDraft(t: TestApp, token: string, patch: DraftFields = {}) {
  return callOp(t.app, 'saveEventIntakeDraft', { token, body: { patch } });
}

let titles = 0;
/** A title no other event of this test run has, so near-duplicate checks never interfere. */
export const uniqueTitle = () => `Session q${++titles}${crypto.randomBytes(4).toString('hex')}`;

/**
 * The fields that decide whether and when a draft publishes: the community, the date and the
 * start (or `timeTba: true`) are the caller's to state; the title is unique unless given.
 */
export type PublishableFields = Omit<DraftFields, 'communitySlug' | 'eventDate'> & { communitySlug: string; eventDate: string };

/** Saves a draft ready to publish (version 1) and returns its id. */
export async function saveReadyDraft(t: TestApp, token: string, fields: PublishableFields) {
  return bodyOf(await saveDraft(t, token, { title: uniqueTitle(), ...fields }), 200).draftId;
}

/** Publishes a draft (POST /api/v0/event-intake/{draftId}/publish); returns the response, whatever its status. */
export function publishDraft(t: TestApp, token: string, draftId: string, expectedVersion: number, idempotencyKey: string) {
  return callOp(t.app, 'publishEventIntakeDraft', { token, params: { draftId }, body: { expectedVersion, idempotencyKey } });
}

/** Saves a ready draft and publishes it (must answer 200); returns the publish answer with the event's slug and draft id. */
export async function publishEvent(t: TestApp, token: string, fields: PublishableFields) {
  const draftId = await saveReadyDraft(t, token, fields);
  const published = bodyOf(await publishDraft(t, token, draftId, 1, `publish-${draftId}`), 200);
  return { ...published, draftId, slug: paramsFromLink('getPublicEventBySlug', published.eventPath).slug };
}
