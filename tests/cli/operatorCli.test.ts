import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import request from 'supertest';
import { call } from '../helpers/contractClient.js';

const run = promisify(execFile);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Runs the operator CLI as an operator would, against this test's database. */
async function cliText(...args: string[]) {
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    MARQUEE_DATA_DIR: t.config.dataDir,
    SQLITE_FILE: t.config.sqliteFile,
    MARQUEE_SECRET_KEY: t.config.secretKey.toString('base64url'),
    ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl, DATABASE_SCHEMA: t.config.databaseSchema } : {}),
  };
  return run(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { env, cwd: process.cwd() });
}

async function cli(...args: string[]) {
  const { stdout } = await cliText(...args);
  return JSON.parse(stdout);
}

describe('operator CLI (decisions §6)', () => {
  test('when an operator creates a user, verifies, grants time access and mints a token, then the token works on the API', async () => {
    const created = await cli('user', 'create', '--email', 'Operator.Made@Example.test', '--name', 'Made By CLI');
    expect(created).toMatchObject({ email: 'operator.made@example.test', emailVerified: false, password: expect.any(String) });
    await cli('user', 'verify-email', 'operator.made@example.test');
    await cli('user', 'time-access', created.id, 'on');
    await cli('user', 'retention', created.id, 'off');
    const shown = await cli('user', 'show', created.id);
    expect(shown).toMatchObject({ emailVerifiedAt: expect.any(Number), timeApiGrantedAt: expect.any(Number), retentionDefault: false });
    expect(shown.passwordHash).toBeUndefined();

    const allowance = await cli('user', 'time-allowance', created.id, '--daily', '40', '--monthly', '900');
    expect(allowance).toMatchObject({ day: { allowance: 40, count: 0 }, month: { allowance: 900 }, minute: { limit: 6 } });
    const restored = await cli('user', 'time-allowance', created.id, '--daily', 'default');
    expect(restored).toMatchObject({ day: { allowance: 250 }, month: { allowance: 900 } });
    expect(await cli('user', 'time-usage', created.id)).toMatchObject({ day: { count: 0 } });

    const minted = await cli('token', 'create', created.id, '--label', 'ops', '--scopes', 'public:read developer:read');
    expect(minted.tokenValue).toMatch(/^service_/);
    const promoted = await cli('token', 'trust-tier', minted.token.id);
    expect(promoted.trustTier).toBe('trusted_partner');
    const me = await call(t.app, 'GET', '/api/v0/me', { token: minted.tokenValue });
    expect(me.status).toBe(200);
    expect(me.body.credential).toMatchObject({ ownerUserId: created.id, trustTier: 'trusted_partner' });
    expect(me.body.rateLimit.limit).toBe(60000);

    const community = await cli('profile', 'create', '--type', 'community', '--name', 'CLI Crew', '--owner', created.id);
    expect(community).toMatchObject({ slug: 'cli-crew', profileType: 'community', claimState: 'claimed_verified' });
    const again = await cli('profile', 'create', '--type', 'community', '--name', 'CLI Crew');
    expect(again.slug).toBe('cli-crew-2');
    const world = await cli('world', 'create', '--name', 'CLI World', '--owner', created.id);
    expect(world.slug).toBe('cli-world');
  }, 60_000);

  test('when demo data is loaded, then communities, people, worlds and upcoming events exist', async () => {
    const demo = await cli('demo', 'load');
    expect(demo.email).toBeTruthy();
    expect(await t.services.directory.countEvents()).toBeGreaterThanOrEqual(5);
    const crew = await t.services.directory.findProfile('neon-reverie');
    expect(crew?.profileType).toBe('community');
  }, 60_000);

  test('when the operator makes an invite, then its link is printed once, only its hash is stored, and it lets one person sign up', async () => {
    const invite = await cli('invite', 'create', '--days', '3');
    expect(invite).toEqual({ id: expect.stringMatching(/^inv_/), url: expect.stringMatching(/^http:\/\/localhost:\d+\/signup\?invite=[A-Za-z0-9_-]{43}$/), expiresAt: expect.any(String), signUpPolicy: 'open' });
    const value = new URL(invite.url).searchParams.get('invite')!;
    const rows = await t.db('signup_invites').where({ id: invite.id });
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(value);
    expect(Number(rows[0].expires_at) - Number(rows[0].created_at)).toBe(3 * 24 * 60 * 60 * 1000);

    // A deployment of the same database with SIGNUP=invite takes the link once.
    const invited = await createTestApp({ signUp: 'invite' }, {}, { shareWith: t });
    try {
      expect((await request(invited.app).get(`/signup?invite=${value}`)).status).toBe(200);
      const form = { email: 'invited.by.cli@example.test', displayName: 'Invited', password: 'invited person password', confirm: 'invited person password', invite: value };
      expect((await request(invited.app).post('/signup').type('form').send(form)).status).toBe(200);
      await invited.services.signUp.settled();
      expect(await invited.db('users').where({ email: 'invited.by.cli@example.test', origin: 'signup' })).toHaveLength(1);
      expect((await request(invited.app).post('/signup').type('form').send({ ...form, email: 'second@example.test' })).status).toBe(403);
    } finally {
      await invited.close();
    }
    await expect(cliText('invite', 'create', '--days', '0')).rejects.toMatchObject({ stderr: expect.stringContaining('a whole number from 1 to 90') });
  });

  test('when a command is misused, then it exits non-zero with a message', async () => {
    await expect(cli('user', 'create', '--email', 'not-an-email', '--password', 'long enough password')).rejects.toMatchObject({ code: 1 });
    await expect(cli('user', 'time-access', 'nobody@example.test', 'on')).rejects.toMatchObject({ code: 1 });
  }, 60_000);
});

