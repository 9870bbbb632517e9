import fs from 'node:fs';
import crypto from 'node:crypto';
import { jest } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeUser } from '../helpers/factories.js';
import { SIGN_UP_GLOBAL } from '../../src/services/ratelimit/rateLimits.js';

// The sign-up page is an HTML form outside the API contract: raw supertest against the real app.
const PASSWORD = 'a long enough passphrase';
const DAY = 24 * 60 * 60 * 1000;
let ip = 0;
/** A fresh client network for each use (the apps read the client address from a header). */
const nextNetwork = () => `10.${Math.floor(++ip / 250)}.${ip % 250}.7`;

const CLIENT_IP = { source: 'header' as const, header: 'x-client-ip' };

async function app(policy: 'open' | 'invite' | 'closed'): Promise<TestApp> {
  return createTestApp({ signUp: policy, clientIp: CLIENT_IP });
}

function post(t: TestApp, form: Record<string, string>, network = nextNetwork()) {
  return request(t.app).post('/signup').set('x-client-ip', network).type('form').send(form);
}

const form = (email: string, extra: Record<string, string> = {}) => ({ email, displayName: 'New Person', password: PASSWORD, confirm: PASSWORD, ...extra });
let seq = 0;
const newAddress = () => `signup-${++seq}-${crypto.randomBytes(3).toString('hex')}@example.test`;

/** The messages in the outbox: file name, recipient, subject and text (quoted-printable undone). */
function outbox(t: TestApp): { name: string; to: string; subject: string; text: string }[] {
  const dir = t.config.mail.outboxDir;
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((name) => {
      const raw = fs.readFileSync(`${dir}/${name}`, 'utf8');
      const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
      return { name, to: /^To: (.+)$/m.exec(raw)![1].trim(), subject: /^Subject: (.+)$/m.exec(raw)![1].trim(), text };
    });
}

const linkIn = (text: string, path: string) => {
  const m = new RegExp(`http://marquee\\.test${path}\\?token=([A-Za-z0-9_-]{43})`).exec(text);
  if (!m) throw new Error(`no ${path} link in the message`);
  return m[1];
};

const signIn = (t: TestApp, email: string, password = PASSWORD) => request(t.app).post('/login').set('x-client-ip', nextNetwork()).type('form').send({ email, password, next: '/developer' });

const quiet: { mockRestore(): void }[] = [];
beforeEach(() => {
  // The outbox names each file it writes on stderr.
  quiet.push(jest.spyOn(console, 'error').mockImplementation(() => undefined), jest.spyOn(console, 'log').mockImplementation(() => undefined));
});
afterEach(() => {
  for (const spy of quiet.splice(0)) spy.mockRestore();
});

