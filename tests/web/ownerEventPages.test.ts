import { jest } from '@jest/globals';
import ICAL from 'ical.js';
import request from 'supertest';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeToken } from '../helpers/factories.js';
import { bodyOf, callOp, expectStatus } from '../helpers/contractClient.js';
import { formBody, signedInUser } from '../helpers/webSession.js';
import type { StoredOutboundLink } from '../../src/repositories/profiles.js';

// The owner's event pages are HTML forms outside the API contract: raw supertest against the real
// app; what they wrote is read back through the API (callOp checks it against the contract), the
// public event page and the community's calendar feed (parsed with ical.js).
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

const HOUR = 3_600_000;
/** Friday 11 December 2026, 21:00 in Berlin (20:00 UTC): three weeks after the test clock. */
const START = Date.parse('2026-12-11T20:00:00Z');
const AURORA_LINKS: StoredOutboundLink[] = [
  { type: 'twitch', url: 'https://www.twitch.tv/AuroraFlowDJ', label: 'Twitch' },
  { type: 'vrcdn', url: 'https://stream.vrcdn.live/live/auroraflow', label: 'VRCDN' },
];
const BASALT_LINKS: StoredOutboundLink[] = [{ type: 'youtube', url: 'https://www.youtube.com/@BasaltBeats', label: 'YouTube' }];

let n = 0;
async function owner() {
  const { user, cookie } = await signedInUser(t);
  const community = await t.services.directory.createProfile({ profileType: 'community', displayName: `Owner Crew ${++n}`, ownerUserId: user.id, timezone: 'Europe/Berlin' });
  return { user, cookie, community };
}
async function performers() {
  const aurora = await t.services.directory.createProfile({ profileType: 'person', displayName: `Aurora ${++n}`, outboundLinks: AURORA_LINKS });
  const basalt = await t.services.directory.createProfile({ profileType: 'person', displayName: `Basalt ${++n}`, outboundLinks: BASALT_LINKS });
  return { aurora, basalt };
}

const get = (cookie: string, path: string) => request(t.app).get(path).set('Cookie', cookie);
const post = (cookie: string, path: string, fields: [string, string][], origin = 'http://marquee.test') =>
  request(t.app).post(path).set('Cookie', cookie).set('Origin', origin).type('form').send(formBody(fields));

/** The hidden field's value in a rendered form. */
const hiddenValue = (html: string, name: string) => new RegExp(`name="${name.replace(/\./g, '\\.')}" value="([^"]*)"`).exec(html)?.[1];

/** A filled create form: two slots, the first with a chosen stream, one participant. */
function createFields(p: { aurora: { slug: string }; basalt: { slug: string } }, key: string, title: string): [string, string][] {
  return [
    ['idempotencyKey', key],
    ['title', title],
    ['eventDate', '2026-12-11'],
    ['timezone', 'Europe/Berlin'],
    ['start.time', '21:00'],
    ['end.time', '01:00'],
    ['end.dayOffset', ''],
    ['doors.time', '20:30'],
    ['doors.dayOffset', '0'],
    ['summary', 'Two sets, one night.'],
    ['worldSlug', ''],
    ['notes', 'Bring the spare cable'],
    ['slots.0.displayLabel', 'Aurora Flow'],
    ['slots.0.personSlug', p.aurora.slug],
    ['slots.0.roleLabel', 'DJ'],
    ['slots.0.start.time', '21:00'],
    ['slots.0.start.dayOffset', ''],
    ['slots.0.end.time', '23:00'],
    ['slots.0.end.dayOffset', ''],
    ['slots.0.selectedStreamId', 'twitch:auroraflowdj'],
    ['slots.1.displayLabel', 'Basalt Beats'],
    ['slots.1.personSlug', p.basalt.slug],
    ['slots.1.roleLabel', 'DJ'],
    ['slots.1.start.time', '23:00'],
    ['slots.1.start.dayOffset', ''],
    ['slots.1.end.time', '01:00'],
    ['slots.1.end.dayOffset', ''],
    ['slots.1.selectedStreamId', ''],
    ['participants.0.personSlug', p.basalt.slug],
    ['participants.0.roleLabel', 'Host'],
    ['watchMode', 'performer_sequence'],
    ['watchSurfaceEnabled', 'on'],
    ['op', 'save'],
  ];
}

