/**
 * Operator command line. Every command runs against the configured database (DATABASE_URL or
 * the embedded SQLite file), exactly like the service: `npm run cli -- <command>`.
 */
import crypto from 'node:crypto';
import { Command, InvalidArgumentError, Option } from 'commander';
import { loadConfig } from './config.js';
import { createDb, migrateLatest } from './db/knex.js';
import { Repositories } from './repositories/index.js';
import { SigningKeyFile } from './services/oauth/signingKeys.js';
import { ACCESS_TOKEN_TTL_SECONDS } from './services/oauth/provider.js';
import { createServices, type Services } from './services/index.js';
import { RateLimits } from './services/ratelimit/rateLimits.js';
import { systemClock } from './lib/clock.js';
import { AppError } from './services/errors.js';
import { loadDemoData } from '../seeds/demo.js';
import { loadScaleData } from '../seeds/scale.js';
import { storageFromEnv } from './services/storage/config.js';

/** How long an operator command waits for a running server's write lock before giving up (SQLite). */
const OPERATOR_BUSY_TIMEOUT_MS = 60_000;

async function withServices<T>(fn: (services: Services) => Promise<T>): Promise<T> {
  const config = loadConfig();
  // A running server may hold the write lock for a moment (a commit, a checkpoint): wait it out.
  const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, pgSchema: config.databaseSchema, sqliteBusyTimeoutMs: OPERATOR_BUSY_TIMEOUT_MS });
  try {
    await migrateLatest(db);
    const store = storageFromEnv(process.env, { dataDir: config.dataDir, secretKey: config.secretKey, publicBaseUrl: config.publicBaseUrl, clock: systemClock });
    const posterReader = () => {
      throw new Error('the operator CLI reads no posters');
    };
    const rateLimits = new RateLimits({ kind: 'memory' }, config.rateLimitKeyPrefix);
    const signingKeys = await new SigningKeyFile(config.oauthSigningKeysFile).loadOrCreate(systemClock.now());
    return await fn(createServices({ repos: new Repositories(db), clock: systemClock, config }, { rateLimits, store, posterReader, signingKeys }));
  } finally {
    // SQLite: what this command wrote (a million-entity demo load writes gigabytes) goes into the
    // database file now and the WAL is emptied, instead of leaving a running server to copy it.
    if (!config.databaseUrl) await db.raw('pragma wal_checkpoint(TRUNCATE)').catch(() => undefined);
    await db.destroy();
  }
}

const print = (value: unknown) => console.log(JSON.stringify(value, null, 2));
const onOff = (value: string) => {
  if (value !== 'on' && value !== 'off') throw new Error('expected on or off');
  return value === 'on';
};

const isoTime = (value: string) => {
  const at = /^\d{4}-\d{2}-\d{2}(T.+)?$/.test(value) ? Date.parse(value) : NaN;
  if (Number.isNaN(at)) throw new InvalidArgumentError('an ISO 8601 date or time, e.g. 2026-11-25 or 2026-11-25T14:00:00Z');
  return at;
};
const wholeNumber = (min: number, max: number) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new InvalidArgumentError(`a whole number from ${min} to ${max}`);
  return n;
};

