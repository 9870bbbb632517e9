import http from 'node:http';
import request from 'supertest';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeToken, makeUser, publishEvent, saveDraft, stubPosterReader, uniqueTitle } from '../helpers/factories.js';
import { bodyOf, callOp, contractErrors, operationFor } from '../helpers/contractClient.js';
import { StandInParser } from '../helpers/standInTimeParser.js';
import { ResponseValidator } from '../../src/contract/responseValidator.js';
import { scopes } from '../../src/generated/contract.js';
import { Rng } from './generator.js';
import { makeCase, shapes, type FuzzCase, type Fixtures } from './cases.js';

/**
 * Schema-driven fuzzing of every contract operation through the real HTTP stack: valid requests
 * derived from the schemas and near-valid mutations of them (wrong types, bounds ± 1, missing
 * and extra properties, invalid enums, hostile text, path traversal and bad percent-encoding,
 * empty, malformed, huge and mistyped bodies, odd headers), as the owner of a community, an
 * event and a draft, anonymously and with an unknown token. Every answer must be below 500; a
 * 4xx must be an application/problem+json the contract declares; a 2xx must match its response
 * schema; and a refused write must leave the stored rows as they were.
 *
 * FUZZ_SEED picks the seed (a fixed one by default) and FUZZ_CASES the case budget; a failure
 * prints the seed and one line per failing request to send it again.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261121) >>> 0;
// PostgreSQL and Redis answer a case several times slower than SQLite and memory; both legs stay near a minute.
const CASES = Number(process.env.FUZZ_CASES ?? (process.env.DATABASE_URL ? 3000 : 5000));

let t: TestApp;
let server: http.Server;
let ownerToken: string;
let fixtures: Fixtures;
let targets: { draftId: string; community: string; owned: string; contributed: string };

/** The revision a valid write of `operationId` must name: the draft's version, or its target's `updatedAt`. */
async function currentRevisions(operationId: string): Promise<Record<string, number>> {
  const draft = await t.db('event_intake_drafts').where({ id: targets.draftId }).first('version');
  const updatedAt = async (table: string, id: string) => Number((await t.db(table).where({ id }).first('updated_at'))?.updated_at ?? 0);
  const expectedUpdatedAt =
    operationId === 'updateCurrentUserProfile' ? await updatedAt('profiles', targets.community)
    : operationId === 'updateEventContribution' ? await updatedAt('events', targets.contributed)
    : operationId === 'updateCurrentUserCommunityEvent' ? await updatedAt('events', targets.owned)
    : 0;
  return { expectedVersion: Number(draft?.version ?? 1), expectedUpdatedAt };
}
const validator = new ResponseValidator();

/** Tables whose rows a write may change; those a refused request may touch by design (audit, quotas, sessions, issuer state) are left out. */
const WATCHED: [table: string, updated: boolean][] = [
  ['users', true],
  ['api_tokens', true],
  ['profiles', true],
  ['worlds', true],
  ['events', true],
  ['event_slots', false],
  ['event_participants', false],
  ['event_intake_drafts', true],
  ['intake_posters', false],
  ['event_artwork', false],
  ['intake_publications', false],
  ['oauth_applications', true],
  ['oauth_client_secrets', false],
  ['search_documents', true],
  ['profile_assets', true],
  ['profile_asset_upload_intents', true],
  ['profile_submission_receipts', false],
  ['event_create_receipts', false],
  ['profile_media_revisions', false],
  ['profile_media_receipts', false],
  ['profile_media_submissions', true],
  ['time_parse_jobs', false],
];
const SNAPSHOT_SQL = `select ${WATCHED.map(([table, updated], i) => `(select count(*) from ${table}) as c${i}` + (updated ? `, (select max(updated_at) from ${table}) as u${i}` : '')).join(', ')}`;

