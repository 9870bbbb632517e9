/**
 * Owner write throughput: profile updates (PATCH with the current `updatedAt`) and owner event
 * creates with a lineup, each timed per request from concurrent clients, one owner per client
 * (each with a claimed community and a claimed person profile). The baseline is the same client
 * loop posting a JSON body of the same size to a bare express route in the same run.
 */
import crypto from 'node:crypto';
import type { Services } from '../src/services/index.js';
import { loop, timed, jsonRequest, type LoopResult } from './intake.js';

interface Owner {
  token: string;
  communitySlug: string;
  personSlug: string;
  updatedAt: number;
}

async function makeOwners(services: Services, clients: number): Promise<Owner[]> {
  return Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      const tag = crypto.randomBytes(4).toString('hex');
      const user = await services.users.create({ email: `bench-owner-${i}-${tag}@example.test`, password: 'benchmark password' });
      const { tokenValue } = await services.tokens.create(user.id, { label: 'bench owner', scopes: ['profile:write', 'events:write'] });
      const community = await services.directory.createProfile({ profileType: 'community', displayName: `Bench Collective ${tag}`, ownerUserId: user.id, timezone: 'Europe/Berlin' });
      const person = await services.directory.createProfile({
        profileType: 'person',
        displayName: `Bench Artist ${tag}`,
        ownerUserId: user.id,
        outboundLinks: [{ type: 'twitch', url: `https://www.twitch.tv/bench${tag}`, label: 'Twitch' }],
      });
      return { token: tokenValue, communitySlug: community.slug, personSlug: person.slug, updatedAt: person.updatedAt };
    }),
  );
}

export async function benchOwnerWrites(opts: { services: Services; baseUrl: string; bareUrl: string; clients: number; seconds: number }): Promise<LoopResult[]> {
  const { baseUrl, seconds, clients } = opts;
  const owners = await makeOwners(opts.services, clients);
  const profilePatch = (o: Owner, n: number) => ({
    expectedUpdatedAt: o.updatedAt,
    headline: `Resident selector, set ${n}`,
    bio: 'Deep house and broken beats every other Friday.',
    tags: ['house', 'breaks'],
    outboundLinks: [
      { type: 'twitch', url: `https://www.twitch.tv/${o.personSlug.replace(/-/g, '')}`, label: 'Twitch' },
      { type: 'soundcloud', url: `https://soundcloud.com/${o.personSlug}`, label: 'SoundCloud' },
    ],
  });
  const eventBody = (o: Owner) => {
    // Spread over ten years so slugs and same-day sets stay realistic.
    const start = Date.UTC(2027, 0, 1, 19) + crypto.randomInt(3650) * 86_400_000;
    return {
      communitySlug: o.communitySlug,
      title: `Bench night n${crypto.randomBytes(6).toString('hex')}`,
      startAt: start,
      endAt: start + 5 * 3_600_000,
      summary: 'Three DJs, one rooftop, no sleep.',
      watchMode: 'performer_sequence',
      participantLinks: [{ personSlug: o.personSlug, roleLabel: 'DJ' }],
      slotLinks: [0, 1, 2].map((i) => ({ displayLabel: `Set ${i + 1}`, personSlug: o.personSlug, startAt: start + i * 3_600_000, endAt: start + (i + 1) * 3_600_000 })),
    };
  };

  const results: LoopResult[] = [];
  results.push(await loop('POST bare express JSON (baseline)', clients, seconds, async (c) => timed(`${opts.bareUrl}/bare`, jsonRequest(undefined, 'POST', { patch: eventBody(owners[c]) }))));
  let n = 0;
  results.push(
    await loop('PATCH /api/v0/profiles/{slug}', clients, seconds, async (c) => {
      const o = owners[c];
      const r = await timed(`${baseUrl}/api/v0/profiles/${o.personSlug}`, jsonRequest(o.token, 'PATCH', profilePatch(o, ++n)));
      if (r.ok) o.updatedAt = r.body.updatedAt;
      return r;
    }),
  );
  results.push(await loop('POST /api/v0/events (owner create)', clients, seconds, async (c) => timed(`${baseUrl}/api/v0/events`, jsonRequest(owners[c].token, 'POST', eventBody(owners[c])))));
  return results;
}
