import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { jest } from '@jest/globals';
import { AppError } from '../../src/services/errors.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeUser } from '../helpers/factories.js';
import { bodyOf, callOp } from '../helpers/contractClient.js';
import { formNonce } from '../helpers/developerPage.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'correct horse battery staple';
// The sign-in and developer pages are HTML forms outside the API contract: raw supertest.
const sessionCookie = (res: request.Response) =>
  ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('marquee_session='))?.split(';')[0];

async function signIn(email: string, password = PASSWORD) {
  return request(t.app).post('/login').type('form').send({ email, password, next: '/developer' });
}

describe('web sign-in and the developer token page', () => {
  test('when the password is right, then a HttpOnly SameSite session cookie is set and only its hash is stored', async () => {
    const user = await makeUser(t.services);
    const res = await signIn(user.email);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/developer');
    const raw = ([] as string[]).concat(res.headers['set-cookie']).join(';');
    expect(raw).toMatch(/HttpOnly/);
    expect(raw).toMatch(/SameSite=Lax/);
    // A lifetime the browser counts on its own clock (14 days), so a server clock that is not the
    // browser's (here the injected one) cannot make the cookie expire on arrival.
    expect(raw).toMatch(new RegExp(`Max-Age=${14 * 24 * 60 * 60}(?:;|$)`));
    const value = sessionCookie(res)!.split('=')[1];
    const rows = await t.db('web_sessions').where({ user_id: user.id });
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(value);
  });

  test('when the password is wrong or the account unknown, then 401 and no cookie, with the same message', async () => {
    const user = await makeUser(t.services);
    const wrong = await signIn(user.email, 'wrong password!!');
    const unknown = await signIn('nobody@example.test');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(sessionCookie(wrong)).toBeUndefined();
    expect(wrong.text).toContain('Unknown e-mail or wrong password.');
    expect(unknown.text).toContain('Unknown e-mail or wrong password.');
  });

  test('when a password is guessed repeatedly, then sign-in is refused for a while, even with the right password', async () => {
    const app = await createTestApp();
    try {
      const user = await makeUser(app.services);
      for (let i = 0; i < 10; i++) {
        const r = await request(app.app).post('/login').type('form').send({ email: user.email, password: `guess ${i} guess` });
        expect(r.status).toBe(401);
      }
      const blocked = await request(app.app).post('/login').type('form').send({ email: user.email, password: PASSWORD });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(sessionCookie(blocked)).toBeUndefined();
      // Other accounts are not locked out by someone else's guesses.
      const other = await makeUser(app.services);
      expect((await request(app.app).post('/login').type('form').send({ email: other.email, password: PASSWORD })).status).toBe(303);
    } finally {
      await app.close();
    }
  });

  test('when one address sprays failed sign-ins over many e-mails, then a user behind the same address still signs in with the right password', async () => {
    // Behind a proxy whose address header is not configured, every client is the proxy's address.
    const app = await createTestApp();
    try {
      const victim = await makeUser(app.services);
      for (let i = 0; i < 120; i++) {
        const r = await request(app.app).post('/login').type('form').send({ email: `sprayed-${i}@example.test`, password: 'password123!' });
        expect(r.status).toBe(401);
      }
      const res = await request(app.app).post('/login').type('form').send({ email: victim.email, password: PASSWORD, next: '/developer' });
      expect(res.status).toBe(303);
      expect(sessionCookie(res)).toBeDefined();
    } finally {
      await app.close();
    }
  });

  describe('with client addresses from a trusted header', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await createTestApp({ clientIp: { source: 'header', header: 'x-client-ip' } });
    });
    afterAll(() => app.close());
    const attempt = (from: string, email: string, password: string) =>
      request(app.app).post('/login').set('X-Client-IP', from).type('form').send({ email, password, next: '/developer' });

    test('when one network guesses one account, then that network is refused even the right password, and the owner on another network signs in', async () => {
      const user = await makeUser(app.services);
      for (let i = 0; i < 10; i++) expect((await attempt('203.0.113.7', user.email, `guess ${i} guess`)).status).toBe(401);
      const blocked = await attempt('203.0.113.7', user.email, PASSWORD);
      expect(blocked.status).toBe(429);
      expect(blocked.text).toContain('Too many failed sign-ins');
      expect(sessionCookie(blocked)).toBeUndefined();
      // The guesser's refused attempts count nowhere: hammering on changes nothing for others.
      for (let i = 0; i < 20; i++) expect((await attempt('203.0.113.7', user.email, `more ${i} guesses`)).status).toBe(429);
      expect((await attempt('198.51.100.20', user.email, PASSWORD)).status).toBe(303);
      // The guessing network's other users are not locked out.
      const neighbour = await makeUser(app.services);
      expect((await attempt('203.0.113.7', neighbour.email, PASSWORD)).status).toBe(303);
    });

    test('when guesses at one account come from many networks, then the account-wide limit (50) refuses every network until the window ends', async () => {
      const user = await makeUser(app.services);
      for (let n = 0; n < 5; n++) {
        for (let i = 0; i < 10; i++) expect((await attempt(`192.0.2.${n + 1}`, user.email, `guess ${n}-${i} guess`)).status).toBe(401);
      }
      const refused = await attempt('198.51.100.99', user.email, PASSWORD);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Only that account: others sign in from the same networks.
      const other = await makeUser(app.services);
      expect((await attempt('192.0.2.1', other.email, PASSWORD)).status).toBe(303);
    });

    test('when guesses at one account arrive all at once, then no more than the limit are checked', async () => {
      const user = await makeUser(app.services);
      const server = http.createServer(app.app).listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      try {
        const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/login`;
        const statuses = await Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            fetch(url, {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-client-ip': '203.0.113.50' },
              body: new URLSearchParams({ email: user.email, password: `parallel guess ${i}` }),
            }).then(async (r) => (await r.text(), r.status)),
          ),
        );
        expect(statuses.filter((s) => s === 401)).toHaveLength(10);
        expect(statuses.filter((s) => s === 429)).toHaveLength(20);
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });
  });

  test('when the throttle store cannot answer, then the sign-in page says so (503, readable) and no session starts', async () => {
    const user = await makeUser(t.services);
    const spy = jest
      .spyOn(t.services.rateLimits, 'reserveSignIn')
      .mockRejectedValue(new AppError(503, '/problems/service-unavailable', 'Service unavailable', { code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: 5 }));
    try {
      const res = await signIn(user.email);
      expect(res.status).toBe(503);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.text).toContain('Signing in is unavailable for a moment');
      expect(sessionCookie(res)).toBeUndefined();
    } finally {
      spy.mockRestore();
    }
  });

  test('when signed in, then a token created on the page is shown once, listed by prefix, and works on the API', async () => {
    const user = await makeUser(t.services);
    const cookie = sessionCookie(await signIn(user.email))!;
    const created = await request(t.app)
      .post('/developer/tokens')
      .set('Cookie', cookie)
      .type('form')
      .send(`formNonce=${encodeURIComponent(await formNonce(t.app, cookie, '/developer/tokens'))}&label=laptop&scopes=public%3Aread&scopes=developer%3Aread`);
    expect(created.status).toBe(201);
    const value = /service_[A-Za-z0-9_-]{43}/.exec(created.text)![0];
    const audit = (await t.services.audit.list({ action: 'personal_token.create' })).find((r) => r.ownerRef === user.id);
    expect(audit?.actorKind).toBe('web_session');
    const me = await callOp(t.app, 'getCurrentApiCaller', { token: value });
    expect(bodyOf(me, 200).credential.scopes).toEqual(['public:read', 'developer:read']);
    const again = await request(t.app).get('/developer').set('Cookie', cookie);
    expect(again.status).toBe(200);
    expect(again.text).toContain(value.slice(0, 20));
    expect(again.text).not.toContain(value);
    expect(again.headers['cache-control']).toBe('no-store');
  });

  test('when a signed-in user revokes on the page, then the token stops working at once', async () => {
    const user = await makeUser(t.services);
    const cookie = sessionCookie(await signIn(user.email))!;
    const { token, tokenValue } = await t.services.tokens.create(user.id, { label: 'x', scopes: ['public:read'] });
    const res = await request(t.app).post(`/developer/tokens/${token.id}/revoke`).set('Cookie', cookie).type('form').send('');
    expect(res.status).toBe(303);
    expect((await callOp(t.app, 'getCurrentApiCaller', { token: tokenValue })).status).toBe(401);
  });

  test('when a form is posted from another origin, then it is refused (no cross-site token minting)', async () => {
    const user = await makeUser(t.services);
    const cookie = sessionCookie(await signIn(user.email))!;
    const res = await request(t.app)
      .post('/developer/tokens')
      .set('Cookie', cookie)
      .set('Origin', 'https://evil.example')
      .type('form')
      .send(`formNonce=${encodeURIComponent(await formNonce(t.app, cookie, '/developer/tokens'))}&label=stolen&scopes=developer%3Awrite`);
    expect(res.status).toBe(403);
    const { tokens } = await t.services.tokens.list(user.id, { includeRevoked: true });
    expect(tokens.map((x) => x.label)).not.toContain('stolen');
  });

  test('when not signed in, then the developer page redirects to sign-in, and sign-in never redirects off-site', async () => {
    const res = await request(t.app).get('/developer');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/login?next=%2Fdeveloper');
    const user = await makeUser(t.services);
    const offsite = await request(t.app).post('/login').type('form').send({ email: user.email, password: PASSWORD, next: '//evil.example/x' });
    expect(offsite.headers.location).toBe('/developer');
  });

  test('when signing out, then the session is deleted server-side', async () => {
    const user = await makeUser(t.services);
    const cookie = sessionCookie(await signIn(user.email))!;
    const out = await request(t.app).post('/logout').set('Cookie', cookie).type('form').send('');
    expect(out.status).toBe(303);
    expect(await t.db('web_sessions').where({ user_id: user.id })).toHaveLength(0);
    expect((await request(t.app).get('/developer').set('Cookie', cookie)).status).toBe(303);
  });

  test('when a page shows user-controlled text, then it is escaped', async () => {
    const user = await makeUser(t.services);
    await t.services.tokens.create(user.id, { label: '<script>alert(1)</script>', scopes: ['public:read'] });
    const cookie = sessionCookie(await signIn(user.email))!;
    const res = await request(t.app).get('/developer').set('Cookie', cookie);
    expect(res.text).not.toContain('<script>alert(1)</script>');
    expect(res.text).toContain('&lt;script');
  });
});