/** Row counts of the watched tables and the newest `updated_at` of each: any stored change moves one. */
async function snapshot(): Promise<Record<string, string>> {
  const result = await t.db.raw(SNAPSHOT_SQL);
  const row = t.dialect === 'pg' ? result.rows[0] : result[0];
  const out: Record<string, string> = {};
  WATCHED.forEach(([table, updated], i) => {
    out[`${table}.count`] = String(row[`c${i}`]);
    if (updated) out[`${table}.updated_at`] = String(row[`u${i}`]);
  });
  return out;
}

beforeAll(async () => {
  t = await createTestApp(
    // Generous limits, so that 429s do not hide the cases behind them (a 429 is still checked).
    { rateLimitScale: 100_000, timeParse: { perMinute: 1_000_000, dailyAllowance: 1_000_000, monthlyAllowance: 1_000_000 } },
    { timeParser: new StandInParser(), posterReader: stubPosterReader() },
  );
  server = http.createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  const user = await makeUser(t.services, { verified: true });
  await t.services.users.setTimeApiAccess(user.id, true);
  ownerToken = (await makeToken(t.services, user.id, [...scopes], 'fuzz owner')).value;
  const community = await t.services.directory.createProfile({ profileType: 'community', displayName: 'Fuzz Crew', ownerUserId: user.id, timezone: 'Europe/Berlin' });
  const person = await t.services.directory.createProfile({ profileType: 'person', displayName: 'Fuzz Person', ownerUserId: user.id });
  const world = await t.services.directory.createWorld({ displayName: 'Fuzz World', ownerUserId: user.id });
  const owned = bodyOf(
    await callOp(t.app, 'createCurrentUserCommunityEvent', { token: ownerToken, body: { title: uniqueTitle(), communitySlug: community.slug, startAt: Date.UTC(2026, 11, 5, 19) } }),
    200,
  );
  const contributed = await publishEvent(t, ownerToken, { communitySlug: community.slug, eventDate: '2026-12-06', timeTba: true });
  const spareContribution = await publishEvent(t, ownerToken, { communitySlug: community.slug, eventDate: '2026-12-07', timeTba: true });
  const draftId = bodyOf(await saveDraft(t, ownerToken, { title: 'Fuzz draft', communitySlug: community.slug }), 200).draftId;
  const [app, spareApp] = await Promise.all(
    ['Fuzz App', 'Spare App'].map(async (displayName) =>
      bodyOf(await callOp(t.app, 'createCurrentDeveloperOAuthApp', { token: ownerToken, body: { clientType: 'confidential', displayName, redirectUris: ['https://client.example.test/cb'] } }), 200),
    ),
  );
  // Tokens a valid revoke may take away; the owner's own token is never among them.
  const spare = await Promise.all([1, 2, 3].map((i) => makeToken(t.services, user.id, ['public:read'], `spare ${i}`)));
  fixtures = {
    communitySlug: community.slug,
    personSlug: person.slug,
    worldSlug: world.slug,
    pools: {
      slug: [community.slug, person.slug, owned.slug, contributed.slug, world.slug],
      draftId: [draftId],
      tokenId: spare.map((s) => s.id),
      clientId: [app.application.clientId],
      secretId: [app.secretId!],
    },
    byOperation: {
      updateCurrentUserProfile: { slug: [community.slug] },
      updateCurrentUserCommunityEvent: { slug: [owned.slug] },
      getEventContribution: { slug: [contributed.slug] },
      updateEventContribution: { slug: [contributed.slug] },
      // Retracting takes the event away; the contribution reads and corrections keep theirs.
      retractEventContribution: { slug: [spareContribution.slug, owned.slug] },
      getPublicWorldBySlug: { slug: [world.slug] },
      getPublicWorldEventsBySlug: { slug: [world.slug] },
      createCurrentUserProfileAssetUploadIntent: { slug: [community.slug, person.slug] },
      // Revoking takes the application away; the others keep one to act on.
      revokeCurrentDeveloperOAuthApp: { clientId: [spareApp.application.clientId] },
    },
  };
  targets = { draftId, community: community.id, owned: owned.eventId, contributed: contributed.eventId };
}, 60_000);

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