export function buildCli(): Command {
  const program = new Command('marquee').description('Marquee operator commands').showHelpAfterError();

  program.command('migrate').description('apply database migrations').action(() =>
    withServices(async () => console.log('migrations applied')),
  );

  const user = program.command('user').description('accounts');
  user
    .command('create')
    .description('create an account (prints a generated password when none is given)')
    .requiredOption('--email <email>')
    .option('--password <password>', 'at least 10 characters; read from MARQUEE_PASSWORD when omitted')
    .option('--name <displayName>')
    .option('--verified', 'mark the e-mail address verified')
    .action((o) =>
      withServices(async (s) => {
        const generated = (o.password ?? process.env.MARQUEE_PASSWORD) ? undefined : crypto.randomBytes(12).toString('base64url');
        const created = await s.users.create({ email: o.email, password: o.password ?? process.env.MARQUEE_PASSWORD ?? generated!, displayName: o.name });
        if (o.verified) await s.users.verifyEmail(created.id);
        print({ id: created.id, email: created.email, emailVerified: !!o.verified, ...(generated ? { password: generated } : {}) });
      }),
    );
  user
    .command('verify-email <user>')
    .description('mark an account e-mail verified (user = e-mail or id)')
    .action((who) => withServices(async (s) => { const u = await s.users.require(who); await s.users.verifyEmail(u.id); print({ id: u.id, emailVerified: true }); }));
  user
    .command('send-verification <user>')
    .description('send a link that confirms the account e-mail (SMTP when configured, else the outbox; the file is named on stderr)')
    .action((who) =>
      withServices(async (s) => {
        const u = await s.users.require(who);
        const outcome = await s.accountEmail.sendVerification(u.id, { kind: 'operator' });
        s.accountEmail.mailer.close();
        print({ id: u.id, sent: outcome.sent, ...(outcome.sent ? { delivery: outcome.receipt } : { emailVerified: true }) });
      }),
    );
  user
    .command('time-access <user> <onOff>')
    .description('grant (on) or revoke (off) time-API beta access')
    .action((who, value) => withServices(async (s) => { const u = await s.users.require(who); await s.users.setTimeApiAccess(u.id, onOff(value)); print({ id: u.id, timeApiAccess: onOff(value) }); }));
  user
    .command('retention <user> <onOff>')
    .description('set the account default for retaining time-parse input')
    .action((who, value) =>
      withServices(async (s) => {
        const u = await s.users.require(who);
        const { purged } = await s.timeRetention.setAccountDefault(u.id, onOff(value));
        print({ id: u.id, retentionDefault: onOff(value), purgedJobs: await purged });
      }),
    );
  user
    .command('time-allowance <user>')
    .description("set an account's daily and/or monthly time-parse allowance (\"default\" restores the service default)")
    .option('--daily <n>')
    .option('--monthly <n>')
    .action((who, o) =>
      withServices(async (s) => {
        const u = await s.users.require(who);
        const value = (v: string | undefined) => (v === undefined ? undefined : v === 'default' ? null : Number(v));
        await s.timeQuota.setAllowances(u.id, { daily: value(o.daily), monthly: value(o.monthly) });
        print({ id: u.id, ...(await s.timeQuota.usage(u.id)) });
      }),
    );
  user
    .command('time-usage <user>')
    .description("show an account's time-parse usage in the current minute, UTC day and UTC month")
    .action((who) => withServices(async (s) => { const u = await s.users.require(who); print({ id: u.id, ...(await s.timeQuota.usage(u.id)) }); }));
  user
    .command('show <user>')
    .action((who) => withServices(async (s) => { const { passwordHash: _omit, ...u } = await s.users.require(who); print(u); }));

  program
    .command('invite')
    .description('sign-up invites (SIGNUP=invite)')
    .command('create')
    .description('make a single-use invite link to the sign-up page; the link is printed once (only its hash is stored)')
    .option('--days <n>', 'days the link works (1 to 90)', wholeNumber(1, 90), 7)
    .action((o: { days: number }) =>
      withServices(async (s) => {
        const invite = await s.signUp.createInvite(o.days * 24 * 60 * 60 * 1000);
        print({ ...invite, signUpPolicy: s.signUp.policy });
      }),
    );

  const token = program.command('token').description('personal API tokens');
  token
    .command('create <user>')
    .description('create a personal API token for an account; the value is printed once')
    .requiredOption('--label <label>')
    .option('--scopes <scopes>', 'space- or comma-separated scopes', 'public:read')
    .action((who, o) =>
      withServices(async (s) => {
        const u = await s.users.require(who);
        const scopes = String(o.scopes).split(/[\s,]+/).filter(Boolean);
        print(await s.tokens.create(u.id, { label: o.label, scopes }));
      }),
    );
  token
    .command('trust-tier <tokenId>')
    .description('promote a token to trusted_partner, or return it to personal')
    .addOption(new Option('--tier <tier>').choices(['trusted_partner', 'personal']).default('trusted_partner'))
    .action((id, o) => withServices(async (s) => print(await s.tokens.setTrustTier(id, o.tier))));

  const oauthCmd = program.command('oauth').description('the OAuth issuer');
  oauthCmd
    .command('rotate-keys')
    .description('add a new signing key (used from the next start); keys retired within two access-token lifetimes stay published')
    .action(async () => {
      const config = loadConfig();
      const result = await new SigningKeyFile(config.oauthSigningKeysFile).rotate(systemClock.now(), 2 * ACCESS_TOKEN_TTL_SECONDS);
      print({ file: config.oauthSigningKeysFile, signingKid: result.kid, publishedKids: [result.kid, ...result.kept], note: 'restart every instance to sign with the new key' });
    });
  oauthCmd
    .command('trust-tier <clientId> <tier>')
    .description('promote (trusted_partner) or demote (standard) an OAuth application')
    .action((clientId, tier) =>
      withServices(async (s) => {
        if (tier !== 'standard' && tier !== 'trusted_partner') throw new Error('tier is standard or trusted_partner');
        print(await s.oauthApps.setTrustTier(clientId, tier));
      }),
    );

  const profile = program.command('profile').description('directory profiles');
  profile
    .command('create')
    .addOption(new Option('--type <type>').choices(['person', 'community']).makeOptionMandatory())
    .requiredOption('--name <displayName>')
    .option('--owner <user>', 'owning account (claimed profile)')
    .option('--timezone <zone>')
    .option('--headline <text>')
    .action((o) =>
      withServices(async (s) => {
        const owner = o.owner ? await s.users.require(o.owner) : undefined;
        const p = await s.directory.createProfile({ profileType: o.type, displayName: o.name, ownerUserId: owner?.id, timezone: o.timezone, headline: o.headline });
        print({ id: p.id, slug: p.slug, profileType: p.profileType, claimState: p.claimState });
      }),
    );
  program
    .command('world')
    .description('worlds')
    .command('create')
    .requiredOption('--name <displayName>')
    .option('--owner <user>')
    .option('--summary <text>')
    .action((o) =>
      withServices(async (s) => {
        const owner = o.owner ? await s.users.require(o.owner) : undefined;
        const w = await s.directory.createWorld({ displayName: o.name, ownerUserId: owner?.id, summary: o.summary });
        print({ id: w.id, slug: w.slug });
      }),
    );

  program
    .command('event')
    .description('events')
    .command('takeover <slug>')
    .description("staff take a contributed event over: its contributor can no longer correct or retract it")
    .action((slug) => withServices(async (s) => print(await s.publishing.takeOver(slug))));

  program
    .command('audit')
    .description('audit records (contract 6.2)')
    .command('list')
    .description('list audit records, newest first')
    .option('--kind <kind>', 'an action (personal_token.create) or an action family (personal_token)')
    .option('--actor <actor>', 'an account (e-mail or usr_ id: its own records and those of its tokens and apps), or a token or OAuth client id')
    .option('--since <iso>', 'records at or after this ISO 8601 time', isoTime)
    .option('--until <iso>', 'records at or before this ISO 8601 time', isoTime)
    .option('--limit <n>', 'at most N records (1 to 1000)', wholeNumber(1, 1000), 50)
    .option('--json', 'one JSON array instead of a table')
    .action((o: { kind?: string; actor?: string; since?: number; until?: number; limit: number; json?: boolean }) =>
      withServices(async (s) => {
        let actorRefs: string[] | undefined;
        if (o.actor !== undefined) {
          const named = o.actor.trim();
          actorRefs = named.includes('@') || named.startsWith('usr_') ? [(await s.users.require(named)).id] : [named];
        }
        const records = await s.audit.search({ kind: o.kind, actorRefs, since: o.since, until: o.until, limit: o.limit });
        const shown = records.map(({ occurredAt, ...r }) => ({ occurredAt: new Date(occurredAt).toISOString(), ...r }));
        if (o.json) return print(shown);
        if (!shown.length) return console.log('no audit records match');
        for (const r of shown) {
          const resource = r.resourceType ? `${r.resourceType}:${r.resourceId ?? ''}` : '-';
          const cells = [r.occurredAt, r.action, r.result, `${r.actorKind}:${r.actorRef ?? '-'}`, `owner:${r.ownerRef ?? '-'}`, r.routeClass ?? '-', resource];
          console.log([...cells, ...(r.metadata ? [JSON.stringify(r.metadata)] : [])].join('  '));
        }
      }),
    );

  program
    .command('demo')
    .description('demo data')
    .command('load')
    .description('load the demo communities, people, worlds and events; with --size, also a generated directory of about N entities')
    .option('--size <n>', 'add a generated directory of about N entities (people, communities, worlds, events)', (v) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > 1_000_000) throw new InvalidArgumentError('a whole number from 1 to 1000000');
      return n;
    })
    .option('--seed <n>', 'seed of the generated directory (the same size and seed give the same rows)', (v) => Number(v), 42)
    .action((opts: { size?: number; seed: number }) =>
      withServices(async (s) => {
        const demo = await loadDemoData(s);
        print(opts.size ? { ...demo, generated: await loadScaleData(s, opts.size, opts.seed) } : demo);
      }),
    );

  return program;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildCli()
    .parseAsync(process.argv)
    .catch((err) => {
      console.error(err instanceof AppError ? `${err.title}: ${err.options.detail ?? ''}` : err instanceof Error ? err.message : err);
      process.exit(1);
    });
}
