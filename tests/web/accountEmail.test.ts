import crypto from 'node:crypto';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo, Socket } from 'node:net';
import http, { type Server } from 'node:http';
import { jest } from '@jest/globals';
import request from 'supertest';
import { SMTPServer } from 'smtp-server';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeToken, makeUser } from '../helpers/factories.js';
import { callOp } from '../helpers/contractClient.js';
import { createLogger } from '../../src/http/observability/logger.js';

// Account e-mail pages are HTML forms outside the API contract: raw supertest, and fetch for
// truly concurrent posts against a listening server.
const PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'a brand new passphrase';
const HOUR = 60 * 60 * 1000;

/** A real SMTP server on a loopback port, requiring a login, that keeps every message it receives. */
async function startSmtpServer() {
  const inbox: { to: string[]; raw: string }[] = [];
  const waiting: ((m: { to: string[]; raw: string }) => void)[] = [];
  let read = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === 'marquee' && auth.password === 'mail-secret') cb(null, { user: 'marquee' });
      else cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const message = { to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') };
        inbox.push(message);
        waiting.shift()?.(message);
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    inbox,
    /** The next message not yet read (waits for its arrival: no sleeping). */
    next(): Promise<{ to: string[]; raw: string }> {
      const i = read++;
      return inbox[i] ? Promise.resolve(inbox[i]) : new Promise((resolve) => waiting.push(resolve));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The link in a message (bodies may be quoted-printable: soft breaks and `=3D`). */
function linkIn(raw: string): { path: string; token: string; url: string } {
  const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  const m = /http:\/\/marquee\.test(\/[a-z-]+)\?token=([A-Za-z0-9_-]{43})/.exec(text);
  if (!m) throw new Error('no link in the message');
  return { path: m[1], token: m[2], url: m[0] };
}

const sessionCookie = (res: request.Response) =>
  ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('marquee_session='))?.split(';')[0];

async function signIn(app: TestApp, email: string, password = PASSWORD) {
  return request(app.app).post('/login').type('form').send({ email, password, next: '/developer' });
}

const outboxFiles = (app: TestApp) => (fs.existsSync(app.config.mail.outboxDir) ? fs.readdirSync(app.config.mail.outboxDir).sort() : []);

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp; // delivers through the SMTP server
let o: TestApp; // the embedded default: the outbox folder
let logged: string[];
/** Lines of the app's JSON log (request lines included) of the SMTP app. */
const appLog: string[] = [];
const spies: { mockRestore(): void }[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(
    {
      mail: { smtpUrl: `smtp://marquee:mail-secret@127.0.0.1:${smtp.port}`, from: 'Marquee <no-reply@marquee.test>', outboxDir: path.join(os.tmpdir(), 'marquee-unused-outbox') },
      // The request log is on, so the no-token-in-logs check covers it.
      logRequests: true,
    },
    { logger: createLogger({ logLevel: 'info' }, { write: (line: string) => void appLog.push(line) }) },
  );
  o = await createTestApp();
});
beforeEach(() => {
  logged = [];
  for (const method of ['log', 'info', 'warn', 'error'] as const) {
    spies.push(jest.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' '))));
  }
});
afterEach(() => {
  for (const spy of spies.splice(0)) spy.mockRestore();
});
afterAll(async () => {
  await t?.close();
  await o?.close();
  await smtp?.close();
});