function send(c: FuzzCase) {
  let req = (request(server) as any)[c.method](c.url) as request.Test;
  if (c.auth === 'owner') req = req.set('Authorization', `Bearer ${ownerToken}`);
  if (c.auth === 'bogus') req = req.set('Authorization', 'Bearer service_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  for (const [k, v] of Object.entries(c.headers)) req = req.set(k, v);
  if (c.body && 'json' in c.body) req = req.set('Content-Type', 'application/json').send(JSON.stringify(c.body.json));
  else if (c.body) {
    if (c.body.contentType !== undefined) req = req.set('Content-Type', c.body.contentType);
    req = req.send(c.body.raw as never);
  }
  return req.buffer(true).ok(() => true);
}

/** Why an answer breaks the rules, or undefined. */
function violation(c: FuzzCase, res: request.Response): string | undefined {
  if (res.status >= 500) return `status ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`;
  const contentType = String(res.headers['content-type'] ?? '');
  if (res.status >= 400 && !/^application\/problem\+json(;|$)/.test(contentType)) return `${res.status} with content type "${contentType}", not application/problem+json`;
  const { errors, body } = contractErrors(operationFor(c.method, c.url), res);
  if (errors.length) return `${res.status} breaks the contract: ${errors.slice(0, 3).join('; ')} body: ${JSON.stringify(body).slice(0, 300)}`;
  return undefined;
}

const describeBody = (c: FuzzCase) => {
  if (!c.body) return 'none';
  const text = 'json' in c.body ? JSON.stringify(c.body.json) : Buffer.isBuffer(c.body.raw) ? `<${c.body.raw.length} bytes ${c.body.contentType}>` : `${c.body.contentType}: ${c.body.raw}`;
  return text === undefined ? 'none' : text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text;
};
const reproduction = (c: FuzzCase, i: number, why: string) =>
  `#${i} ${c.operationId} [${c.mutation}] ${c.method.toUpperCase()} ${c.url.slice(0, 300)} auth=${c.auth} headers=${JSON.stringify(c.headers).slice(0, 200)} body=${describeBody(c)}\n    → ${why}`;

test(`when ${CASES} seeded requests derived from the contract reach every operation, then none answers 5xx, every error is a declared problem, every success matches its schema and no refused write changes a row`, async () => {
  const rng = new Rng(SEED);
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  const perOperation = new Map<string, number[]>();
  const refusedValid: string[] = [];
  const started = process.hrtime.bigint();
  for (let i = 0; i < CASES; i++) {
    const shape = shapes[i % shapes.length];
    if (shape.method !== 'get') fixtures.expected = await currentRevisions(shape.id);
    const c = makeCase(shape, fixtures, rng, t.config.jsonBodyLimitBytes);
    const write = c.method !== 'get';
    const before = write ? await snapshot() : undefined;
    let why: string | undefined;
    try {
      const res = await send(c);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const key = `${c.operationId} ${c.mutation.split(' ')[0]}`;
      perOperation.set(key, [...(perOperation.get(key) ?? []), res.status]);
      if (process.env.FUZZ_VERBOSE && c.mutation === 'valid' && c.auth === 'owner' && res.status >= 400) refusedValid.push(`${c.operationId} ${res.status} ${JSON.stringify(res.body).slice(0, 300)} ← ${describeBody(c).slice(0, 300)}`);
      why = violation(c, res);
      if (!why && before && res.status >= 400) {
        const after = await snapshot();
        const changed = Object.keys(before).filter((k) => before[k] !== after[k]);
        if (changed.length) why = `refused with ${res.status} but changed ${changed.join(', ')}`;
      }
    } catch (err) {
      why = `request failed: ${(err as Error).message}`;
    }
    if (why) failures.push(reproduction(c, i, why));
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const summary = `fuzz seed=${SEED} (FUZZ_SEED=${SEED} FUZZ_CASES=${CASES}) ${t.dialect}: ${CASES} cases over ${shapes.length} operations in ${seconds.toFixed(1)} s; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`;
  if (failures.length) {
    throw new Error(`${summary}\n${failures.length} failing cases (first 40):\n${failures.slice(0, 40).join('\n')}`);
  }
  console.log(summary);
  if (process.env.FUZZ_VERBOSE) console.log(refusedValid.join('\n'));
  if (process.env.FUZZ_VERBOSE) console.log([...perOperation].sort().map(([k, v]) => `${k}: ${[...new Set(v)].sort().join(' ')}`).join('\n'));
}, 600_000);

/** Percent-encodes text, a lone surrogate as the (invalid) UTF-8 bytes it would have. */
const enc = (s: string) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '\ufffd')).replace(/%EF%BF%BD/g, '%ED%A0%80');