describe('SIGNUP=open', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await app('open');
  });
  afterAll(() => t.close());

  test('when someone signs up, then an unconfirmed account is made, a confirmation link is mailed, and it signs in only once confirmed', async () => {
    const shown = await request(t.app).get('/signup');
    expect(shown.status).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(shown.headers['content-security-policy']).toContain("form-action 'self'");
    expect(shown.text).toContain('<form method="post" action="/signup" class="form">');
    for (const name of ['email', 'displayName', 'password', 'confirm']) expect(shown.text).toContain(`name="${name}"`);
    // Offered from the header and the sign-in page.
    expect(shown.text).toContain('<a href="/signup">Create an account</a>');
    expect((await request(t.app).get('/login')).text).toContain('<a href="/signup">Create an account</a>');
    expect((await request(t.app).get('/')).text).toContain('<a href="/signup">Create an account</a>');

    const email = newAddress();
    const answer = await post(t, form(email.toUpperCase()));
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('Check your e-mail');
    expect(answer.text).toContain(email);
    expect(answer.headers['set-cookie']).toBeUndefined();
    await t.services.signUp.settled();

    const user = await t.services.users.require(email);
    expect(user).toMatchObject({ displayName: 'New Person', emailVerifiedAt: null, origin: 'signup' });
    expect(user.passwordHash).not.toContain(PASSWORD);
    const mail = outbox(t).filter((m) => m.to === email);
    expect(mail.map((m) => m.subject)).toEqual(['Confirm your e-mail address for Marquee']);

    // Not confirmed yet: the password is refused as a wrong one would be.
    const early = await signIn(t, email);
    expect(early.status).toBe(401);
    expect(early.text).toContain('Unknown e-mail or wrong password.');

    const token = linkIn(mail[0].text, '/verify-email');
    expect((await request(t.app).get(`/verify-email?token=${token}`)).status).toBe(200);
    const confirmed = await request(t.app).post('/verify-email').type('form').send({ token });
    expect(confirmed.status).toBe(200);
    expect((await t.services.users.require(email)).emailVerifiedAt).toBe(t.clock.now());

    const signedIn = await signIn(t, email);
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.location).toBe('/developer');
    const audit = (await t.services.audit.list({ limit: 100 })).filter((r) => r.ownerRef === user.id).map((r) => [r.action, r.result]);
    expect(audit).toEqual(expect.arrayContaining([['account.signup', 'created'], ['account.verify_email.link', 'issued'], ['account.verify_email.confirm', 'accepted']]));
  });

  test('when fields are wrong, then 400 shows each message beside its field, keeps the address and name but no password, and makes nothing', async () => {
    const before = await t.db('users').count<{ n: number }[]>({ n: '*' });
    const res = await post(t, { email: 'not-an-address', displayName: '  ', password: 'short', confirm: 'short' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('3 fields need your attention.');
    expect(res.text).toMatch(/<label for="field-email">E-mail<\/label>.*id="field-email"[^>]*aria-invalid="true"[^>]*aria-describedby="field-email-hint field-email-error"/);
    expect(res.text).toContain('<span id="field-email-error" class="field-error error">Enter an e-mail address like name@example.org.</span>');
    expect(res.text).toContain('<span id="field-displayName-error" class="field-error error">Enter the name others will see.</span>');
    expect(res.text).toContain('<span id="field-password-error" class="field-error error">Use at least 10 characters.</span>');
    expect(res.text).toContain('value="not-an-address"');
    expect(res.text).not.toContain('value="short"');

    const differ = await post(t, form(newAddress(), { confirm: 'another long passphrase' }));
    expect(differ.status).toBe(400);
    expect(differ.text).toContain('<span id="field-confirm-error" class="field-error error">The two passwords differ.</span>');
    const control = await post(t, form(newAddress(), { displayName: 'Bad\u0007Name' }));
    expect(control.status).toBe(400);
    expect(control.text).toContain('field-displayName-error');
    await t.services.signUp.settled();
    expect(await t.db('users').count<{ n: number }[]>({ n: '*' })).toEqual(before);
  });

  test('when an address that has an account signs up, then the answer is the same as for a new one, its owner is told instead, and the account is unchanged', async () => {
    const owner = await makeUser(t.services);
    const fresh = newAddress();
    const mailsBefore = new Set(outbox(t).map((m) => m.name));
    const known = await post(t, form(owner.email, { password: 'attacker chosen password', confirm: 'attacker chosen password' }));
    const unknown = await post(t, form(fresh, { password: 'attacker chosen password', confirm: 'attacker chosen password' }));
    await t.services.signUp.settled();
    expect(unknown.status).toBe(known.status);
    expect(unknown.text.replace(fresh, 'ADDRESS')).toBe(known.text.replace(owner.email, 'ADDRESS'));
    const comparable = (res: request.Response) => {
      const { date: _date, 'x-request-id': _id, 'content-length': _length, etag: _etag, ...rest } = res.headers;
      return rest;
    };
    expect(comparable(unknown)).toEqual(comparable(known));

    const mails = outbox(t).filter((m) => !mailsBefore.has(m.name));
    expect(mails.find((m) => m.to === owner.email)).toMatchObject({ subject: 'Someone tried to create a Marquee account with your address' });
    expect(mails.find((m) => m.to === owner.email)!.text).toContain('http://marquee.test/forgot-password');
    expect(mails.find((m) => m.to === fresh)).toMatchObject({ subject: 'Confirm your e-mail address for Marquee' });
    expect(mails).toHaveLength(2);
    // One account with the address, with its own password.
    expect(await t.db('users').where({ email: owner.email })).toHaveLength(1);
    expect((await signIn(t, owner.email, 'correct horse battery staple')).status).toBe(303);
    expect((await signIn(t, owner.email, 'attacker chosen password')).status).toBe(401);
  });

  test('when an address is signed up, then the answer is written before the account is looked up', async () => {
    const owner = await makeUser(t.services);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const looked: string[] = [];
    const findByEmail = t.repos.users.findByEmail.bind(t.repos.users);
    const spy = jest.spyOn(t.repos.users, 'findByEmail').mockImplementation(async (email: string) => {
      looked.push(email);
      await held;
      return findByEmail(email);
    });
    try {
      const fresh = newAddress();
      const known = await post(t, form(owner.email));
      const unknown = await post(t, form(fresh));
      // Both answered while their lookups wait.
      expect([known.status, unknown.status]).toEqual([200, 200]);
      expect(await t.db('users').where({ email: fresh })).toHaveLength(0);
      release();
      await t.services.signUp.settled();
      expect(looked).toEqual([owner.email, fresh]);
      expect(await t.db('users').where({ email: fresh })).toHaveLength(1);
    } finally {
      release();
      spy.mockRestore();
    }
  });

  test('when one new address signs up twice at once, then one account is made and the second is told as an existing one', async () => {
    const email = newAddress();
    const answers = await Promise.all([post(t, form(email)), post(t, form(email))]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    await t.services.signUp.settled();
    expect(await t.db('users').where({ email })).toHaveLength(1);
    expect(
      outbox(t)
        .filter((m) => m.to === email)
        .map((m) => m.subject)
        .sort(),
    ).toEqual(['Confirm your e-mail address for Marquee', 'Someone tried to create a Marquee account with your address']);
  });

  test('when a sign-up is posted from another origin, then it is refused and nothing is made', async () => {
    const email = newAddress();
    const res = await request(t.app).post('/signup').set('x-client-ip', nextNetwork()).set('Origin', 'https://evil.example').type('form').send(form(email));
    expect(res.status).toBe(403);
    expect(res.text).toContain('Cross-site form submission refused.');
    await t.services.signUp.settled();
    expect(await t.db('users').where({ email })).toHaveLength(0);
  });

  test('when a signed-in person opens the sign-up page, then they are sent on to their account', async () => {
    const user = await makeUser(t.services);
    const cookie = ([] as string[]).concat((await signIn(t, user.email, 'correct horse battery staple')).headers['set-cookie'] ?? [])[0].split(';')[0];
    const res = await request(t.app).get('/signup').set('Cookie', cookie);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/developer');
  });
});

describe('sign-up rate limits', () => {
  test('when one address signs up too often, then the fourth gets a readable 429, the same for an address with an account', async () => {
    const t = await app('open');
    try {
      const owner = await makeUser(t.services);
      for (const email of [newAddress(), owner.email]) {
        for (let i = 0; i < 3; i++) expect((await post(t, form(email))).status).toBe(200);
        const refused = await post(t, form(email));
        expect(refused.status).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        expect(refused.headers['content-type']).toMatch(/^text\/html/);
        expect(refused.text).toContain('Too many sign-ups for now.');
      }
      await t.services.signUp.settled();
    } finally {
      await t.close();
    }
  });

  test('when one network signs up many addresses, then the eleventh in the hour is refused, and another network is not', async () => {
    const t = await app('open');
    try {
      const network = nextNetwork();
      for (let i = 0; i < 10; i++) expect((await post(t, form(newAddress()), network)).status).toBe(200);
      expect((await post(t, form(newAddress()), network)).status).toBe(429);
      expect((await post(t, form(newAddress()))).status).toBe(200);
      await t.services.signUp.settled();
    } finally {
      await t.close();
    }
  });

  test('when the deployment has taken its hourly sign-ups, then every network is refused', async () => {
    const t = await app('open');
    try {
      await t.services.rateLimits.consumeSignUp(Array.from({ length: SIGN_UP_GLOBAL.points }, () => 'all'));
      const refused = await post(t, form(newAddress()));
      expect(refused.status).toBe(429);
      expect(refused.text).toContain('Too many sign-ups for now.');
    } finally {
      await t.close();
    }
  });
});

describe('SIGNUP=invite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await app('invite');
  });
  afterAll(() => t.close());
  const inviteOf = (url: string) => new URL(url).searchParams.get('invite')!;

  test('when there is no invite, then the page asks for one, and a sign-up without one, or with a forged or malformed one, is refused', async () => {
    const page = await request(t.app).get('/signup');
    expect(page.status).toBe(200);
    expect(page.text).toContain('needs an invite link');
    expect(page.text).not.toContain('name="password"');
    expect(page.text).not.toContain('Create an account</a>');
    expect((await request(t.app).get('/')).text).not.toContain('href="/signup"');
    expect((await request(t.app).get('/login')).text).toContain('New accounts need an invite link');

    const forged = crypto.randomBytes(32).toString('base64url');
    expect((await request(t.app).get(`/signup?invite=${forged}`)).status).toBe(400);
    for (const invite of [undefined, forged, 'not-an-invite', '']) {
      const email = newAddress();
      const res = await post(t, form(email, invite === undefined ? {} : { invite }));
      expect(res.status).toBe(403);
      expect(res.text).not.toContain('Check your e-mail');
      await t.services.signUp.settled();
      expect(await t.db('users').where({ email })).toHaveLength(0);
    }
  });

  test('when an invite is used, then it makes one account and is refused the second time', async () => {
    const { url } = await t.services.signUp.createInvite();
    const invite = inviteOf(url);
    const shown = await request(t.app).get(`/signup?invite=${invite}`);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain(`<input type="hidden" name="invite" value="${invite}"/>`);
    // Only the invite's hash is stored.
    expect(JSON.stringify(await t.db('signup_invites'))).not.toContain(invite);

    const email = newAddress();
    expect((await post(t, form(email, { invite }))).status).toBe(200);
    await t.services.signUp.settled();
    expect(await t.db('users').where({ email, origin: 'signup' })).toHaveLength(1);

    const again = newAddress();
    const reused = await post(t, form(again, { invite }));
    expect(reused.status).toBe(403);
    expect(reused.text).toContain('already used, has expired');
    expect((await request(t.app).get(`/signup?invite=${invite}`)).status).toBe(400);
    await t.services.signUp.settled();
    expect(await t.db('users').where({ email: again })).toHaveLength(0);
  });

  test('when an invite is posted with bad fields, then it is not spent', async () => {
    const invite = inviteOf((await t.services.signUp.createInvite()).url);
    const bad = await post(t, form(newAddress(), { invite, password: 'short', confirm: 'short' }));
    expect(bad.status).toBe(400);
    expect(bad.text).toContain(`value="${invite}"`);
    expect((await post(t, form(newAddress(), { invite }))).status).toBe(200);
    await t.services.signUp.settled();
  });

  test('when an invite is older than its expiry, then it is refused (injected clock)', async () => {
    const invite = inviteOf((await t.services.signUp.createInvite(2 * DAY)).url);
    t.clock.advance(2 * DAY - 1);
    expect((await request(t.app).get(`/signup?invite=${invite}`)).status).toBe(200);
    t.clock.advance(1);
    expect((await request(t.app).get(`/signup?invite=${invite}`)).status).toBe(400);
    const email = newAddress();
    expect((await post(t, form(email, { invite }))).status).toBe(403);
    await t.services.signUp.settled();
    expect(await t.db('users').where({ email })).toHaveLength(0);
  });

  test('when two sign-ups use one invite at once, then exactly one is accepted', async () => {
    const invite = inviteOf((await t.services.signUp.createInvite()).url);
    const answers = await Promise.all([post(t, form(newAddress(), { invite })), post(t, form(newAddress(), { invite }))]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 403]);
    await t.services.signUp.settled();
  });
});

describe('SIGNUP=closed', () => {
  test('when sign-up is closed, then the page says the operator makes accounts, nothing offers it, and a post makes nothing', async () => {
    const t = await app('closed');
    try {
      const page = await request(t.app).get('/signup');
      expect(page.status).toBe(200);
      expect(page.text).toContain('Accounts on this site are created by its operator.');
      expect(page.text).not.toContain('name="password"');
      const login = await request(t.app).get('/login');
      expect(login.text).not.toContain('href="/signup"');
      expect((await request(t.app).get('/search?q=x')).text).not.toContain('href="/signup"');
      expect(login.text).toContain('Accounts are created by the operator');
      const { url } = await t.services.signUp.createInvite();
      for (const extra of [{}, { invite: new URL(url).searchParams.get('invite')! }] as Record<string, string>[]) {
        const email = newAddress();
        const res = await post(t, form(email, extra));
        expect(res.status).toBe(403);
        await t.services.signUp.settled();
        expect(await t.db('users').where({ email })).toHaveLength(0);
      }
    } finally {
      await t.close();
    }
  });
});