describe('e-mail verification by link (decisions §6)', () => {
  test('when a signed-in unverified user asks, then a link arrives over SMTP and confirming it on the page verifies the address', async () => {
    const user = await makeUser(t.services);
    const cookie = sessionCookie(await signIn(t, user.email))!;
    const developer = await request(t.app).get('/developer').set('Cookie', cookie);
    expect(developer.text).toContain('action="/verify-email/send"');

    const sent = await request(t.app).post('/verify-email/send').set('Cookie', cookie).type('form').send('');
    expect(sent.status).toBe(200);
    const mail = await smtp.next();
    expect(mail.to).toEqual([user.email]);
    expect(mail.raw).toMatch(/^From: Marquee <no-reply@marquee\.test>/m);
    const link = linkIn(mail.raw);
    expect(link.path).toBe('/verify-email');

    // Following the link (as a mail scanner would) only shows the confirmation form.
    for (let i = 0; i < 2; i++) {
      const shown = await request(t.app).get(`${link.path}?token=${link.token}`);
      expect(shown.status).toBe(200);
      expect(shown.headers['cache-control']).toBe('no-store');
      expect(shown.text).toContain('<form method="post" action="/verify-email">');
    }
    expect((await t.services.users.require(user.id)).emailVerifiedAt).toBeNull();

    const confirmed = await request(t.app).post('/verify-email').type('form').send({ token: link.token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain('Your e-mail address is confirmed.');
    expect((await t.services.users.require(user.id)).emailVerifiedAt).toBe(t.clock.now());

    // The database holds only the token's hash; both steps are audited.
    const rows = await t.db('account_email_tokens').where({ user_id: user.id });
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(link.token);
    expect(rows[0].token_hash).toBe(crypto.createHash('sha256').update(link.token).digest('base64url'));
    const audit = (await t.services.audit.list({ limit: 100 })).filter((r) => r.ownerRef === user.id).map((r) => [r.action, r.result, r.actorKind]);
    expect(audit).toEqual(
      expect.arrayContaining([
        ['account.verify_email.link', 'issued', 'web_session'],
        ['account.verify_email.confirm', 'accepted', 'email_link'],
      ]),
    );

    // Used once: a second confirmation is refused, and a verified user is sent nothing more.
    expect((await request(t.app).post('/verify-email').type('form').send({ token: link.token })).status).toBe(400);
    const again = await request(t.app).post('/verify-email/send').set('Cookie', cookie).type('form').send('');
    expect(again.text).toContain('already confirmed');
    expect(smtp.inbox).toHaveLength(1);
  });

  test('when a verification link is older than 24 hours, then it is refused (injected clock)', async () => {
    const user = await makeUser(o.services);
    const { receipt } = (await o.services.accountEmail.sendVerification(user.id, { kind: 'operator' })) as { sent: true; receipt: { via: 'outbox'; file: string } };
    const link = linkIn(fs.readFileSync(receipt.file, 'utf8'));
    o.clock.advance(24 * HOUR - 1);
    expect((await request(o.app).get(`/verify-email?token=${link.token}`)).status).toBe(200);
    o.clock.advance(1);
    expect((await request(o.app).get(`/verify-email?token=${link.token}`)).status).toBe(400);
    const late = await request(o.app).post('/verify-email').type('form').send({ token: link.token });
    expect(late.status).toBe(400);
    expect(late.text).toContain('has expired');
    expect((await o.services.users.require(user.id)).emailVerifiedAt).toBeNull();
  });

  test('when two requests confirm the same link at once, then exactly one succeeds', async () => {
    const server: Server = await new Promise((resolve) => {
      const s = http.createServer(t.app).listen(0, '127.0.0.1', () => resolve(s));
    });
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const post = (pathname: string, form: Record<string, string>) =>
        fetch(`${base}${pathname}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) });

      const user = await makeUser(t.services);
      await t.services.accountEmail.sendVerification(user.id, { kind: 'operator' });
      const { token } = linkIn((await smtp.next()).raw);
      const verifies = await Promise.all([post('/verify-email', { token }), post('/verify-email', { token })]);
      expect(verifies.map((r) => r.status).sort()).toEqual([200, 400]);

      const other = await makeUser(t.services);
      await request(t.app).post('/forgot-password').type('form').send({ email: other.email });
      await t.services.accountEmail.settled();
      const reset = linkIn((await smtp.next()).raw);
      const resets = await Promise.all([
        post('/reset-password', { token: reset.token, password: 'first racing password', confirm: 'first racing password' }),
        post('/reset-password', { token: reset.token, password: 'second racing password', confirm: 'second racing password' }),
      ]);
      expect(resets.map((r) => r.status).sort()).toEqual([200, 400]);
      const winner = resets[0].status === 200 ? 'first racing password' : 'second racing password';
      const loser = resets[0].status === 200 ? 'second racing password' : 'first racing password';
      expect((await signIn(t, other.email, winner)).status).toBe(303);
      expect((await signIn(t, other.email, loser)).status).toBe(401);
      const confirms = (await t.services.audit.list({ action: 'account.reset_password.confirm', limit: 100 })).filter((r) => r.ownerRef === other.id);
      expect(confirms).toHaveLength(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('password reset by link (decisions §6)', () => {
  test('when a user resets over SMTP, then the new password works, every web session ends and API tokens stay', async () => {
    const user = await makeUser(t.services);
    const laptop = sessionCookie(await signIn(t, user.email))!;
    const phone = sessionCookie(await signIn(t, user.email))!;
    const apiToken = await makeToken(t.services, user.id, ['public:read']);

    const asked = await request(t.app).post('/forgot-password').type('form').send({ email: user.email.toUpperCase() });
    expect(asked.status).toBe(200);
    await t.services.accountEmail.settled();
    const mail = await smtp.next();
    expect(mail.to).toEqual([user.email]);
    const link = linkIn(mail.raw);
    expect(link.path).toBe('/reset-password');

    const form = await request(t.app).get(`${link.path}?token=${link.token}`);
    expect(form.status).toBe(200);
    expect(form.text).toContain('name="password"');

    const mismatch = await request(t.app).post('/reset-password').type('form').send({ token: link.token, password: NEW_PASSWORD, confirm: 'something else entirely' });
    expect(mismatch.status).toBe(400);
    const short = await request(t.app).post('/reset-password').type('form').send({ token: link.token, password: 'short', confirm: 'short' });
    expect(short.status).toBe(400);
    expect(short.text).toContain('at least 10 characters');

    const done = await request(t.app).post('/reset-password').set('Cookie', laptop).type('form').send({ token: link.token, password: NEW_PASSWORD, confirm: NEW_PASSWORD });
    expect(done.status).toBe(200);
    expect(([] as string[]).concat(done.headers['set-cookie'] ?? []).join(';')).toMatch(/marquee_session=;/);

    for (const cookie of [laptop, phone]) {
      const page = await request(t.app).get('/developer').set('Cookie', cookie);
      expect(page.status).toBe(303);
      expect(page.headers.location).toMatch(/^\/login/);
    }
    expect(await t.db('web_sessions').where({ user_id: user.id })).toHaveLength(0);
    expect((await signIn(t, user.email)).status).toBe(401);
    expect((await signIn(t, user.email, NEW_PASSWORD)).status).toBe(303);
    expect((await callOp(t.app, 'getCurrentApiCaller', { token: apiToken.value })).status).toBe(200);
    // Receiving the link proved the address.
    expect((await t.services.users.require(user.id)).emailVerifiedAt).not.toBeNull();
    // Single use.
    expect((await request(t.app).post('/reset-password').type('form').send({ token: link.token, password: 'yet another password', confirm: 'yet another password' })).status).toBe(400);

    const audit = (await t.services.audit.list({ limit: 200 })).filter((r) => r.ownerRef === user.id);
    const confirm = audit.find((r) => r.action === 'account.reset_password.confirm');
    expect(confirm).toMatchObject({ result: 'accepted', actorKind: 'email_link', metadata: { sessionsEnded: 2 } });
    expect(audit.some((r) => r.action === 'account.reset_password.link' && r.result === 'issued')).toBe(true);
  });

  test('when no SMTP server is configured, then the message is an .eml file in the outbox, named on stderr without its link, and the link works', async () => {
    const user = await makeUser(o.services);
    const before = outboxFiles(o);
    expect((await request(o.app).post('/forgot-password').type('form').send({ email: user.email })).status).toBe(200);
    await o.services.accountEmail.settled();
    const added = outboxFiles(o).filter((f) => !before.includes(f));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/\.eml$/);
    const file = path.join(o.config.mail.outboxDir, added[0]);
    expect(o.config.mail.outboxDir).toBe(path.join(o.config.dataDir, 'outbox'));
    const raw = fs.readFileSync(file, 'utf8');
    expect(raw).toMatch(new RegExp(`^To: ${user.email.replace(/[.]/g, '\\.')}$`, 'm'));
    expect(raw).toMatch(/^Subject: Reset your Marquee password$/m);
    const link = linkIn(raw);
    expect(logged.filter((line) => line.includes(file))).toHaveLength(1);
    expect(logged.join('\n')).not.toContain(link.token);

    const done = await request(o.app).post('/reset-password').type('form').send({ token: link.token, password: NEW_PASSWORD, confirm: NEW_PASSWORD });
    expect(done.status).toBe(200);
    expect((await signIn(o, user.email, NEW_PASSWORD)).status).toBe(303);
  });

  test('when a user asks again, then only the newest reset link works', async () => {
    const user = await makeUser(o.services);
    const links: string[] = [];
    for (let i = 0; i < 2; i++) {
      const before = outboxFiles(o);
      await request(o.app).post('/forgot-password').type('form').send({ email: user.email });
      await o.services.accountEmail.settled();
      const [added] = outboxFiles(o).filter((f) => !before.includes(f));
      links.push(linkIn(fs.readFileSync(path.join(o.config.mail.outboxDir, added), 'utf8')).token);
    }
    expect((await request(o.app).get(`/reset-password?token=${links[0]}`)).status).toBe(400);
    const older = await request(o.app).post('/reset-password').type('form').send({ token: links[0], password: NEW_PASSWORD, confirm: NEW_PASSWORD });
    expect(older.status).toBe(400);
    expect((await request(o.app).post('/reset-password').type('form').send({ token: links[1], password: NEW_PASSWORD, confirm: NEW_PASSWORD })).status).toBe(200);
  });

  test('when a reset link is older than 1 hour, then it is refused and the password stays', async () => {
    const user = await makeUser(o.services);
    const before = outboxFiles(o);
    await request(o.app).post('/forgot-password').type('form').send({ email: user.email });
    await o.services.accountEmail.settled();
    const [added] = outboxFiles(o).filter((f) => !before.includes(f));
    const { token } = linkIn(fs.readFileSync(path.join(o.config.mail.outboxDir, added), 'utf8'));
    o.clock.advance(HOUR - 1);
    expect((await request(o.app).get(`/reset-password?token=${token}`)).status).toBe(200);
    o.clock.advance(1);
    expect((await request(o.app).get(`/reset-password?token=${token}`)).status).toBe(400);
    expect((await request(o.app).post('/reset-password').type('form').send({ token, password: NEW_PASSWORD, confirm: NEW_PASSWORD })).status).toBe(400);
    expect((await signIn(o, user.email)).status).toBe(303);
    // The maintenance sweep removes expired links.
    expect((await o.services.maintenance.sweepOnce()).accountEmailTokens).toBeGreaterThanOrEqual(1);
    expect(await o.db('account_email_tokens').where({ user_id: user.id })).toHaveLength(0);
  });

  test('when a token is forged, malformed or meant for the other purpose, then it is refused', async () => {
    const user = await makeUser(o.services);
    const { receipt } = (await o.services.accountEmail.sendVerification(user.id, { kind: 'operator' })) as { sent: true; receipt: { via: 'outbox'; file: string } };
    const verifyToken = linkIn(fs.readFileSync(receipt.file, 'utf8')).token;
    const forged = crypto.randomBytes(32).toString('base64url');
    for (const token of [forged, 'abc', 'x'.repeat(500), verifyToken]) {
      expect((await request(o.app).get(`/reset-password?token=${encodeURIComponent(token)}`)).status).toBe(400);
      const res = await request(o.app).post('/reset-password').type('form').send({ token, password: NEW_PASSWORD, confirm: NEW_PASSWORD });
      expect(res.status).toBe(400);
    }
    for (const token of [forged, 'abc']) {
      expect((await request(o.app).get(`/verify-email?token=${token}`)).status).toBe(400);
      expect((await request(o.app).post('/verify-email').type('form').send({ token })).status).toBe(400);
    }
    expect((await request(o.app).get('/verify-email')).status).toBe(400);
    // The genuine link still works: refusals consumed nothing.
    expect((await request(o.app).post('/verify-email').type('form').send({ token: verifyToken })).status).toBe(200);
    expect((await signIn(o, user.email)).status).toBe(303);
  });

  test('when a reset form is posted from another origin, then it is refused and the link stays usable', async () => {
    const user = await makeUser(o.services);
    const before = outboxFiles(o);
    await request(o.app).post('/forgot-password').type('form').send({ email: user.email });
    await o.services.accountEmail.settled();
    const [added] = outboxFiles(o).filter((f) => !before.includes(f));
    const { token } = linkIn(fs.readFileSync(path.join(o.config.mail.outboxDir, added), 'utf8'));
    const forgedPost = await request(o.app).post('/reset-password').set('Origin', 'https://evil.example').type('form').send({ token, password: NEW_PASSWORD, confirm: NEW_PASSWORD });
    expect(forgedPost.status).toBe(403);
    expect((await request(o.app).get(`/reset-password?token=${token}`)).status).toBe(200);
    expect((await request(o.app).post('/verify-email/send').type('form').send('')).status).toBe(303);
  });
});

describe('forgot-password answers', () => {
  test('when the address is unknown, then the answer is identical and nothing is sent', async () => {
    const user = await makeUser(o.services);
    const before = outboxFiles(o);
    const known = await request(o.app).post('/forgot-password').type('form').send({ email: user.email });
    const unknown = await request(o.app).post('/forgot-password').type('form').send({ email: 'nobody-here@example.test' });
    await o.services.accountEmail.settled();
    expect(unknown.status).toBe(known.status);
    expect(unknown.text).toBe(known.text);
    expect(outboxFiles(o).filter((f) => !before.includes(f))).toHaveLength(1);
  });

  test('when a known and an unknown address ask, then both are answered before any lookup, write or mail for them, with identical answers', async () => {
    const app = await createTestApp();
    const user = await makeUser(app.services);
    // Everything the request leads to is held: the account lookup and the mail transport.
    let openLookups!: () => void;
    const lookupsHeld = new Promise<void>((resolve) => (openLookups = resolve));
    const lookedUp: string[] = [];
    let bothLookedUp!: () => void;
    const lookupsStarted = new Promise<void>((resolve) => (bothLookedUp = resolve));
    const findByEmail = app.repos.users.findByEmail.bind(app.repos.users);
    const lookupSpy = jest.spyOn(app.repos.users, 'findByEmail').mockImplementation(async (email: string) => {
      lookedUp.push(email);
      if (lookedUp.length === 2) bothLookedUp();
      await lookupsHeld;
      return findByEmail(email);
    });
    let openMail!: () => void;
    const mailHeld = new Promise<void>((resolve) => (openMail = resolve));
    const send = app.services.accountEmail.mailer.send.bind(app.services.accountEmail.mailer);
    const mailSpy = jest.spyOn(app.services.accountEmail.mailer, 'send').mockImplementation(async (message) => {
      await mailHeld;
      return send(message);
    });
    try {
      const known = await request(app.app).post('/forgot-password').type('form').send({ email: user.email });
      const unknown = await request(app.app).post('/forgot-password').type('form').send({ email: 'nobody-at-all@example.test' });
      // Both answered while their lookups are (or are yet to be) held: nothing about either address was known yet.
      await lookupsStarted;
      expect(lookedUp).toEqual([user.email, 'nobody-at-all@example.test']);
      expect(await app.db('account_email_tokens').where({ user_id: user.id })).toHaveLength(0);
      expect(mailSpy).not.toHaveBeenCalled();

      expect(known.status).toBe(200);
      expect(unknown.status).toBe(known.status);
      expect(unknown.text).toBe(known.text);
      const comparable = (res: request.Response) => {
        const { date: _date, 'x-request-id': _id, ...rest } = res.headers;
        return rest;
      };
      expect(comparable(unknown)).toEqual(comparable(known));

      // Released, the known address gets its link and the unknown one nothing.
      openLookups();
      openMail();
      await app.services.accountEmail.settled();
      expect(mailSpy).toHaveBeenCalledTimes(1);
      expect(mailSpy.mock.calls[0][0].to).toBe(user.email);
      expect(await app.db('account_email_tokens').where({ user_id: user.id })).toHaveLength(1);
      expect(outboxFiles(app)).toHaveLength(1);
    } finally {
      openLookups();
      openMail();
      lookupSpy.mockRestore();
      mailSpy.mockRestore();
      await app.close();
    }
  });

  test('when an address is asked for, then the answer has left the process before the account is looked up (no time spent on it first)', async () => {
    const app = await createTestApp();
    const user = await makeUser(app.services);
    const server = http.createServer(app.app).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const sockets: Socket[] = [];
    server.on('connection', (socket: Socket) => sockets.push(socket));
    // Bytes handed to the operating system (written, not held corked or buffered in the process).
    const flushed = () => sockets.reduce((n, s) => n + s.bytesWritten - s.writableLength, 0);
    let before = 0;
    // At each lookup: has the answer to that request left the process?
    const answeredAtLookup: boolean[] = [];
    const findByEmail = app.repos.users.findByEmail.bind(app.repos.users);
    const spy = jest.spyOn(app.repos.users, 'findByEmail').mockImplementation((email: string) => {
      answeredAtLookup.push(flushed() > before);
      return findByEmail(email);
    });
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/forgot-password`;
      for (const email of [user.email, 'nobody-either@example.test']) {
        before = flushed();
        const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email }) });
        expect(res.status).toBe(200);
        await res.text();
        await app.services.accountEmail.settled();
      }
      expect(answeredAtLookup).toEqual([true, true]);
    } finally {
      spy.mockRestore();
      await new Promise((resolve) => server.close(resolve));
      await app.close();
    }
  });

  test.each(['outbox', 'smtp'] as const)(
    'when a known and an unknown address ask (%s), then the work after the answer is the same: the same statements in one unit of work and one message composed, and nothing is stored or sent for the unknown one',
    async (delivery) => {
      // That work can hold up the next request; if it differed, timing back-to-back requests would tell accounts apart.
      const app = await createTestApp(delivery === 'smtp' ? { mail: { ...t.config.mail } } : {});
      const user = await makeUser(app.services);
      const mailer = app.services.accountEmail.mailer;
      expect(mailer.kind).toBe(delivery);
      // Each statement as its table (or BEGIN/COMMIT), in order, across the request and its background work.
      const statements: string[] = [];
      const onQuery = (q: { sql: string }) => {
        const sql = q.sql.trim();
        statements.push(/^(begin|commit|rollback)/i.test(sql) ? sql.replace(/;$/, '').toUpperCase() : (/\b(?:from|into|update)\s+["`]?(\w+)/i.exec(sql)?.[1] ?? sql));
      };
      app.db.on('query', onQuery);
      const inboxBefore = smtp.inbox.length;
      const spies: { mockRestore(): void }[] = [];
      try {
        // Wrapped, not replaced: the real composing and delivery run.
        const render = jest.spyOn(mailer, 'render');
        const send = jest.spyOn(mailer, 'send');
        spies.push(render, send);
        const workFor = async (email: string) => {
          statements.length = 0;
          render.mockClear();
          send.mockClear();
          expect((await request(app.app).post('/forgot-password').type('form').send({ email })).status).toBe(200);
          await app.services.accountEmail.settled();
          return { statements: [...statements], composed: render.mock.calls.map(([m]) => m.subject), delivered: send.mock.calls.map(([m]) => m.to) };
        };
        const known = await workFor(user.email);
        const unknownAddress = 'nobody-by-that-name@example.test';
        const unknown = await workFor(unknownAddress);

        // The known address: its lookup, then one unit of work (old links removed, the link stored, its audit record).
        expect(known.statements).toEqual(['users', 'BEGIN', 'account_email_tokens', 'account_email_tokens', 'audit_records', 'COMMIT']);
        expect(unknown.statements).toEqual(known.statements);
        expect(known.composed).toEqual(['Reset your Marquee password']);
        expect(unknown.composed).toEqual(known.composed);
        expect(known.delivered).toEqual([user.email]);
        expect(unknown.delivered).toEqual([]);

        // Nothing stored or sent for the unknown address: one link, one message, and that is the known one's.
        expect(await app.db('account_email_tokens')).toHaveLength(1);
        expect(await app.db('account_email_tokens').where({ user_id: user.id })).toHaveLength(1);
        if (delivery === 'smtp') {
          expect((await smtp.next()).to).toEqual([user.email]);
          expect(smtp.inbox).toHaveLength(inboxBefore + 1);
        } else {
          expect(outboxFiles(app)).toHaveLength(1);
        }
        // Its audit record names no account and no address (a keyed hash only).
        const records = await app.services.audit.list({ action: 'account.reset_password.requested', limit: 10 });
        expect(records.map((r) => [r.result, r.actorKind, r.ownerRef, r.resourceId])).toEqual([['no_account', 'anonymous', null, null]]);
        expect(records[0].networkRef).toEqual(expect.any(String));
        expect(records[0].metadata).toEqual({ addressRef: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/), delivery: 'none' });
        expect(JSON.stringify(await app.services.audit.list({ limit: 100 }))).not.toContain('nobody-by-that-name');
      } finally {
        app.db.off('query', onQuery);
        for (const spy of spies) spy.mockRestore();
        await app.close();
      }
    },
  );

  test('when one address or one network asks too often, then 429 follows, the same for unknown addresses', async () => {
    const app = await createTestApp();
    try {
      const user = await makeUser(app.services);
      for (const email of [user.email, 'unknown-person@example.test']) {
        for (let i = 0; i < 3; i++) expect((await request(app.app).post('/forgot-password').type('form').send({ email })).status).toBe(200);
        const refused = await request(app.app).post('/forgot-password').type('form').send({ email });
        expect(refused.status).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
      // One network: 30 requests in the window, whatever the addresses (8 counted above).
      for (let i = 0; i < 22; i++) expect((await request(app.app).post('/forgot-password').type('form').send({ email: `spray-${i}@example.test` })).status).toBe(200);
      expect((await request(app.app).post('/forgot-password').type('form').send({ email: 'spray-last@example.test' })).status).toBe(429);
      await app.services.accountEmail.settled();
      expect(outboxFiles(app)).toHaveLength(3);
    } finally {
      await app.close();
    }
  });
});

describe('logs', () => {
  test('when links are sent, shown and used, then no log line holds a token', async () => {
    const user = await makeUser(t.services);
    const cookie = sessionCookie(await signIn(t, user.email))!;
    await request(t.app).post('/verify-email/send').set('Cookie', cookie).type('form').send('');
    const verify = linkIn((await smtp.next()).raw);
    await request(t.app).get(`/verify-email?token=${verify.token}`);
    await request(t.app).post('/verify-email').type('form').send({ token: verify.token });
    await request(t.app).post('/forgot-password').type('form').send({ email: user.email });
    await t.services.accountEmail.settled();
    const reset = linkIn((await smtp.next()).raw);
    await request(t.app).get(`/reset-password?token=${reset.token}`);
    await request(t.app).post('/reset-password').type('form').send({ token: reset.token, password: 'short', confirm: 'short' });
    await request(t.app).post('/reset-password').type('form').send({ token: reset.token, password: NEW_PASSWORD, confirm: NEW_PASSWORD });
    // The request log ran (it names the page routes) and never the tokens.
    expect(appLog.some((line) => /"route":"\/reset-password"/.test(line))).toBe(true);
    const all = [...logged, ...appLog].join('\n');
    expect(all).not.toContain(verify.token);
    expect(all).not.toContain(reset.token);
  });
});

describe('operator command', () => {
  test('when the operator sends a verification link, then the outbox file is named on stderr, stdout stays JSON, and the link verifies', async () => {
    const user = await makeUser(o.services);
    const env = {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      MARQUEE_DATA_DIR: o.config.dataDir,
      SQLITE_FILE: o.config.sqliteFile,
      MARQUEE_SECRET_KEY: o.config.secretKey.toString('base64url'),
      PUBLIC_BASE_URL: 'http://marquee.test',
      ...(o.config.databaseUrl ? { DATABASE_URL: o.config.databaseUrl, DATABASE_SCHEMA: o.config.databaseSchema } : {}),
    };
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'user', 'send-verification', user.email], { env, cwd: process.cwd() });
    const printed = JSON.parse(stdout);
    expect(printed).toMatchObject({ id: user.id, sent: true, delivery: { via: 'outbox', file: expect.stringMatching(/\.eml$/) } });
    expect(path.dirname(printed.delivery.file)).toBe(o.config.mail.outboxDir);
    expect(stderr).toContain(printed.delivery.file);
    const { token } = linkIn(fs.readFileSync(printed.delivery.file, 'utf8'));
    expect(stderr).not.toContain(token);
    expect((await request(o.app).post('/verify-email').type('form').send({ token })).status).toBe(200);
    expect((await o.services.users.require(user.id)).emailVerifiedAt).not.toBeNull();
  }, 60_000);
});
