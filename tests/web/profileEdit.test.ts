import crypto from 'node:crypto';
import { jest } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeToken, makeUser } from '../helpers/factories.js';
import { callOp, expectStatus } from '../helpers/contractClient.js';
import { formBody, signedInUser } from '../helpers/webSession.js';
import type { ProfileRow } from '../../src/repositories/profiles.js';

// The owner's profile editor (/manage/{slug}), a contributor's suggested edit (/suggest/{slug})
// and the owned list on /account: HTML forms outside the API contract, driven with raw supertest.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const quiet: { mockRestore(): void }[] = [];
beforeEach(() => {
  quiet.push(jest.spyOn(console, 'error').mockImplementation(() => undefined));
});
afterEach(() => {
  for (const spy of quiet.splice(0)) spy.mockRestore();
});

const unique = (name: string) => `${name} ${crypto.randomBytes(3).toString('hex')}`;
const stored = async (id: string) => (await t.repos.profiles.findById(id))!;

async function profile(opts: { type?: 'person' | 'community'; ownerUserId?: string; headline?: string; bio?: string; pronouns?: string } = {}): Promise<ProfileRow> {
  const created = await t.services.directory.createProfile({ profileType: opts.type ?? 'person', displayName: unique('Profile'), ...opts });
  return stored(created.id);
}

const get = (cookie: string, path: string) => request(t.app).get(path).set('Cookie', cookie);
const post = (cookie: string, path: string, fields: [string, string][]) =>
  request(t.app).post(path).set('Cookie', cookie).set('Origin', t.config.publicBaseUrl).type('form').send(formBody(fields));

/** The form as the page renders it for this profile, with `changes` over it. */
function fieldsOf(p: ProfileRow, changes: Record<string, string> = {}, links: [string, string, string?][] = []): [string, string][] {
  const base: Record<string, string> = {
    expectedUpdatedAt: String(p.updatedAt),
    displayName: p.displayName,
    aliases: p.aliases.join(', '),
    tags: p.tags.join(', '),
    headline: p.headline ?? '',
    bio: p.bio ?? '',
    region: p.region ?? '',
    timezone: p.timezone ?? '',
    ...(p.profileType === 'person' ? { pronouns: p.pronouns ?? '', roleTags: p.roleTags.join(', ') } : { subtype: p.communitySubtype ?? '', categoryTags: p.categoryTags.join(', ') }),
    ...changes,
  };
  return [
    ...Object.entries(base),
    ...links.flatMap(([type, url, label], i): [string, string][] => [
      [`links.${i}.type`, type],
      [`links.${i}.url`, url],
      [`links.${i}.label`, label ?? ''],
    ]),
  ];
}

/** The text of the message element an input names in aria-describedby. */
function messageOf(html: string, name: string): string | undefined {
  const input = new RegExp(`<(?:input|textarea|select)[^>]*name="${name.replace(/\./g, '\\.')}"[^>]*>`).exec(html)?.[0];
  const ids = input ? /aria-describedby="([^"]+)"/.exec(input)?.[1] : undefined;
  if (!ids || !/aria-invalid="true"/.test(input!)) return undefined;
  const id = ids.split(' ').find((x) => x.endsWith('-error'))!;
  return new RegExp(`id="${id.replace(/\./g, '\\.')}"[^>]*>([^<]*)<`).exec(html)?.[1];
}
const valueOf = (html: string, name: string) => new RegExp(`name="${name.replace(/\./g, '\\.')}"[^>]*value="([^"]*)"`).exec(html)?.[1] ?? new RegExp(`value="([^"]*)"[^>]*name="${name.replace(/\./g, '\\.')}"`).exec(html)?.[1];