async function createThroughForm(cookie: string, communitySlug: string, title = `Winter Session ${++n}`) {
  const p = await performers();
  const form = await get(cookie, `/manage/${communitySlug}/events/new`);
  expect(form.status).toBe(200);
  const key = hiddenValue(form.text, 'idempotencyKey')!;
  const res = await post(cookie, `/manage/${communitySlug}/events/new`, createFields(p, key, title));
  expect(res.status).toBe(303);
  const slug = /^\/manage\/events\/([^?]+)\?done=created$/.exec(res.headers.location)![1];
  return { slug, key, p, title };
}

/** The form's own fields, as an edit page renders them (every input, select and textarea with its value). */
function fieldsOf(html: string): [string, string][] {
  const form = html.slice(html.indexOf('<form method="post" action="/manage/events/'), html.indexOf('</form>', html.indexOf('class="form owner-event"')));
  const out: [string, string][] = [];
  for (const m of form.matchAll(/<input([^>]*)>/g)) {
    const name = /name="([^"]*)"/.exec(m[1])?.[1];
    const type = /type="([^"]*)"/.exec(m[1])?.[1];
    if (!name || type === 'submit') continue;
    if ((type === 'radio' || type === 'checkbox') && !/\bchecked\b/.test(m[1])) continue;
    out.push([name, decode(/value="([^"]*)"/.exec(m[1])?.[1] ?? '')]);
  }
  for (const m of form.matchAll(/<select[^>]*name="([^"]*)"[^>]*>([\s\S]*?)<\/select>/g)) {
    out.push([m[1], decode(/<option value="([^"]*)" selected/.exec(m[2])?.[1] ?? /<option value="([^"]*)"/.exec(m[2])?.[1] ?? '')]);
  }
  for (const m of form.matchAll(/<textarea[^>]*name="([^"]*)"[^>]*>([\s\S]*?)<\/textarea>/g)) out.push([m[1], decode(m[2])]);
  return out;
}
const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
const withField = (fields: [string, string][], name: string, value: string): [string, string][] => fields.map(([k, v]) => [k, k === name ? value : v]);

