import fs from 'node:fs';
import { jest } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeToken, makeUser, publishEvent, saveDraft } from '../helpers/factories.js';
import { bodyOf, call, callOp } from '../helpers/contractClient.js';
import { LAST_SEEN_INTERVAL_MS } from '../../src/services/identity/webSessions.js';

// The account page is HTML forms outside the API contract: raw supertest against the real app.
const PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'a fresh and longer passphrase';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

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

async function signIn(email: string, password = PASSWORD, agent = FIREFOX): Promise<string> {
  const res = await request(t.app).post('/login').set('User-Agent', agent).type('form').send({ email, password, next: '/account' });
  expect(res.status).toBe(303);
  return ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('marquee_session='))!.split(';')[0];
}
const page = (cookie: string) => request(t.app).get('/account').set('Cookie', cookie);
const postForm = (cookie: string, path: string, form: Record<string, string>) => request(t.app).post(path).set('Cookie', cookie).type('form').send(form);

function mailsTo(address: string): { subject: string; text: string }[] {
  const dir = t.config.mail.outboxDir;
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((name) => fs.readFileSync(`${dir}/${name}`, 'utf8'))
    .filter((raw) => new RegExp(`^To: ${address.replace(/[.+]/g, '\\$&')}\\s*$`, 'm').test(raw))
    .map((raw) => ({ subject: /^Subject: (.+)$/m.exec(raw)![1].trim(), text: raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))) }));
}