describe('the owner edits a profile at /manage/{slug}', () => {
  test('when the owner saves fields and links, then the public page shows them at once, blank clears and the revision moves on', async () => {
    const { user, cookie } = await signedInUser(t, '/account');
    const p = await profile({ ownerUserId: user.id, headline: 'Old headline', bio: 'Old bio', pronouns: 'she/her' });
    const form = await get(cookie, `/manage/${p.slug}`);
    expect(form.status).toBe(200);
    expect(form.headers['cache-control']).toBe('no-store');
    expect(form.text).toContain(`name="expectedUpdatedAt" value="${p.updatedAt}"`);
    expect(form.text).toContain('data-hosts="{');
    expect(form.text).toContain('Leave it blank to clear it.');
    // Anonymous page views beforehand (kept for anonymous readers): the change must show anyway.
    const path = `/people/${p.slug}`;
    expect((await request(t.app).get(path)).text).toContain('Old headline');

    t.clock.advance(1000);
    const saved = await post(cookie, `/manage/${p.slug}`, fieldsOf(p, { headline: 'New headline', bio: '', aliases: 'DJ One, ,  DJ Uno ', roleTags: 'DJ, host' }, [['twitch', 'https://twitch.tv/someone'], ['website', 'https://example.org/me', 'My site']]));
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toBe(`/manage/${p.slug}?saved=1`);
    const after = await stored(p.id);
    expect(after.headline).toBe('New headline');
    expect(after.bio).toBeNull();
    expect(after.aliases).toEqual(['DJ One', 'DJ Uno']);
    expect(after.roleTags).toEqual(['DJ', 'host']);
    expect(after.pronouns).toBe('she/her');
    expect(after.updatedAt).toBeGreaterThan(p.updatedAt);
    expect(after.outboundLinks.map((l) => [l.type, l.url, l.label, l.source])).toEqual([
      ['twitch', 'https://twitch.tv/someone', 'Twitch', 'owner_authored'],
      ['website', 'https://example.org/me', 'My site', 'owner_authored'],
    ]);

    const notice = await get(cookie, saved.headers.location);
    expect(notice.text).toContain('Your changes are saved.');
    expect(notice.text).toContain(`href="${path}"`);
    const publicPage = await request(t.app).get(path);
    expect(publicPage.text).toContain('New headline');
    expect(publicPage.text).not.toContain('Old bio');
    expect(publicPage.text).toContain('https://twitch.tv/someone');
    expect(publicPage.text).toContain(`href="/manage/${p.slug}"`);
  });

  test('when a link points at the wrong provider host, then the message is next to that row’s address and every typed value is kept', async () => {
    const { user, cookie } = await signedInUser(t, '/account');
    const p = await profile({ ownerUserId: user.id, headline: 'Kept headline' });
    const res = await post(cookie, `/manage/${p.slug}`, fieldsOf(p, { headline: 'Typed headline' }, [['website', 'https://example.org'], ['twitch', 'https://twitch.evil.example/x', 'Stream']]));
    expect(res.status).toBe(400);
    expect(res.text).toContain('One field needs your attention.');
    expect(messageOf(res.text, 'links.1.url')).toBe('Must point at twitch.tv for a twitch link.');
    expect(messageOf(res.text, 'links.0.url')).toBeUndefined();
    expect(valueOf(res.text, 'links.1.url')).toBe('https://twitch.evil.example/x');
    expect(valueOf(res.text, 'links.1.label')).toBe('Stream');
    expect(valueOf(res.text, 'headline')).toBe('Typed headline');
    expect((await stored(p.id)).headline).toBe('Kept headline');
  });

  test('when a blank row sits between links, then it is dropped and a later row’s refusal still lands on that row', async () => {
    const { user, cookie } = await signedInUser(t, '/account');
    const p = await profile({ ownerUserId: user.id });
    const res = await post(cookie, `/manage/${p.slug}`, fieldsOf(p, {}, [['website', ''], ['discord', 'https://example.com/invite']]));
    expect(res.status).toBe(400);
    expect(messageOf(res.text, 'links.1.url')).toBe('Must point at discord.gg, discord.com, discordapp.com for a discord link.');
  });

  test('when the profile changed elsewhere, then the answer is 409 with the typed values kept and the latest revision in the form', async () => {
    const { user, cookie } = await signedInUser(t, '/account');
    const p = await profile({ ownerUserId: user.id });
    t.clock.advance(1000);
    const token = (await makeToken(t.services, user.id, ['profile:write'])).value;
    expectStatus(await callOp(t.app, 'updateCurrentUserProfile', { token, params: { slug: p.slug }, body: { expectedUpdatedAt: p.updatedAt, headline: 'Elsewhere' } }), 200);
    const latest = await stored(p.id);
    const res = await post(cookie, `/manage/${p.slug}`, fieldsOf(p, { headline: 'Mine' }));
    expect(res.status).toBe(409);
    expect(res.text).toContain('changed elsewhere');
    expect(valueOf(res.text, 'headline')).toBe('Mine');
    expect(res.text).toContain(`name="expectedUpdatedAt" value="${latest.updatedAt}"`);
    expect((await stored(p.id)).headline).toBe('Elsewhere');
  });

  test('when someone who does not own it opens or posts the editor, then it is the 404 page, whether the profile is unclaimed or claimed', async () => {
    const { cookie } = await signedInUser(t, '/account');
    const other = await makeUser(t.services);
    const claimed = await profile({ ownerUserId: other.id });
    const unclaimed = await profile();
    for (const p of [claimed, unclaimed]) {
      const page = await get(cookie, `/manage/${p.slug}`);
      expect(page.status).toBe(404);
      expect(page.text).toContain('Page not found');
      expect((await post(cookie, `/manage/${p.slug}`, fieldsOf(p, { headline: 'Hijack' }))).status).toBe(404);
      expect((await stored(p.id)).headline).toBeNull();
    }
    expect((await get(cookie, '/manage/no-such-profile-here')).status).toBe(404);
    const anonymous = await request(t.app).get(`/manage/${claimed.slug}`);
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.location).toBe(`/login?next=${encodeURIComponent(`/manage/${claimed.slug}`)}`);
  });

  test('when the form comes from another site, then it is refused and nothing changes', async () => {
    const { user, cookie } = await signedInUser(t, '/account');
    const p = await profile({ ownerUserId: user.id });
    const res = await request(t.app).post(`/manage/${p.slug}`).set('Cookie', cookie).set('Origin', 'https://evil.example').type('form').send(formBody(fieldsOf(p, { headline: 'Forged' })));
    expect(res.status).toBe(403);
    expect((await stored(p.id)).headline).toBeNull();
  });

  test('when the row buttons are used without a script, then the rows are added, moved and removed on the page and nothing is saved', async () => {
    const { user, cookie } = await signedInUser(t, '/account');
    const p = await profile({ ownerUserId: user.id });
    const links: [string, string][] = [['website', 'https://a.example.org'], ['twitch', 'https://twitch.tv/b']];
    const added = await post(cookie, `/manage/${p.slug}`, [...fieldsOf(p, { headline: 'Typed' }, links), ['op', 'add']]);
    expect(added.status).toBe(200);
    expect(added.text).toContain('name="links.2.url" value maxlength');
    expect(valueOf(added.text, 'headline')).toBe('Typed');
    const moved = await post(cookie, `/manage/${p.slug}`, [...fieldsOf(p, {}, links), ['op', 'down:0']]);
    expect(valueOf(moved.text, 'links.0.url')).toBe('https://twitch.tv/b');
    expect(valueOf(moved.text, 'links.1.url')).toBe('https://a.example.org');
    const removed = await post(cookie, `/manage/${p.slug}`, [...fieldsOf(p, {}, links), ['op', 'remove:0']]);
    expect(valueOf(removed.text, 'links.0.url')).toBe('https://twitch.tv/b');
    expect(removed.text).not.toContain('https://a.example.org');
    expect((await stored(p.id)).updatedAt).toBe(p.updatedAt);
    expect((await post(cookie, `/manage/${p.slug}`, [...fieldsOf(p), ['op', 'explode']])).status).toBe(400);
  });

  test('when the form holds NUL, a huge value or a repeated field, then a readable 400 page answers and nothing is saved', async () => {
    const { user, cookie } = await signedInUser(t, '/account');
    const p = await profile({ ownerUserId: user.id });
    const nul = await post(cookie, `/manage/${p.slug}`, fieldsOf(p, { headline: 'bad\u0000text' }));
    expect(nul.status).toBe(400);
    expect(nul.headers['content-type']).toMatch(/^text\/html/);
    expect(messageOf(nul.text, 'headline')).toBeDefined();
    const huge = await post(cookie, `/manage/${p.slug}`, fieldsOf(p, { displayName: 'x'.repeat(20_000) }));
    expect(huge.status).toBe(400);
    expect(huge.headers['content-type']).toMatch(/^text\/html/);
    expect(messageOf(huge.text, 'displayName')).toBe('Must have at most 80 characters.');
    const repeated = await post(cookie, `/manage/${p.slug}`, [...fieldsOf(p), ['headline', 'second']]);
    expect(repeated.status).toBe(400);
    expect(repeated.headers['content-type']).toMatch(/^text\/html/);
    expect(repeated.text).toContain('was sent more than once');
    const noRevision = await post(cookie, `/manage/${p.slug}`, fieldsOf(p, { expectedUpdatedAt: 'soon' }));
    expect(noRevision.status).toBe(400);
    expect((await stored(p.id)).updatedAt).toBe(p.updatedAt);
  });

  test('when the owner sends more than the public_write window allows, then a readable 429 page answers', async () => {
    const { user, cookie } = await signedInUser(t, '/account');
    const p = await profile({ ownerUserId: user.id });
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await post(cookie, `/manage/${p.slug}`, [...fieldsOf(p), ['op', 'add']])).status;
    expect(last).toBe(429);
    const refused = await post(cookie, `/manage/${p.slug}`, fieldsOf(p, { headline: 'Too late' }));
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.text).toContain('Too many requests');
    t.clock.advance(61_000);
  });
});

