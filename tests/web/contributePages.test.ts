import { jest } from '@jest/globals';
import crypto from 'node:crypto';
import request from 'supertest';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { formBody, signedInUser } from '../helpers/webSession.js';
import { makeToken, stubPosterReader } from '../helpers/factories.js';
import { callOp } from '../helpers/contractClient.js';
import { loadDemoData } from '../../seeds/demo.js';
import { sessionForms } from '../../src/http/web/sessionForms.js';
import { transferOrigin } from '../../src/http/web/contributePages.js';
import type { UserRow } from '../../src/repositories/users.js';

// The contribution wizard and the correction page are HTML forms outside the API contract:
// raw supertest against the real app, signed in through the sign-in form.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { posterReader: stubPosterReader() });
  await loadDemoData(t.services);
});
afterAll(() => t.close());
const quiet: { mockRestore(): void }[] = [];
beforeEach(() => {
  quiet.push(jest.spyOn(console, 'error').mockImplementation(() => undefined));
});
afterEach(() => {
  for (const spy of quiet.splice(0)) spy.mockRestore();
});

const ANNOUNCEMENT = 'Polygon Painters present: Moonlit Sculpting Night\nSaturday 16 January 2027, 19:00–22:00\nA relaxed evening of avatar sculpting.';
/** The person as the pages act for them, to read what a form stored. */
const actorOf = (userId: string) => sessionForms(t.config, t.services).actorOf({ user: { id: userId } as UserRow, headers: {}, socket: {} } as never);
const post = (cookie: string, path: string, fields: [string, string][]) => request(t.app).post(path).set('Cookie', cookie).type('form').send(formBody(fields));
const hidden = (html: string, name: string) => new RegExp(`name="${name.replace(/\./g, '\\.')}" value="([^"]*)"`).exec(html)?.[1];
const draftIdOf = (location: string) => /^\/contribute\/([^/?#]+)/.exec(location)![1];

/** The fields a publishable draft form sends. */
const filled = (version: string, title: string): [string, string][] => [
  ['expectedVersion', version],
  ['communitySlug', 'polygon-painters'],
  ['title', title],
  ['eventDate', '2027-01-16'],
  ['timezone', 'Europe/Berlin'],
  ['start.time', '19:00'],
  ['start.dayOffset', ''],
  ['start.occurrence', ''],
  ['end.time', '22:00'],
  ['venueLabel', 'Main hall'],
  ['summary', 'A relaxed evening of avatar sculpting.'],
  ['lineup.0.clientKey', 'a'],
  ['lineup.0.performerLabel', 'Lena Falk'],
  ['lineup.0.roleLabel', 'Host'],
  ['lineup.0.start.time', '19:00'],
];

async function pastedDraft(cookie: string) {
  const res = await post(cookie, '/contribute', [
    ['start', 'text'],
    ['sourceText', ANNOUNCEMENT],
  ]);
  expect(res.status).toBe(303);
  return draftIdOf(res.headers.location);
}

describe('the contribution wizard', () => {
  test('when nobody is signed in, then the start page sends them to sign in and back', async () => {
    const res = await request(t.app).get('/contribute');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/login?next=%2Fcontribute');
  });

  test('when an announcement is pasted, saved, saved again from a stale version, published and the publish resent, then one event exists and the stale save keeps the typed values', async () => {
    const { cookie, user } = await signedInUser(t, '/contribute');
    const start = await request(t.app).get('/contribute').set('Cookie', cookie);
    expect(start.status).toBe(200);
    expect(start.headers['content-security-policy']).toContain("connect-src 'self'");
    expect(start.headers['cache-control']).toBe('no-store');

    const draftId = await pastedDraft(cookie);
    const form = await request(t.app).get(`/contribute/${draftId}`).set('Cookie', cookie);
    expect(form.status).toBe(200);
    // Extraction proposed values, shown as suggestions with their evidence and Accept / Clear buttons.
    expect(form.text).toContain('Suggested');
    expect(form.text).toContain('value="accept:title"');
    expect(form.text).toContain('From the announcement');
    const record = await t.services.drafts.read(actorOf(user.id), draftId);
    expect(record.fields.sourceText).toBe(ANNOUNCEMENT);
    expect(record.fields.tentative?.title).toBeTruthy();
    expect(record.fields.title).toBeUndefined();

    const version = hidden(form.text, 'expectedVersion')!;
    const title = `Moonlit Sculpting Night ${Date.now()}`;
    const saved = await post(cookie, `/contribute/${draftId}`, [...filled(version, title), ['op', 'acceptAll']]);
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toBe(`/contribute/${draftId}?saved=1`);
    const after = await t.services.drafts.read(actorOf(user.id), draftId);
    expect(after.version).toBe(Number(version) + 1);
    expect(after.fields).toMatchObject({ title, eventDate: '2027-01-16', start: { time: '19:00' }, end: { time: '22:00' }, lineup: [{ clientKey: 'a', position: 0, performerLabel: 'Lena Falk', roleLabel: 'Host', start: { time: '19:00' } }] });
    expect(after.fields.tentative).toBeUndefined();

    // The same form sent again names the old version: "changed elsewhere", nothing lost.
    const stale = await post(cookie, `/contribute/${draftId}`, filled(version, 'My newer title'));
    expect(stale.status).toBe(409);
    expect(stale.text).toContain('Changed elsewhere');
    expect(stale.text).toContain(`value="${title}"`);
    expect(stale.text).toContain('Your unsaved text: <q>My newer title</q>');
    expect(hidden(stale.text, 'expectedVersion')).toBe(String(after.version));

    // The autosave answers JSON: the new version, or a 409 problem.
    const auto = await post(cookie, `/contribute/${draftId}`, [...filled(String(after.version), title), ['autosave', '1']]).set('Accept', 'application/json');
    expect(auto.status).toBe(200);
    expect(auto.body).toEqual({ version: after.version + 1, savedAt: expect.any(String) });
    const autoStale = await post(cookie, `/contribute/${draftId}`, [...filled(String(after.version), title), ['autosave', '1']]).set('Accept', 'application/json');
    expect(autoStale.status).toBe(409);
    expect(autoStale.headers['content-type']).toMatch(/application\/problem\+json/);

    const review = await request(t.app).get(`/contribute/${draftId}`).set('Cookie', cookie);
    const key = /name="idempotencyKey" value="([0-9a-f]{32})"/.exec(review.text)![1];
    const publishVersion = /action="\/contribute\/[^"]+\/publish"[^>]*>\s*<input type="hidden" name="expectedVersion" value="(\d+)"/.exec(review.text)![1];
    const publishForm: [string, string][] = [
      ['expectedVersion', publishVersion],
      ['idempotencyKey', key],
    ];
    const stalePublish = await post(cookie, `/contribute/${draftId}/publish`, [['expectedVersion', String(after.version)], ['idempotencyKey', key]]);
    expect(stalePublish.status).toBe(409);
    expect(stalePublish.text).toContain('nothing was published');
    const published = await post(cookie, `/contribute/${draftId}/publish`, publishForm);
    expect(published.status).toBe(303);
    expect(published.headers.location).toMatch(/^\/events\/moonlit-sculpting-night-/);
    // The browser resends the same form after a lost answer: the same event, no second one.
    const again = await post(cookie, `/contribute/${draftId}/publish`, publishForm);
    expect(again.status).toBe(303);
    expect(again.headers.location).toBe(published.headers.location);
    const mine = await t.services.publishing.contributions(actorOf(user.id), {});
    expect(mine.contributions.filter((c) => c.title === title)).toHaveLength(1);
    const page = await request(t.app).get(published.headers.location);
    expect(page.status).toBe(200);
    expect(page.text).toContain(title);

    // Correcting it: the read revision goes back as expectedUpdatedAt; a stale one is 409 with the typed values kept.
    const slug = published.headers.location.split('/').pop()!;
    const edit = await request(t.app).get(`/account/contributions/${slug}/edit`).set('Cookie', cookie);
    expect(edit.status).toBe(200);
    const revision = hidden(edit.text, 'expectedUpdatedAt')!;
    const correction = (rev: string, newTitle: string): [string, string][] => [['expectedUpdatedAt', rev], ...filled('1', newTitle).filter(([k]) => k !== 'expectedVersion' && k !== 'communitySlug')];
    t.clock.advance(1000);
    const corrected = await post(cookie, `/account/contributions/${slug}/edit`, correction(revision, `${title} (moved hall)`));
    expect(corrected.status).toBe(303);
    expect(corrected.headers.location).toBe(`/events/${slug}`);
    const staleFix = await post(cookie, `/account/contributions/${slug}/edit`, correction(revision, 'Yet another title'));
    expect(staleFix.status).toBe(409);
    expect(staleFix.text).toContain('Changed elsewhere');
    expect(staleFix.text).toContain(`value="${title} (moved hall)"`);
    expect(staleFix.text).toContain('Your unsaved text: <q>Yet another title</q>');
  });

  test('when the same publish form is sent twice at once (a double click, or a retry racing the first), then both land on one event', async () => {
    const { cookie, user } = await signedInUser(t, '/contribute');
    const draftId = await pastedDraft(cookie);
    const title = `Racing Publish ${Date.now()}`;
    const form = await request(t.app).get(`/contribute/${draftId}`).set('Cookie', cookie);
    expect((await post(cookie, `/contribute/${draftId}`, [...filled(hidden(form.text, 'expectedVersion')!, title), ['op', 'acceptAll']])).status).toBe(303);
    const review = await request(t.app).get(`/contribute/${draftId}`).set('Cookie', cookie);
    const key = /name="idempotencyKey" value="([0-9a-f]{32})"/.exec(review.text)![1];
    const version = /action="\/contribute\/[^"]+\/publish"[^>]*>\s*<input type="hidden" name="expectedVersion" value="(\d+)"/.exec(review.text)![1];
    const send = () => post(cookie, `/contribute/${draftId}/publish`, [['expectedVersion', version], ['idempotencyKey', key]]);
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.map((a) => a.status)).toEqual([303, 303, 303]);
    expect(new Set(answers.map((a) => a.headers.location)).size).toBe(1);
    expect(answers[0].headers.location).toMatch(/^\/events\/racing-publish-/);
    const mine = await t.services.publishing.contributions(actorOf(user.id), {});
    expect(mine.contributions.filter((c) => c.title === title)).toHaveLength(1);
  });

  test('when a draft cannot be published, then the refusals are shown next to the fields', async () => {
    const { cookie } = await signedInUser(t, '/contribute');
    const blank = await post(cookie, '/contribute', [['start', 'blank']]);
    expect(blank.status).toBe(303);
    const draftId = draftIdOf(blank.headers.location);
    const form = await request(t.app).get(blank.headers.location).set('Cookie', cookie);
    const key = /name="idempotencyKey" value="([0-9a-f]{32})"/.exec(form.text)![1];
    const res = await post(cookie, `/contribute/${draftId}/publish`, [
      ['expectedVersion', '1'],
      ['idempotencyKey', key],
    ]);
    expect(res.status).toBe(400);
    expect(res.text).toContain('id="f-title-error"');
    expect(res.text).toMatch(/id="f-title"[^>]*aria-invalid="true"/);
    expect(res.text).toContain('id="f-communitySlug-error"');
  });

  test('when the lineup editor buttons are used without a script, then rows are added, moved and removed', async () => {
    const { cookie, user } = await signedInUser(t, '/contribute');
    const draftId = draftIdOf((await post(cookie, '/contribute', [['start', 'blank']])).headers.location);
    const rows: [string, string][] = [
      ['expectedVersion', '1'],
      ['lineup.0.clientKey', 'a'],
      ['lineup.0.performerLabel', 'First'],
      ['lineup.1.clientKey', 'b'],
      ['lineup.1.performerLabel', 'Second'],
    ];
    expect((await post(cookie, `/contribute/${draftId}`, [...rows, ['op', 'up:1']])).status).toBe(303);
    let d = await t.services.drafts.read(actorOf(user.id), draftId);
    expect(d.fields.lineup?.map((r) => r.performerLabel)).toEqual(['Second', 'First']);
    expect(d.fields.lineup?.map((r) => r.position)).toEqual([0, 1]);
    expect((await post(cookie, `/contribute/${draftId}`, [...rows.map(([k, v]): [string, string] => [k, k === 'expectedVersion' ? '2' : v]), ['op', 'remove:0']])).status).toBe(303);
    d = await t.services.drafts.read(actorOf(user.id), draftId);
    expect(d.fields.lineup?.map((r) => r.performerLabel)).toEqual(['Second']);
    const added = await post(cookie, `/contribute/${draftId}`, [['expectedVersion', '3'], ['op', 'add']]);
    expect(added.status).toBe(303);
    expect(added.headers.location).toContain('#lineup');
  });

  test("when someone else's draft is opened or written, then it is the not-found page", async () => {
    const owner = await signedInUser(t, '/contribute');
    const other = await signedInUser(t, '/contribute');
    const draftId = await pastedDraft(owner.cookie);
    const read = await request(t.app).get(`/contribute/${draftId}`).set('Cookie', other.cookie);
    expect(read.status).toBe(404);
    expect(read.headers['content-type']).toMatch(/text\/html/);
    expect((await post(other.cookie, `/contribute/${draftId}`, [['expectedVersion', '2'], ['title', 'mine now']])).status).toBe(404);
    expect((await post(other.cookie, `/contribute/${draftId}/publish`, [['expectedVersion', '2'], ['idempotencyKey', 'abc']])).status).toBe(404);
  });

  test('when a form comes from another site, then it is refused before anything is saved', async () => {
    const { cookie, user } = await signedInUser(t, '/contribute');
    const res = await post(cookie, '/contribute', [['start', 'blank']]).set('Origin', 'https://evil.example');
    expect(res.status).toBe(403);
    expect((await t.services.drafts.list(actorOf(user.id), {})).drafts).toHaveLength(0);
  });

  test('when NUL bytes, huge text or repeated fields are sent, then a readable 400, never a 500', async () => {
    const { cookie } = await signedInUser(t, '/contribute');
    const nul = await post(cookie, '/contribute', [['start', 'text'], ['sourceText', 'a\u0000b']]);
    expect(nul.status).toBe(400);
    expect(nul.headers['content-type']).toMatch(/text\/html/);
    expect(nul.text).toContain('sourceText');
    const undecodable = await request(t.app).post('/contribute').set('Cookie', cookie).type('form').send('start=text&sourceText=%E0%A4%A');
    expect(undecodable.status).toBe(400);
    expect(undecodable.headers['content-type']).toMatch(/text\/html/);
    const tooBig = await request(t.app).post('/contribute').set('Cookie', cookie).type('form').send(`start=text&sourceText=${'x'.repeat(600_000)}`);
    expect(tooBig.status).toBe(413);
    expect(tooBig.headers['content-type']).toMatch(/text\/html/);
    const huge = await post(cookie, '/contribute', [['start', 'text'], ['sourceText', 'x'.repeat(20000)]]);
    expect(huge.status).toBe(400);
    expect(huge.text).toContain('longer than 12000 characters');
    const draftId = draftIdOf((await post(cookie, '/contribute', [['start', 'blank']])).headers.location);
    const long = await post(cookie, `/contribute/${draftId}`, [['expectedVersion', '1'], ['title', 'y'.repeat(500)]]);
    expect(long.status).toBe(400);
    expect(long.text).toContain('id="f-title-error"');
    const twice = await post(cookie, `/contribute/${draftId}`, [['expectedVersion', '1'], ['title', 'a'], ['title', 'b']]);
    expect(twice.status).toBe(400);
    expect(twice.text).toContain('more than once');
    const badTime = await post(cookie, `/contribute/${draftId}`, [['expectedVersion', '1'], ['start.time', '25:99']]);
    expect(badTime.status).toBe(400);
    expect(badTime.text).toContain('id="f-start-time-error"');
    const json = await post(cookie, `/contribute/${draftId}`, [['expectedVersion', '1'], ['title', 'y'.repeat(500)], ['autosave', '1']]).set('Accept', 'application/json');
    expect(json.status).toBe(400);
    expect(json.body.errors[0]).toMatchObject({ pointer: '/title', field: 'title' });
    const nulId = await request(t.app).get('/contribute/a%00b').set('Cookie', cookie);
    expect(nulId.status).toBe(400);
  });

  test('when the wizard saves, then it counts in the API operation’s route class, the same window as the API', async () => {
    const { cookie, user } = await signedInUser(t, '/contribute');
    const draftId = draftIdOf((await post(cookie, '/contribute', [['start', 'blank']])).headers.location);
    const first = await post(cookie, `/contribute/${draftId}`, [['expectedVersion', '1'], ['title', 'One']]);
    const second = await post(cookie, `/contribute/${draftId}`, [['expectedVersion', '2'], ['title', 'Two']]);
    expect(Number(second.headers['ratelimit-remaining'])).toBe(Number(first.headers['ratelimit-remaining']) - 1);
    const token = (await makeToken(t.services, user.id, ['events:contribute'])).value;
    const api = await callOp(t.app, 'updateEventIntakeDraft', { token, params: { draftId }, body: { expectedVersion: 3, patch: { title: 'Three' } } });
    expect(api.headers['ratelimit-limit']).toBe(first.headers['ratelimit-limit']);
    // Viewing the draft counts as reading it (its own class), as the API's read does.
    const view = await request(t.app).get(`/contribute/${draftId}`).set('Cookie', cookie);
    const read = await callOp(t.app, 'getEventIntakeDraft', { token, params: { draftId } });
    expect(view.headers['ratelimit-limit']).toBe(read.headers['ratelimit-limit']);
    expect(view.headers['ratelimit-limit']).not.toBe(first.headers['ratelimit-limit']);
  });

  test('when a poster is uploaded without a script, then the server begins, stores and completes it; with a script the begin and complete answers are JSON', async () => {
    const { cookie, user } = await signedInUser(t, '/contribute');
    const png = await sharp({ create: { width: 320, height: 480, channels: 3, background: { r: 40, g: 20, b: 90 } } }).png().toBuffer();
    const res = await request(t.app).post('/contribute/poster').set('Cookie', cookie).attach('file', png, { filename: 'poster.png', contentType: 'image/png' });
    expect(res.status).toBe(303);
    const draft = await t.services.drafts.read(actorOf(user.id), draftIdOf(res.headers.location));
    expect(draft.fields.posterSourceId).toMatch(/^pst/);
    expect(draft.fields.posterDeclaration).toMatchObject({ contentType: 'image/png', byteLength: png.length });

    const gif = await request(t.app).post('/contribute/poster').set('Cookie', cookie).attach('file', Buffer.from('GIF89a'), { filename: 'x.gif', contentType: 'image/gif' });
    expect(gif.status).toBe(400);
    expect(gif.text).toContain('id="f-file-error"');

    const sha256 = crypto.createHash('sha256').update(png).digest('hex');
    const begun = await post(cookie, '/contribute/poster/begin', [['contentType', 'image/png'], ['byteLength', String(png.length)], ['sha256', sha256]]).set('Accept', 'application/json');
    expect(begun.status).toBe(200);
    expect(begun.body.transfer).toMatchObject({ method: 'POST', fileField: 'file' });
    const upload = request(t.app).post(new URL(begun.body.transfer.url).pathname);
    for (const [k, v] of Object.entries(begun.body.transfer.fields as Record<string, string>)) upload.field(k, v);
    expect((await upload.attach('file', png, { filename: 'poster.png', contentType: 'image/png' })).status).toBe(204);
    // A completion whose declaration the contract refuses is refused, and nothing of it is kept on the draft.
    const mangled = Object.entries({ ...(begun.body.complete.fields as Record<string, string>), byteLength: 'NaN' });
    const refused = await post(cookie, begun.body.complete.url, mangled).set('Accept', 'application/json');
    expect([refused.status, refused.body.errors?.[0]?.field]).toEqual([400, 'byteLength']);
    expect((await t.services.drafts.read(actorOf(user.id), begun.body.draftId)).fields.posterDeclaration).toBeUndefined();
    const done = await post(cookie, begun.body.complete.url, Object.entries(begun.body.complete.fields as Record<string, string>)).set('Accept', 'application/json');
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ redirect: `/contribute/${begun.body.draftId}` });
    const badBegin = await post(cookie, '/contribute/poster/begin', [['contentType', 'image/gif'], ['byteLength', '10'], ['sha256', 'nope']]).set('Accept', 'application/json');
    expect(badBegin.status).toBe(400);
    expect(badBegin.headers['content-type']).toMatch(/application\/problem\+json/);
  });

  test('when a publication looks like an existing event, then the warning lists it and an acknowledgement publishes with the same attempt', async () => {
    const { cookie } = await signedInUser(t, '/contribute');
    const title = `Twin Jam ${Date.now()}`;
    const publishOne = async () => {
      const draftId = draftIdOf((await post(cookie, '/contribute', [['start', 'blank']])).headers.location);
      expect((await post(cookie, `/contribute/${draftId}`, filled('1', title))).status).toBe(303);
      const form = await request(t.app).get(`/contribute/${draftId}`).set('Cookie', cookie);
      const key = /name="idempotencyKey" value="([0-9a-f]{32})"/.exec(form.text)![1];
      return { draftId, key, res: await post(cookie, `/contribute/${draftId}/publish`, [['expectedVersion', '2'], ['idempotencyKey', key]]) };
    };
    expect((await publishOne()).res.status).toBe(303);
    const second = await publishOne();
    expect(second.res.status).toBe(409);
    expect(second.res.text).toContain('Possible duplicates');
    const eventId = /name="ack" value="([^"]+)"/.exec(second.res.text)![1];
    expect(second.res.text).toContain(`name="idempotencyKey" value="${second.key}"`);
    const acked = await post(cookie, `/contribute/${second.draftId}/publish`, [['expectedVersion', '2'], ['idempotencyKey', second.key], ['ack', eventId]]);
    expect(acked.status).toBe(303);
    expect(acked.headers.location).toMatch(/^\/events\/twin-jam-/);
  });

  test('when the autosave sends a suggestion unchanged, then it stays a suggestion; an answer fills its field at each autosave and its question goes when the form is sent; Clear drops a suggestion', async () => {
    const { cookie, user } = await signedInUser(t, '/contribute');
    const draftId = await pastedDraft(cookie);
    const actor = actorOf(user.id);
    const before = await t.services.drafts.read(actor, draftId);
    const suggested = before.fields.tentative!;
    await t.services.drafts.update(actor, draftId, before.version, { questions: ['[/event/venueLabel] Where does it happen?'] });
    const form = await request(t.app).get(`/contribute/${draftId}`).set('Cookie', cookie);
    expect(form.text).toContain('Venue: Where does it happen?');
    const shown: [string, string][] = [['title', suggested.title!], ['communitySlug', suggested.communitySlug ?? '']];
    const auto = await post(cookie, `/contribute/${draftId}`, [['expectedVersion', String(before.version + 1)], ...shown, ['answer.0', 'Main hall'], ['autosave', '1']]).set('Accept', 'application/json');
    expect(auto.status).toBe(200);
    let d = await t.services.drafts.read(actor, draftId);
    expect(d.fields.title).toBeUndefined();
    expect(d.fields.tentative?.title).toBe(suggested.title);
    expect(d.fields.venueLabel).toBe('Main hall');
    expect(d.fields.questions).toEqual(['[/event/venueLabel] Where does it happen?']);
    // The page still shows the question and the venue field as they were: the next autosave keeps the answer.
    const again = await post(cookie, `/contribute/${draftId}`, [['expectedVersion', String(d.version)], ...shown, ['venueLabel', ''], ['answer.0', 'Main hall'], ['autosave', '1']]).set('Accept', 'application/json');
    expect(again.status).toBe(200);
    d = await t.services.drafts.read(actor, draftId);
    expect(d.fields.venueLabel).toBe('Main hall');
    // Sending the form (here with Clear) takes the answered question away.
    expect((await post(cookie, `/contribute/${draftId}`, [['expectedVersion', String(d.version)], ...shown, ['venueLabel', ''], ['answer.0', 'Main hall'], ['op', 'clear:title']])).status).toBe(303);
    d = await t.services.drafts.read(actor, draftId);
    expect(d.fields.questions).toBeUndefined();
    expect(d.fields.venueLabel).toBe('Main hall');
    expect(d.fields.title).toBeUndefined();
    expect(d.fields.tentative?.title).toBeUndefined();
  });

  test('when hostile text is typed, then the form shows it back as text, never as markup', async () => {
    const { cookie } = await signedInUser(t, '/contribute');
    const draftId = draftIdOf((await post(cookie, '/contribute', [['start', 'blank']])).headers.location);
    const hostile = '"><script>alert(1)</script><img src=x onerror=alert(2)>';
    expect((await post(cookie, `/contribute/${draftId}`, [['expectedVersion', '1'], ['title', hostile], ['lineup.0.performerLabel', hostile]])).status).toBe(303);
    const page = await request(t.app).get(`/contribute/${draftId}`).set('Cookie', cookie);
    expect(page.text).not.toContain('<script>alert');
    expect(page.text).not.toContain('<img src=x');
    expect(page.text).toContain('&lt;script>alert(1)&lt;/script>');
  });
});

describe('the transfer target in the pages’ connect-src', () => {
  test('when storage is embedded, then our own origin; with S3, the endpoint the presigned posts go to', () => {
    expect(transferOrigin({})).toBe("'self'");
    expect(transferOrigin({ S3_BUCKET: 'posters', S3_REGION: 'eu-central-1' })).toBe('https://posters.s3.eu-central-1.amazonaws.com');
    expect(transferOrigin({ S3_BUCKET: 'posters', S3_ENDPOINT: 'https://minio.example:9000', S3_FORCE_PATH_STYLE: '1' })).toBe('https://minio.example:9000');
    expect(transferOrigin({ S3_BUCKET: 'posters', S3_ENDPOINT: 'https://r2.example' })).toBe('https://posters.r2.example');
  });
});