describe('operator CLI: audit list', () => {
  const at = (iso: string) => Date.parse(iso);

  test('when records of several kinds, actors and times exist, then audit list filters them and shows the newest first', async () => {
    const user = await cli('user', 'create', '--email', 'audited@example.test', '--password', 'long enough password');
    const other = await cli('user', 'create', '--email', 'bystander@example.test', '--password', 'long enough password');
    const { audit } = t.services;
    t.clock.set(at('2026-03-01T10:00:00Z'));
    await audit.record({ action: 'profile.updated', result: 'accepted', actorKind: 'api_token', actorRef: 'tok_auditAAAA', ownerRef: user.id, resourceType: 'profile', resourceId: 'prf_1' });
    t.clock.set(at('2026-03-02T10:00:00Z'));
    await audit.record({ action: 'profile.submitted', result: 'accepted', actorKind: 'api_token', actorRef: 'tok_auditAAAA', ownerRef: user.id, resourceType: 'profile', resourceId: 'prf_2' });
    await audit.record({ action: 'event.created', result: 'accepted', actorKind: 'api_token', actorRef: 'tok_auditBBBB', ownerRef: other.id, resourceType: 'event', resourceId: 'evt_1' });
    t.clock.set(at('2026-03-03T10:00:00Z'));
    await audit.record({ action: 'profile.updated', result: 'refused', actorKind: 'oauth_client', actorRef: 'mq_auditclient', ownerRef: user.id, resourceType: 'profile', resourceId: 'prf_1' });

    const family = await cli('audit', 'list', '--kind', 'profile', '--actor', 'Audited@Example.test', '--json');
    expect(family.map((r: { action: string; occurredAt: string }) => [r.action, r.occurredAt])).toEqual([
      ['profile.updated', '2026-03-03T10:00:00.000Z'],
      ['profile.submitted', '2026-03-02T10:00:00.000Z'],
      ['profile.updated', '2026-03-01T10:00:00.000Z'],
    ]);
    const exact = await cli('audit', 'list', '--kind', 'profile.updated', '--actor', user.id, '--since', '2026-03-02', '--json');
    expect(exact).toEqual([expect.objectContaining({ action: 'profile.updated', result: 'refused', actorRef: 'mq_auditclient', ownerRef: user.id })]);
    const window = await cli('audit', 'list', '--since', '2026-03-02T00:00:00Z', '--until', '2026-03-02T23:59:59Z', '--json');
    expect(window.map((r: { resourceId: string }) => r.resourceId).sort()).toEqual(['evt_1', 'prf_2']);
    const byToken = await cli('audit', 'list', '--actor', 'tok_auditBBBB', '--json');
    expect(byToken.map((r: { action: string }) => r.action)).toEqual(['event.created']);
    const limited = await cli('audit', 'list', '--actor', user.id, '--limit', '1', '--json');
    expect(limited).toHaveLength(1);
    expect(limited[0].occurredAt).toBe('2026-03-03T10:00:00.000Z');
    // The family is the part before the dot: "profile" does not match "profile_media.*".
    await audit.record({ action: 'profile_media.imported', result: 'accepted', actorKind: 'api_token', ownerRef: user.id });
    expect((await cli('audit', 'list', '--kind', 'profile', '--actor', user.id, '--json')).map((r: { action: string }) => r.action)).not.toContain('profile_media.imported');
    t.clock.set(Date.UTC(2026, 10, 21, 12, 0, 0));
  }, 60_000);

  test('when a token is created and used, then its audit records show ids and never the token value', async () => {
    const user = await cli('user', 'create', '--email', 'tokened@example.test', '--password', 'long enough password');
    const minted = await cli('token', 'create', user.id, '--label', 'audited', '--scopes', 'public:read');
    expect((await call(t.app, 'GET', '/api/v0/me', { token: minted.tokenValue })).status).toBe(200);
    // A metadata member named like a secret is withheld even if a writer ever stored one.
    await t.services.audit.record({ action: 'personal_token.probe', result: 'accepted', actorKind: 'operator', ownerRef: user.id, metadata: { clientSecret: 'mqcs_do-not-print', label: 'kept' } });

    const { stdout: table } = await cliText('audit', 'list', '--kind', 'personal_token', '--actor', 'tokened@example.test');
    const { stdout: json } = await cliText('audit', 'list', '--actor', user.id, '--json');
    for (const out of [table, json]) {
      expect(out).toContain(minted.token.id);
      expect(out).not.toContain(minted.tokenValue);
      expect(out).not.toContain(minted.tokenValue.slice('service_'.length));
      expect(out).not.toContain('mqcs_do-not-print');
    }
    expect(table.split('\n').find((line) => line.includes('personal_token.create'))).toContain(`personal_token:${minted.token.id}`);
    expect(JSON.parse(json).find((r: { action: string }) => r.action === 'personal_token.probe').metadata).toEqual({ clientSecret: '[withheld]', label: 'kept' });
  }, 60_000);

  test('when audit list is misused, then it exits non-zero with a message', async () => {
    await expect(cli('audit', 'list', '--since', 'yesterday')).rejects.toMatchObject({ code: 1 });
    await expect(cli('audit', 'list', '--limit', '0')).rejects.toMatchObject({ code: 1 });
    await expect(cli('audit', 'list', '--actor', 'nobody@example.test')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('No such user') });
    expect(await cli('audit', 'list', '--kind', 'no_such_kind', '--json')).toEqual([]);
  }, 60_000);
});