/** Characters no page may echo (tab, line feed and carriage return are ordinary whitespace). */
const UNPRINTABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

test('when the web pages get malformed cookies, bodies of every kind and hostile text, then none answers 5xx, errors are problems, and no page echoes a control character', async () => {
  const rng = new Rng(SEED ^ 0x5eed);
  const cases = Math.max(200, Math.floor(CASES / 6));
  const signIn = await request(server).post('/login').type('form').send({ email: (await t.db('users').orderBy('created_at').first('email')).email, password: 'correct horse battery staple' });
  const session = ([] as string[]).concat(signIn.headers['set-cookie'] ?? []).find((c) => c.startsWith('marquee_session='))?.split(';')[0] ?? 'marquee_session=none';
  const crew = (await t.db('profiles').where({ display_name: 'Fuzz Crew' }).first('slug')).slug as string;
  const ownedEvent = (await t.db('events').where({ source_type: 'manual' }).orderBy('created_at').first('slug')).slug as string;
  const hostile = () => rng.pick(['a\u0000b', 'x\ud800y', '\u202eevil', 'bell\u0007', '\u001b[31m', '%FF', '%00', '<script>x</script>', 'é', '\u0085next']);
  const routes: [method: string, path: () => string][] = [
    ['get', () => `/login?next=${enc('/' + hostile()).replace(/%25/g, rng.chance(0.3) ? '%' : '%25')}`],
    ['get', () => `/login?next=${rng.pick(['%FF', '%00', '/%E2%80%AE', '//evil.example', '/developer%0d%0aSet-Cookie:x=1'])}`],
    ['post', () => '/login'],
    ['get', () => '/logout'],
    ['post', () => '/logout'],
    ['get', () => '/developer'],
    ['post', () => '/developer/tokens'],
    ['post', () => `/developer/tokens/${rng.pick(['x', '%00', '%FF', '..%2f', enc(hostile())])}/revoke`],
    ['post', () => '/developer/oauth-apps'],
    ['post', () => `/developer/oauth-apps/${rng.pick(['x', '%00', '%FF', enc(hostile())])}/secrets`],
    ['post', () => `/developer/oauth-apps/${rng.pick(['x', '%00', enc(hostile())])}/revoke`],
    ['post', () => `/developer/oauth-apps/${rng.pick(['x', '%00', enc(hostile())])}/secrets/${rng.pick(['x', '%00', '%FF', enc(hostile())])}/revoke`],
    ['get', () => `/forgot-password`],
    ['post', () => `/forgot-password`],
    ['get', () => `/reset-password?token=${enc(hostile())}`],
    ['get', () => `/verify-email?token=${rng.pick(['%FF', '%00', enc(hostile())])}`],
    ['get', () => `/signup${rng.pick(['', `?invite=${enc(hostile())}`, '?invite=%FF', '?invite=%00', `?invite=${'A'.repeat(43)}`])}`],
    ['post', () => '/signup'],
    ['get', () => '/account'],
    ['post', () => rng.pick(['/account/name', '/account/password', '/account/email', '/account/delete'])],
    ['get', () => '/account/delete'],
    ['get', () => `/account/${rng.pick(['drafts', 'contributions'])}${rng.pick(['', `?cursor=${enc(hostile())}`, '?cursor=%FF', '?cursor=a&cursor=b', '?limit=0', '?limit=x', `?notice=${enc(hostile())}`])}`],
    ['get', () => `/account/contributions/${rng.pick(['x', '%00', '%FF', '..%2f', enc(hostile())])}/retract`],
    ['post', () => `/account/contributions/${rng.pick(['x', '%00', '%FF', '..%2f', enc(hostile())])}/retract`],
    ['get', () => `/confirm-email-change?token=${rng.pick(['%FF', '%00', enc(hostile())])}`],
    ['post', () => '/confirm-email-change'],
    ['get', () => `/oauth/interaction/${rng.pick(['x', '%00', enc(hostile())])}`],
    ['post', () => `/api/time/parse`],
    // The owner's event pages: their own community and event, and slugs that name nothing.
    ['get', () => `/manage/${rng.pick([crew, 'x', '%00', '%FF', enc(hostile())])}/events${rng.pick(['', '/new'])}`],
    ['post', () => `/manage/${rng.pick([crew, crew, 'x', '%00', enc(hostile())])}/events/new${rng.pick(['', '?rows=slots', '?rows=participants', `?rows=${enc(hostile())}`])}`],
    ['get', () => `/manage/events/${rng.pick([ownedEvent, 'x', '%00', '%FF', enc(hostile())])}${rng.pick(['', '/cancel'])}`],
    ['post', () => `/manage/events/${rng.pick([ownedEvent, ownedEvent, 'x', '%00', enc(hostile())])}${rng.pick(['', '', '/cancel', '/restore'])}`],
    // The public pages, their share cards and the crawler files.
    ['get', () => `/search?q=${enc(hostile())}&type=${rng.pick(['all', 'event', 'person', 'community', 'world', 'bogus', enc(hostile())])}${rng.chance(0.3) ? `&cursor=${enc(hostile())}` : ''}`],
    ['get', () => `/${rng.pick(['events', 'people', 'communities', 'worlds'])}/${rng.pick(['x', '%00', '%FF', '..%2f', enc(hostile())])}`],
    ['get', () => `/cards/${rng.pick(['events', 'profiles'])}/${rng.pick(['x', '%00', enc(hostile())])}.png?v=${enc(hostile())}`],
    ['get', () => `/?${enc(hostile())}=${enc(hostile())}`],
    ['get', () => rng.pick(['/sitemap.xml', '/sitemap-1.xml', '/sitemap-99999.xml', '/robots.txt', '/favicon.ico'])],
  ];
  const cookies = () =>
    rng.pick([
      session,
      `${session}; ${session}`,
      `${session}; marquee_session=forged`,
      'marquee_session=forged; ' + session,
      'marquee_session=%FF%FE',
      'marquee_session=%00',
      `marquee_session=${'q'.repeat(rng.int(4000, 12000))}`,
      'marquee_session="unterminated',
      '=; ;;=x=y',
      `marquee_session=${enc('\u202e')}`,
      '',
    ]);
  const bodies: (() => [type: string | undefined, body: string | undefined])[] = [
    () => [undefined, undefined],
    () => ['application/x-www-form-urlencoded', `email=${enc(hostile())}&password=${enc(hostile())}&label=${enc(hostile())}&scopes=public%3Aread&displayName=${enc(hostile())}&confirm=${enc(hostile())}&newEmail=${enc(hostile())}&currentPassword=${enc(hostile())}&invite=${enc(hostile())}&token=${enc(hostile())}&redirectUris=https%3A%2F%2Fa.example%2Fcb&next=${enc('/' + hostile())}`],
    () => ['application/x-www-form-urlencoded', rng.pick(['%', 'a=%FF', 'a=%E0%A4%A', '&&&==', 'email[]=a&email[]=b', 'a[b][c]=1'])],
    () => ['application/json', JSON.stringify({ email: 'a@example.test', password: 'x', text: hostile() })],
    () => ['application/json', '{"a":'],
    () => ['text/plain', hostile()],
    () => ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--'],
    () => ['application/x-www-form-urlencoded', `label=${'z'.repeat(20_000)}`],
    // The owner's event form: its fields (rows included) with hostile and malformed values.
    () => [
      'application/x-www-form-urlencoded',
      [
        `title=${enc(hostile())}`,
        `eventDate=${rng.pick(['2026-12-11', '2026-02-30', enc(hostile())])}`,
        `timezone=${rng.pick(['Europe/Berlin', 'Mars/Olympus', enc(hostile())])}`,
        `start.time=${rng.pick(['21:00', '25:00', '02:30', enc(hostile())])}`,
        `end.dayOffset=${rng.pick(['', '1', '99', enc(hostile())])}`,
        `start.occurrence=${rng.pick(['', 'earlier', enc(hostile())])}`,
        `slots.${rng.pick(['0', '1', '99999', '-1', 'x'])}.displayLabel=${enc(hostile())}`,
        `slots.0.start.time=${rng.pick(['22:00', '', enc(hostile())])}`,
        `slots.0.personSlug=${enc(hostile())}`,
        `slots.0.selectedStreamId=${rng.pick(['', 'keep', 'twitch:x', enc(hostile())])}`,
        `participants.0.personSlug=${enc(hostile())}`,
        `watchMode=${rng.pick(['event_stream', 'performer_sequence', enc(hostile())])}`,
        `expectedUpdatedAt=${rng.pick(['1', '99999999999999999999', enc(hostile())])}`,
        `idempotencyKey=${rng.pick(['k1', enc(hostile())])}`,
        `op=${rng.pick(['save', 'add', 'remove:0', 'up:1', 'down:0', 'refresh', enc(hostile())])}`,
      ].join('&'),
    ],
  ];
  const failures: string[] = [];
  for (let i = 0; i < cases; i++) {
    const [method, pathOf] = rng.pick(routes);
    const path = pathOf();
    const cookie = cookies();
    const [type, body] = rng.pick(bodies)();
    let req = (request(server) as any)[method](path) as request.Test;
    if (cookie) req = req.set('Cookie', cookie);
    if (type) req = req.set('Content-Type', type);
    if (body !== undefined) req = req.send(body);
    const line = `web #${i} ${method.toUpperCase()} ${path.slice(0, 200)} cookie=${cookie.slice(0, 80)} type=${type} body=${JSON.stringify(body ?? null).slice(0, 200)}`;
    try {
      const res = await req.redirects(0).buffer(true).ok(() => true);
      const contentType = String(res.headers['content-type'] ?? '');
      if (res.status >= 500) failures.push(`${line}\n    → status ${res.status}: ${res.text.slice(0, 300)}`);
      else if (contentType.startsWith('text/html') && UNPRINTABLE.test(res.text)) failures.push(`${line}\n    → the page echoes ${JSON.stringify(res.text.match(UNPRINTABLE)![0])}`);
      else if (res.status >= 400 && contentType.startsWith('application/problem+json')) {
        const check = validator.check({ status: res.status, contentType, body: res.body });
        if (!check.ok) failures.push(`${line}\n    → ${res.status} problem breaks the Problem schema: ${check.errors.join('; ')}`);
      } else if (res.status >= 400 && !/^(text\/html|application\/json)/.test(contentType)) {
        // OAuth endpoints answer in OAuth's own JSON format; pages answer HTML; anything else is a problem.
        failures.push(`${line}\n    → ${res.status} with content type "${contentType}"`);
      }
    } catch (err) {
      failures.push(`${line}\n    → request failed: ${(err as Error).message}`);
    }
  }
  if (failures.length) throw new Error(`web fuzz seed=${SEED}: ${failures.length} of ${cases} failing (first 30):\n${failures.slice(0, 30).join('\n')}`);
}, 600_000);