describe('the owner’s event pages', () => {
  test('when nobody is signed in, then they are sent to sign in', async () => {
    const res = await request(t.app).get('/manage/some-crew/events');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/login?next=%2Fmanage%2Fsome-crew%2Fevents');
  });

  test('when an owner creates an event with two slots and a chosen stream, then the public read, the event page and the manage list show them; a second send of the same form publishes nothing new', async () => {
    const { user, cookie, community } = await owner();
    const empty = await get(cookie, `/manage/${community.slug}/events`);
    expect(empty.status).toBe(200);
    expect(empty.headers['cache-control']).toBe('no-store');
    expect(empty.headers['content-security-policy']).toContain("connect-src 'self'");
    expect(empty.text).toContain('No upcoming events.');
    expect(empty.text).toContain(`href="/manage/${community.slug}/events/new"`);

    const form = await get(cookie, `/manage/${community.slug}/events/new`);
    expect(form.text).toContain('<option value="Europe/Berlin" selected>Berlin — Europe/Berlin</option>');
    expect(form.text).toContain('data-typeahead="person" data-label-input="slots.0.displayLabel"');
    expect(form.text).toContain('<fieldset data-rows="slots">');

    const { slug, key, p, title } = await createThroughForm(cookie, community.slug);
    const read = bodyOf(await callOp(t.app, 'getPublicEventBySlug', { params: { slug } }), 200);
    expect(read).toMatchObject({ title, startAt: START, endAt: START + 4 * HOUR, doorsOpenAt: START - HOUR / 2, timezone: 'Europe/Berlin', watchMode: 'performer_sequence', summary: 'Two sets, one night.' });
    expect(JSON.stringify(read)).not.toContain('spare cable');
    const slots = (read as unknown as { slots: { displayLabel: string; startAt: number; endAt: number; selectedStreamId?: string | null }[] }).slots;
    expect(slots.map((s) => [s.displayLabel, s.startAt, s.endAt])).toEqual([
      ['Aurora Flow', START, START + 2 * HOUR],
      ['Basalt Beats', START + 2 * HOUR, START + 4 * HOUR],
    ]);
    expect(JSON.stringify(slots[0])).toContain('twitch:auroraflowdj');

    const publicPage = await request(t.app).get(`/events/${slug}`);
    expect(publicPage.status).toBe(200);
    expect(publicPage.text).toContain('Aurora Flow');
    expect(publicPage.text).toContain('Basalt Beats');

    const edit = await get(cookie, `/manage/events/${slug}?done=created`);
    expect(edit.status).toBe(200);
    expect(edit.text).toContain('The event is published.');
    expect(edit.text).toContain('<option value="twitch:auroraflowdj" selected>');
    expect(edit.text).toContain(`value="${p.basalt.slug}"`);
    expect(edit.text).toContain('Bring the spare cable');

    const list = await get(cookie, `/manage/${community.slug}/events`);
    expect(list.text).toContain(`href="/manage/events/${slug}"`);
    expect(list.text).toContain(title);

    // The same form sent again (a refresh, a double click): the first event, nothing new.
    const again = await post(cookie, `/manage/${community.slug}/events/new`, createFields(p, key, title));
    expect(again.status).toBe(303);
    expect(again.headers.location).toBe(`/manage/events/${slug}?done=created`);
    const token = (await makeToken(t.services, user.id, ['events:read'])).value;
    const mine = bodyOf(await callOp(t.app, 'listCurrentApiUserEvents', { token }), 200);
    expect(mine.events).toHaveLength(1);
  });

  test('when a create form is refused, then the messages stand next to their fields, the typed values and the idempotency key are kept', async () => {
    const { cookie, community } = await owner();
    const p = await performers();
    const form = await get(cookie, `/manage/${community.slug}/events/new`);
    const key = hiddenValue(form.text, 'idempotencyKey')!;
    let fields = createFields(p, key, 'Refused Night');
    fields = withField(fields, 'slots.1.start.time', '25:00');
    fields = withField(fields, 'slots.0.selectedStreamId', 'twitch:someoneelse');
    const res = await post(cookie, `/manage/${community.slug}/events/new`, fields);
    expect(res.status).toBe(400);
    expect(res.text).toContain('id="f-slots-1-start-time-error"');
    expect(res.text).toContain('aria-invalid="true"');
    expect(res.text).toContain('value="Refused Night"');
    expect(hiddenValue(res.text, 'idempotencyKey')).toBe(key);

    // Fixed: the service's own refusal (the stream is not the performer's) lands on its field.
    const res2 = await post(cookie, `/manage/${community.slug}/events/new`, withField(fields, 'slots.1.start.time', '23:00'));
    expect(res2.status).toBe(400);
    expect(res2.text).toMatch(/id="f-slots-0-selectedStreamId-error"[^>]*>Is not one of the performer/);

    // A time the clocks skip (Berlin, 29 March 2026, 02:30) is refused beside the start.
    const gap = await post(cookie, `/manage/${community.slug}/events/new`, withField(withField(withField(createFields(p, key, 'Gap Night'), 'eventDate', '2027-03-28'), 'start.time', '02:30'), 'slots.0.selectedStreamId', ''));
    expect(gap.status).toBe(400);
    expect(gap.text).toMatch(/id="f-start-time-error"[^>]*>02:30 does not exist/);
  });

  test('when the start falls in the hour the clocks repeat, then the form asks which one; the answer is kept and shown again on the edit page', async () => {
    const { cookie, community } = await owner();
    const p = await performers();
    const form = await get(cookie, `/manage/${community.slug}/events/new`);
    const key = hiddenValue(form.text, 'idempotencyKey')!;
    // Berlin, Sunday 31 October 2027: 02:30 happens at 00:30 and at 01:30 UTC.
    const fields = createFields(p, key, 'Fold Night')
      .filter(([k]) => !k.startsWith('slots.') && !k.startsWith('end.') && !k.startsWith('doors.'))
      .map(([k, v]): [string, string] => [k, k === 'eventDate' ? '2027-10-31' : k === 'start.time' ? '02:30' : v]);
    const asked = await post(cookie, `/manage/${community.slug}/events/new`, fields);
    expect(asked.status).toBe(400);
    expect(asked.text).toContain('name="start.occurrence"');
    expect(asked.text).toMatch(/id="f-start-occurrence-error"[^>]*>02:30 happens twice/);
    expect(asked.text).toContain('The clocks change in Europe/Berlin on 2027-10-31');

    const answered = await post(cookie, `/manage/${community.slug}/events/new`, [...fields, ['start.occurrence', 'later']]);
    expect(answered.status).toBe(303);
    const slug = /^\/manage\/events\/([^?]+)/.exec(answered.headers.location)![1];
    expect(bodyOf(await callOp(t.app, 'getPublicEventBySlug', { params: { slug } }), 200).startAt).toBe(Date.parse('2027-10-31T01:30:00Z'));
    const edit = await get(cookie, `/manage/events/${slug}`);
    expect(edit.text).toMatch(/name="start\.occurrence"[^>]*>[\s\S]*?<option value="later" selected>/);
    expect(edit.text).toContain('value="02:30"');
  });

  test('when the owner edits the event, then the change is published; an edit over a newer version answers 409 with the typed values kept', async () => {
    const { user, cookie, community } = await owner();
    const { slug } = await createThroughForm(cookie, community.slug);
    const page = await get(cookie, `/manage/events/${slug}`);
    const fields = fieldsOf(page.text);
    expect(fields).toContainEqual(['slots.1.displayLabel', 'Basalt Beats']);

    // Edit: a new title, the second slot removed.
    const edited = await post(cookie, `/manage/events/${slug}`, withField(fields, 'title', 'Renamed Night').filter(([k]) => !k.startsWith('slots.1.')));
    expect(edited.status).toBe(303);
    expect(edited.headers.location).toBe(`/manage/events/${slug}?done=saved`);
    const read = bodyOf(await callOp(t.app, 'getPublicEventBySlug', { params: { slug } }), 200);
    expect(read.title).toBe('Renamed Night');
    expect((read as unknown as { slots: unknown[] }).slots).toHaveLength(1);
    // The kept stream choice and the private notes survived the round trip.
    expect(JSON.stringify(read)).toContain('twitch:auroraflowdj');
    expect((await get(cookie, `/manage/events/${slug}`)).text).toContain('Bring the spare cable');

    // Someone else (the API, another browser) changes it meanwhile.
    const stalePage = await get(cookie, `/manage/events/${slug}`);
    const staleFields = fieldsOf(stalePage.text);
    const token = (await makeToken(t.services, user.id, ['events:write'])).value;
    t.clock.advance(1000);
    expectStatus(await callOp(t.app, 'updateCurrentUserCommunityEvent', { token, params: { slug }, body: { summary: 'Changed through the API.' } }), 200);
    const stale = await post(cookie, `/manage/events/${slug}`, withField(staleFields, 'title', 'My Typed Title'));
    expect(stale.status).toBe(409);
    expect(stale.text).toContain('changed elsewhere');
    expect(stale.text).toContain('value="My Typed Title"');
    expect(bodyOf(await callOp(t.app, 'getPublicEventBySlug', { params: { slug } }), 200).title).toBe('Renamed Night');
    // The form now carries the latest revision: sending it again replaces it on purpose.
    const again = await post(cookie, `/manage/events/${slug}`, fieldsOf(stale.text));
    expect(again.status).toBe(303);
    expect(bodyOf(await callOp(t.app, 'getPublicEventBySlug', { params: { slug } }), 200).title).toBe('My Typed Title');
  });

  test('when the owner cancels (after confirming), then the community calendar says STATUS:CANCELLED and the event page shows the banner; restoring brings it back', async () => {
    const { cookie, community } = await owner();
    const { slug } = await createThroughForm(cookie, community.slug);
    const read = bodyOf(await callOp(t.app, 'getPublicEventBySlug', { params: { slug } }), 200);
    const statusInFeed = async () => {
      const feed = await callOp(t.app, 'getPublicCommunityCalendar', { params: { slug: community.slug } });
      expectStatus(feed, 200);
      const vevent = new ICAL.Component(ICAL.parse(feed.text)).getAllSubcomponents('vevent').find((v) => v.getFirstPropertyValue('uid') === `${read.id}@marquee.test`);
      return vevent && { status: String(vevent.getFirstPropertyValue('status')), sequence: Number(vevent.getFirstPropertyValue('sequence')) };
    };
    const before = await statusInFeed();
    expect(before?.status).toBe('CONFIRMED');

    const confirm = await get(cookie, `/manage/events/${slug}/cancel`);
    expect(confirm.status).toBe(200);
    expect(confirm.text).toContain('Cancel the event');
    const cancelled = await post(cookie, `/manage/events/${slug}/cancel`, [['expectedUpdatedAt', hiddenValue(confirm.text, 'expectedUpdatedAt')!]]);
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.location).toBe(`/manage/events/${slug}?done=cancelled`);
    const after = await statusInFeed();
    expect(after?.status).toBe('CANCELLED');
    expect(after!.sequence).toBeGreaterThan(before!.sequence);
    expect((await request(t.app).get(`/events/${slug}`)).text).toContain('This event was cancelled.');
    const edit = await get(cookie, `/manage/events/${slug}?done=cancelled`);
    expect(edit.text).toContain('The event is cancelled');
    expect(edit.text).toContain('Restore the event');
    expect((await get(cookie, `/manage/${community.slug}/events`)).text).toContain('badge cancelled');

    const restoreAt = /action="\/manage\/events\/[^"]+\/restore"[\s\S]*?name="expectedUpdatedAt" value="(\d+)"/.exec(edit.text)![1];
    const restored = await post(cookie, `/manage/events/${slug}/restore`, [['expectedUpdatedAt', restoreAt]]);
    expect(restored.status).toBe(303);
    expect((await statusInFeed())?.status).toBe('CONFIRMED');
    expect((await request(t.app).get(`/events/${slug}`)).text).not.toContain('This event was cancelled.');

    // A stale confirmation (the event changed meanwhile) asks again instead of cancelling.
    const staleCancel = await post(cookie, `/manage/events/${slug}/cancel`, [['expectedUpdatedAt', hiddenValue(confirm.text, 'expectedUpdatedAt')!]]);
    expect(staleCancel.status).toBe(409);
    expect(staleCancel.text).toContain('changed elsewhere');
    expect((await statusInFeed())?.status).toBe('CONFIRMED');
  });

  test('when someone who does not own the community tries, then every page is the one 404 page and nothing changes', async () => {
    const { cookie, community } = await owner();
    const { slug } = await createThroughForm(cookie, community.slug);
    const stranger = await signedInUser(t);
    const notFound = (await request(t.app).get('/events/no-such-event-anywhere')).text;
    for (const path of [`/manage/${community.slug}/events`, `/manage/${community.slug}/events/new`, `/manage/events/${slug}`, `/manage/events/${slug}/cancel`, '/manage/no-such-crew/events', '/manage/events/no-such-event']) {
      const res = await get(stranger.cookie, path);
      expect([path, res.status]).toEqual([path, 404]);
      expect(res.text).toBe(notFound);
    }
    const page = await get(cookie, `/manage/events/${slug}`);
    const write = await post(stranger.cookie, `/manage/events/${slug}`, withField(fieldsOf(page.text), 'title', 'Hijacked'));
    expect(write.status).toBe(404);
    const cancel = await post(stranger.cookie, `/manage/events/${slug}/cancel`, [['expectedUpdatedAt', hiddenValue(page.text, 'expectedUpdatedAt')!]]);
    expect(cancel.status).toBe(404);
    const create = await post(stranger.cookie, `/manage/${community.slug}/events/new`, [['title', 'Hijacked'], ['op', 'save']]);
    expect(create.status).toBe(404);
    const read = bodyOf(await callOp(t.app, 'getPublicEventBySlug', { params: { slug } }), 200);
    expect([read.title, read.status]).not.toContain('Hijacked');
    expect(read.status).toBe('scheduled');
  });

  test('when a form comes from another site, then it is refused and nothing is written', async () => {
    const { cookie, community } = await owner();
    const p = await performers();
    const res = await post(cookie, `/manage/${community.slug}/events/new`, createFields(p, 'cross-site-key', 'Cross Site Night'), 'https://evil.example');
    expect(res.status).toBe(403);
    expect(res.text).toContain('Cross-site form submission refused.');
    const mine = bodyOf(await callOp(t.app, 'listPublicCommunityEvents', { params: { slug: community.slug } }), 200);
    expect(JSON.stringify(mine)).not.toContain('Cross Site Night');
  });

  test('when a form holds NUL, a field twice, a huge value or a huge body, then a readable page answers 400 (413 for the body), never a 500', async () => {
    const { cookie, community } = await owner();
    const p = await performers();
    const path = `/manage/${community.slug}/events/new`;
    const base = createFields(p, 'fuzz-key-1', 'Fuzz Night');
    const nul = await post(cookie, path, withField(base, 'title', 'Bad\u0000Title'));
    expect(nul.status).toBe(400);
    expect(nul.headers['content-type']).toMatch(/^text\/html/);
    expect(nul.text).toContain('NUL');
    const twice = await post(cookie, path, [...base, ['title', 'Second']]);
    expect(twice.status).toBe(400);
    expect(twice.text).toContain('sent more than once');
    const long = await post(cookie, path, withField(base, 'title', 'x'.repeat(5000)));
    expect(long.status).toBe(400);
    expect(long.text).toMatch(/id="f-title-error"[^>]*>Use at most 120 characters/);
    const huge = await post(cookie, path, withField(base, 'summary', 'y'.repeat(700_000)));
    expect(huge.status).toBe(413);
    expect(huge.headers['content-type']).toMatch(/^text\/html/);
    const json = await request(t.app).post(path).set('Cookie', cookie).set('Origin', 'http://marquee.test').send({ title: ['an', 'array'] });
    expect(json.status).toBe(400);
    const badEscape = await request(t.app).post(path).set('Cookie', cookie).set('Origin', 'http://marquee.test').type('form').send('title=%E0%A4%A&op=save');
    expect(badEscape.status).toBe(400);
    const weird = await post(cookie, path, [...withField(base, 'op', 'remove:99999'), ['slots.123456789.displayLabel', 'x']]);
    expect(weird.status).toBeLessThan(500);
  });

  test('when the row buttons are used without a script, then the form comes back with the row added, moved or removed and nothing is saved', async () => {
    const { cookie, community } = await owner();
    const p = await performers();
    const path = `/manage/${community.slug}/events/new`;
    const base = createFields(p, 'rows-key-1', 'Rows Night').filter(([k]) => k !== 'op');
    const added = await request(t.app).post(`${path}?rows=slots`).set('Cookie', cookie).set('Origin', 'http://marquee.test').type('form').send(formBody([...base, ['op', 'add']]));
    expect(added.status).toBe(200);
    expect(added.text).toContain('name="slots.2.displayLabel"');
    expect(hiddenValue(added.text, 'idempotencyKey')).toBe('rows-key-1');
    const moved = await request(t.app).post(`${path}?rows=slots`).set('Cookie', cookie).set('Origin', 'http://marquee.test').type('form').send(formBody([...base, ['op', 'down:0']]));
    expect(moved.text.indexOf('value="Basalt Beats"')).toBeLessThan(moved.text.indexOf('value="Aurora Flow"'));
    const removed = await request(t.app).post(`${path}?rows=participants`).set('Cookie', cookie).set('Origin', 'http://marquee.test').type('form').send(formBody([...base, ['op', 'remove:0']]));
    expect(removed.status).toBe(200);
    expect(removed.text).not.toMatch(/name="participants\.0\.personSlug" value="[^"]+"/);
    const list = bodyOf(await callOp(t.app, 'listPublicCommunityEvents', { params: { slug: community.slug } }), 200);
    expect(JSON.stringify(list)).not.toContain('Rows Night');
  });

  test('when one person sends more event forms than the public_write class allows in a minute, then the next is a readable 429 page', async () => {
    const { cookie, community } = await owner();
    const path = `/manage/${community.slug}/events/new`;
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await post(cookie, path, [['title', ''], ['op', 'refresh']])).status;
    expect(last).toBe(429);
    const refused = await post(cookie, path, [['title', ''], ['op', 'refresh']]);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.text).toContain('Too many requests');
  });
});