describe('a contributor suggests an edit at /suggest/{slug}', () => {
  test('when the profile is unclaimed, then the suggestion is published at once as a community contribution, private fields stay out of reach', async () => {
    const { user, cookie } = await signedInUser(t, '/account');
    const p = await profile({ bio: 'Secret bio', headline: 'Public headline' });
    await t.db('profiles').where({ id: p.id }).update({ private_fields: JSON.stringify(['bio']) });
    const before = await stored(p.id);
    const publicPage = await request(t.app).get(`/people/${p.slug}`);
    expect(publicPage.text).toContain(`href="/suggest/${p.slug}"`);

    const form = await get(cookie, `/suggest/${p.slug}`);
    expect(form.status).toBe(200);
    expect(form.text).toContain('What happens to your suggestion');
    expect(form.text).not.toContain('name="bio"');
    expect(form.text).not.toContain('Secret bio');

    const fields = fieldsOf(before, { headline: 'Better headline' }, [['soundcloud', 'https://soundcloud.com/someone']]).filter(([k]) => k !== 'bio');
    const sent = await post(cookie, `/suggest/${p.slug}`, fields);
    expect(sent.status).toBe(303);
    expect(sent.headers.location).toBe(`/suggest/${p.slug}?saved=1`);
    expect((await get(cookie, sent.headers.location)).text).toContain('your suggestion is published');
    const after = await stored(p.id);
    expect(after.headline).toBe('Better headline');
    expect(after.bio).toBe('Secret bio');
    expect(after.outboundLinks.map((l) => l.source)).toEqual(['community_submitted']);
    const audit = (await t.services.audit.list({ action: 'profile.updated', limit: 500 })).filter((r) => r.resourceId === p.id);
    expect(audit.map((r) => (r.metadata as { source: string; writerUserId: string }).source)).toEqual(['community_contributor']);
    expect((audit[0].metadata as { writerUserId: string }).writerUserId).toBe(user.id);
    expect((await request(t.app).get(`/people/${p.slug}`)).text).toContain('Better headline');

    // A crafted body reaching the private field is refused by the service, nothing written.
    const reach = await post(cookie, `/suggest/${p.slug}`, [...fieldsOf(after, {}).filter(([k]) => k !== 'bio'), ['bio', 'Overwritten']]);
    expect(reach.status).toBe(403);
    expect(reach.text).toContain('keeps bio private');
    expect((await stored(p.id)).bio).toBe('Secret bio');
  });

  test('when the profile is claimed, then the page explains only its owner edits it; its owner is sent to the editor', async () => {
    const { cookie } = await signedInUser(t, '/account');
    const owner = await signedInUser(t, '/account');
    const p = await profile({ ownerUserId: owner.user.id });
    const page = await get(cookie, `/suggest/${p.slug}`);
    expect(page.status).toBe(403);
    expect(page.text).toContain('only its owner can change it');
    expect((await post(cookie, `/suggest/${p.slug}`, fieldsOf(p, { headline: 'Nope' }))).status).toBe(403);
    expect((await stored(p.id)).headline).toBeNull();
    const own = await get(owner.cookie, `/suggest/${p.slug}`);
    expect(own.status).toBe(303);
    expect(own.headers.location).toBe(`/manage/${p.slug}`);
  });
});

