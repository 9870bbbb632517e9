import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { call } from '../helpers/contractClient.js';

const run = promisify(execFile);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Runs the operator CLI as an operator would, against this test's database. */
async function cli(...args: string[]) {
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    MARQUEE_DATA_DIR: t.config.dataDir,
    SQLITE_FILE: t.config.sqliteFile,
    MARQUEE_SECRET_KEY: t.config.secretKey.toString('base64url'),
    ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl, DATABASE_SCHEMA: t.config.databaseSchema } : {}),
  };
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { env, cwd: process.cwd() });
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

  test('when a command is misused, then it exits non-zero with a message', async () => {
    await expect(cli('user', 'create', '--email', 'not-an-email', '--password', 'long enough password')).rejects.toMatchObject({ code: 1 });
    await expect(cli('user', 'time-access', 'nobody@example.test', 'on')).rejects.toMatchObject({ code: 1 });
  }, 60_000);
});