describe('the account page', () => {
  test('when nobody is signed in, then it sends them to sign in; signed in, it shows the name, the address and the signed-in browsers', async () => {
    const anonymous = await request(t.app).get('/account');
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.location).toBe('/login?next=%2Faccount');

    const user = await makeUser(t.services);
    const here = await signIn(user.email);
    t.clock.advance(60_000);
    await signIn(user.email, PASSWORD, PHONE);
    const res = await page(here);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toContain(`value="${user.displayName}"`);
    expect(res.text).toContain(`<strong>${user.email}</strong> — not confirmed yet.`);
    expect(res.text).toContain('Firefox on Linux<strong> (this browser)</strong>');
    expect(res.text).toContain('Chrome on Android');
    expect(res.text).toContain('<a href="/account">Account</a>');
  });

  test('when a session is used, then its last-seen time moves on at most every few minutes', async () => {
    const user = await makeUser(t.services);
    const cookie = await signIn(user.email);
    const signedInAt = t.clock.now();
    t.clock.advance(LAST_SEEN_INTERVAL_MS - 1);
    await page(cookie);
    expect((await t.services.webSessions.list(user.id, undefined))[0].lastSeenAt).toBe(signedInAt);
    t.clock.advance(1);
    await page(cookie);
    expect((await t.services.webSessions.list(user.id, undefined))[0].lastSeenAt).toBe(t.clock.now());
  });

  test('when the display name is changed, then it is saved; a blank or control-character name is refused beside its field', async () => {
    const user = await makeUser(t.services);
    const cookie = await signIn(user.email);
    const saved = await postForm(cookie, '/account/name', { displayName: '  Stage Left  ' });
    expect(saved.status).toBe(200);
    expect(saved.text).toContain('Your display name is saved.');
    expect((await t.services.users.require(user.id)).displayName).toBe('Stage Left');
    for (const bad of ['   ', 'Bad\u0007Name', 'x'.repeat(81)]) {
      const refused = await postForm(cookie, '/account/name', { displayName: bad });
      expect(refused.status).toBe(400);
      expect(refused.text).toContain('id="field-displayName-error"');
    }
    expect((await t.services.users.require(user.id)).displayName).toBe('Stage Left');
  });

  test('when the password is changed with the current one, then other browsers are signed out, this one stays, and API tokens keep working', async () => {
    const user = await makeUser(t.services, { verified: true });
    const here = await signIn(user.email);
    const elsewhere = await signIn(user.email, PASSWORD, PHONE);
    const token = await makeToken(t.services, user.id, ['public:read']);

    const wrong = await postForm(here, '/account/password', { currentPassword: 'not my password at all', password: NEW_PASSWORD, confirm: NEW_PASSWORD });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('<span id="field-currentPassword-error" class="field-error error">That is not your current password.</span>');
    const differ = await postForm(here, '/account/password', { currentPassword: PASSWORD, password: NEW_PASSWORD, confirm: 'something else entirely' });
    expect(differ.status).toBe(400);
    expect(differ.text).toContain('field-confirm-error');

    const changed = await postForm(here, '/account/password', { currentPassword: PASSWORD, password: NEW_PASSWORD, confirm: NEW_PASSWORD });
    expect(changed.status).toBe(200);
    expect(changed.text).toContain('One other browser was signed out.');
    expect((await page(here)).status).toBe(200);
    expect((await page(elsewhere)).status).toBe(303);
    expect((await request(t.app).post('/login').type('form').send({ email: user.email, password: PASSWORD })).status).toBe(401);
    await signIn(user.email, NEW_PASSWORD);
    expect((await call(t.app, 'GET', '/api/v0/me', { token: token.value })).status).toBe(200);
  });

  test('when someone with a stolen session guesses the current password, then the sign-in throttle refuses them with a readable 429', async () => {
    const user = await makeUser(t.services);
    const cookie = await signIn(user.email);
    for (let i = 0; i < 10; i++) expect((await postForm(cookie, '/account/password', { currentPassword: `guess number ${i}!`, password: NEW_PASSWORD, confirm: NEW_PASSWORD })).status).toBe(400);
    const refused = await postForm(cookie, '/account/password', { currentPassword: PASSWORD, password: NEW_PASSWORD, confirm: NEW_PASSWORD });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.text).toContain('Too many attempts for now.');
    expect(await t.services.users.checkPassword(user.email, PASSWORD)).toBeDefined();
  });

  test('when the address is changed, then the new one is confirmed by its link before it replaces the old, and the old one is told', async () => {
    const user = await makeUser(t.services, { verified: true });
    const cookie = await signIn(user.email);
    const next = `moved-${user.email}`;
    const wrong = await postForm(cookie, '/account/email', { newEmail: next, emailPassword: 'not my password at all' });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('field-emailPassword-error');
    expect(wrong.text).toContain(`value="${next}"`);

    const asked = await postForm(cookie, '/account/email', { newEmail: next.toUpperCase(), emailPassword: PASSWORD });
    expect(asked.status).toBe(200);
    expect(asked.text).toContain(`A link to confirm <strong>${next}</strong> is on its way`);
    // Not changed until the link is used.
    expect((await t.services.users.require(user.id)).email).toBe(user.email);
    const [link] = mailsTo(next);
    expect(link.subject).toBe('Confirm your new e-mail address for Marquee');
    const token = /confirm-email-change\?token=([A-Za-z0-9_-]{43})/.exec(link.text)![1];
    expect((await request(t.app).get(`/confirm-email-change?token=${token}`)).text).toContain('action="/confirm-email-change"');
    expect((await t.services.users.require(user.id)).email).toBe(user.email);

    const confirmed = await request(t.app).post('/confirm-email-change').type('form').send({ token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain(`Your account now uses <strong>${next}</strong>.`);
    const after = await t.services.users.require(user.id);
    expect(after.email).toBe(next);
    expect(after.emailVerifiedAt).toBe(t.clock.now());
    expect(mailsTo(user.email).map((m) => m.subject)).toContain('Your Marquee e-mail address was changed');
    // Used once; the old address no longer signs in.
    expect((await request(t.app).post('/confirm-email-change').type('form').send({ token })).status).toBe(400);
    expect((await request(t.app).post('/login').type('form').send({ email: user.email, password: PASSWORD })).status).toBe(401);
    await signIn(next);
  });

  test('when the new address belongs to another account, then the answer is the same, nothing is sent to it, and a link made before it was taken is refused', async () => {
    const user = await makeUser(t.services, { verified: true });
    const other = await makeUser(t.services);
    const cookie = await signIn(user.email);
    const answer = await postForm(cookie, '/account/email', { newEmail: other.email, emailPassword: PASSWORD });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('is on its way');
    expect(mailsTo(other.email)).toEqual([]);

    const later = `later-${user.email}`;
    await postForm(cookie, '/account/email', { newEmail: later, emailPassword: PASSWORD });
    const token = /confirm-email-change\?token=([A-Za-z0-9_-]{43})/.exec(mailsTo(later)[0].text)![1];
    await makeUser(t.services, { email: later });
    const refused = await request(t.app).post('/confirm-email-change').type('form').send({ token });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('used by another account now');
    expect((await t.services.users.require(user.id)).email).toBe(user.email);
  });

  test('when "sign out everywhere" is used, then every session of the account ends, this one too', async () => {
    const user = await makeUser(t.services);
    const here = await signIn(user.email);
    const elsewhere = await signIn(user.email, PASSWORD, PHONE);
    const res = await postForm(here, '/account/sessions/end', {});
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/login');
    expect((await page(here)).status).toBe(303);
    expect((await page(elsewhere)).status).toBe(303);
    expect(await t.services.webSessions.list(user.id, undefined)).toEqual([]);
  });

  test('when an account form is posted from another origin, then it is refused and nothing changes', async () => {
    const user = await makeUser(t.services);
    const cookie = await signIn(user.email);
    for (const [path, form] of [
      ['/account/name', { displayName: 'Hijacked' }],
      ['/account/password', { currentPassword: PASSWORD, password: NEW_PASSWORD, confirm: NEW_PASSWORD }],
      ['/account/email', { newEmail: 'attacker@example.test', emailPassword: PASSWORD }],
      ['/account/sessions/end', {}],
    ] as const) {
      const res = await request(t.app).post(path).set('Cookie', cookie).set('Origin', 'https://evil.example').type('form').send(form);
      expect([path, res.status]).toEqual([path, 403]);
    }
    const after = await t.services.users.require(user.id);
    expect(after.displayName).toBe(user.displayName);
    expect(await t.services.users.checkPassword(user.email, PASSWORD)).toBeDefined();
    expect(mailsTo('attacker@example.test')).toEqual([]);
    expect((await page(cookie)).status).toBe(200);
  });

  test('when the account is deleted with its password, then tokens and sessions end, drafts go, and published events stay with no account linked', async () => {
    const user = await makeUser(t.services, { verified: true });
    const here = await signIn(user.email);
    const elsewhere = await signIn(user.email, PASSWORD, PHONE);
    const token = await makeToken(t.services, user.id, ['public:read', 'events:contribute']);
    const crew = await t.services.directory.createProfile({ profileType: 'community', displayName: `Deletion Crew ${user.id.slice(-6)}`, timezone: 'Europe/Berlin' });
    const published = await publishEvent(t, token.value, { communitySlug: crew.slug, eventDate: '2027-06-12', start: { time: '20:00' }, timezone: 'Europe/Berlin' });
    const draft = bodyOf(await saveDraft(t, token.value, { title: 'Never published' }), 200).draftId;

    const explained = await request(t.app).get('/account/delete').set('Cookie', here);
    expect(explained.status).toBe(200);
    expect(explained.text).toContain('Events you published <strong>stay published</strong>, attributed to a former contributor');

    const wrong = await postForm(here, '/account/delete', { deletePassword: 'not my password at all' });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('<span id="field-deletePassword-error" class="field-error error">That is not your password.</span>');
    expect(await t.db('users').where({ id: user.id })).toHaveLength(1);

    const deleted = await postForm(here, '/account/delete', { deletePassword: PASSWORD });
    expect(deleted.status).toBe(200);
    expect(deleted.text).toContain('Your account is deleted');
    expect(([] as string[]).concat(deleted.headers['set-cookie'] ?? []).some((c) => /^marquee_session=;/.test(c))).toBe(true);

    expect(await t.db('users').where({ id: user.id })).toHaveLength(0);
    expect((await page(here)).status).toBe(303);
    expect((await page(elsewhere)).status).toBe(303);
    expect((await call(t.app, 'GET', '/api/v0/me', { token: token.value })).status).toBe(401);
    expect(await t.db('api_tokens').where({ owner_user_id: user.id })).toHaveLength(0);
    expect(await t.db('event_intake_drafts').where({ id: draft })).toHaveLength(0);
    expect((await request(t.app).post('/login').type('form').send({ email: user.email, password: PASSWORD })).status).toBe(401);
    // The published event stays readable, linked to no account.
    expect((await callOp(t.app, 'getPublicEventBySlug', { params: { slug: published.slug } })).status).toBe(200);
    const row = await t.db('events').where({ id: published.eventId }).first();
    expect([row.contributor_user_id, row.created_by_user_id]).toEqual([null, null]);
    const audit = await t.services.audit.list({ action: 'account.delete', limit: 10 });
    expect(audit.filter((r) => r.ownerRef === user.id).map((r) => [r.result, r.metadata])).toEqual([['accepted', { sessions: 2, oauthAccessTokens: 0 }]]);
  });

  test('when a deletion is posted from another origin or without the password, then the account stays', async () => {
    const user = await makeUser(t.services);
    const cookie = await signIn(user.email);
    const crossSite = await request(t.app).post('/account/delete').set('Cookie', cookie).set('Origin', 'https://evil.example').type('form').send({ deletePassword: PASSWORD });
    expect(crossSite.status).toBe(403);
    expect((await postForm(cookie, '/account/delete', {})).status).toBe(400);
    expect((await request(t.app).post('/account/delete').type('form').send({ deletePassword: PASSWORD })).status).toBe(303);
    expect(await t.db('users').where({ id: user.id })).toHaveLength(1);
    expect((await page(cookie)).status).toBe(200);
  });
});