describe('the account page lists what the person owns', () => {
  test('when the person owns a person and a community profile, then each is listed with its state and where to manage it', async () => {
    const { user, cookie } = await signedInUser(t, '/account');
    const person = await profile({ ownerUserId: user.id });
    const community = await profile({ ownerUserId: user.id, type: 'community' });
    await t.db('profiles').where({ id: person.id }).update({ publication_state: 'draft_private' });
    const res = await get(cookie, '/account');
    expect(res.status).toBe(200);
    expect(res.text).toContain('Your profiles and communities');
    expect(res.text).toContain(`href="/manage/${person.slug}"`);
    expect(res.text).toContain(`href="/manage/${person.slug}/media"`);
    expect(res.text).not.toContain(`href="/manage/${person.slug}/events"`);
    expect(res.text).not.toContain(`href="/people/${person.slug}"`);
    expect(res.text).toContain('Draft, not public');
    expect(res.text).toContain(`href="/communities/${community.slug}"`);
    expect(res.text).toContain(`href="/manage/${community.slug}/events"`);
    for (const href of ['/account/drafts', '/account/contributions', '/contribute']) expect(res.text).toContain(`href="${href}"`);

    const other = await signedInUser(t, '/account');
    expect((await get(other.cookie, '/account')).text).toContain('You do not own a profile or community yet.');
  });
});
