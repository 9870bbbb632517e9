import crypto from 'node:crypto';
import http from 'node:http';
import sharp from 'sharp';
import request from 'supertest';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeToken, makeUser, publishEvent, saveDraft, stubPosterReader, uniqueTitle } from '../helpers/factories.js';
import { bodyOf, callOp, contractErrors, operationFor } from '../helpers/contractClient.js';
import { StandInParser } from '../helpers/standInTimeParser.js';
import { formBody } from '../helpers/webSession.js';
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
  // By slug: the contract fuzz may have renamed the community.
  const crew = fixtures.communitySlug;
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

/** An HTML page, or (for the editor script's requests and its own endpoints) JSON or a problem; never anything else. */
const PAGE_TYPES = /^text\/html(;|$)/;
const JSON_TYPES = /^application\/(problem\+)?json(;|$)/;
/**
 * Refusals of the shared request guards, before any page reads the request (a path or form body
 * that is not valid percent-encoded UTF-8, a body of another media type or charset, too large, or
 * holding NUL, an unrouted path): a problem document, as everywhere in the app. Anything else a page
 * form answers to a browser is a page.
 */
const guardRefusal = (p: { code?: string; detail?: string }) =>
  ['MALFORMED_REQUEST', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'].includes(p.code ?? '') ||
  (p.code === 'NOT_FOUND' && p.detail === 'No route matches this path.') ||
  (p.code === 'VALIDATION_FAILED' && p.detail === 'The form holds text no field accepts.');

test('when the profile editor, the suggestion form and the media kit get seeded valid and near-valid forms as the owner and as a stranger, then none answers 5xx, each answer is a page (or JSON for the script), only a saved form changes a row, and the owner’s profile and media read back whole through the API', async () => {
  const rng = new Rng(SEED ^ 0xed17);
  const cases = Math.max(240, Math.floor(CASES / 3));
  const origin = new URL(t.config.publicBaseUrl).origin;
  const signIn = async (email: string) =>
    ([] as string[]).concat((await request(server).post('/login').type('form').send({ email, password: 'correct horse battery staple' })).headers['set-cookie'] ?? []).find((c) => c.startsWith('marquee_session='))!.split(';')[0];
  const ownerRow = await t.db('users').orderBy('created_at').first('id', 'email');
  const owner = await signIn(ownerRow.email);
  const strangerUser = await makeUser(t.services, { verified: true });
  const stranger = await signIn(strangerUser.email);
  // By slug: the contract fuzz may have renamed them.
  const crewRow = (await t.db('profiles').where({ slug: fixtures.communitySlug }).first('id', 'slug')) as { id: string; slug: string };
  const personRow = (await t.db('profiles').where({ slug: fixtures.personSlug }).first('id', 'slug')) as { id: string; slug: string };
  const unclaimed = await t.services.directory.createProfile({ profileType: 'person', displayName: 'Fuzz Unclaimed', headline: 'Nobody owns me', bio: 'Left for the community' });
  const targets = [crewRow, personRow, { id: unclaimed.id, slug: unclaimed.slug }];
  const ids = targets.map((p) => p.id);
  const kit = (slug = crewRow.slug) => `/manage/${slug}/media`;

  // The owner's community starts with text, links and a media kit: the run must not lose any of it.
  const crewBefore = (await t.repos.profiles.findById(crewRow.id))!;
  const saved = await request(server)
    .post(`/manage/${crewRow.slug}`)
    .set('Cookie', owner)
    .set('Origin', origin)
    .type('form')
    .send(
      formBody([
        ['expectedUpdatedAt', String(crewBefore.updatedAt)],
        ['displayName', 'Fuzz Crew'],
        ['headline', 'A crew the fuzzer keeps'],
        ['bio', 'Stored before the run.'],
        ['categoryTags', 'music, dance'],
        ['links.0.type', 'website'],
        ['links.0.url', 'https://crew.example.test/'],
        ['links.0.label', 'Home'],
      ]),
    );
  expect([saved.status, saved.headers.location]).toEqual([303, `/manage/${crewRow.slug}?saved=1`]);
  const image = (background: string) => sharp({ create: { width: 40, height: 24, channels: 3, background } }).png().toBuffer();
  const seedImages = [await image('#ff00cc'), await image('#00ccff'), await sharp({ create: { width: 30, height: 30, channels: 3, background: '#0c0' } }).jpeg().toBuffer()];
  for (const [i, bytes] of seedImages.entries()) {
    const res = await request(server)
      .post(`${kit()}/upload`)
      .set('Cookie', owner)
      .set('Origin', origin)
      .field('label', `Seed ${i}`)
      .field('placement', i === 0 ? 'primary_logo' : 'gallery')
      .attach('file', bytes, { filename: `seed${i}.png`, contentType: 'image/png' });
    expect([res.status, res.text.match(/-error"[^>]*>[^<]+/g)?.join(" ") ?? '']).toEqual([303, '']);
  }
  const assetIdsBefore = (await t.db('profile_assets').where({ profile_id: crewRow.id }).pluck('id')) as string[];

  const hostile = () =>
    rng.pick(['a\u0000b', 'x\ud800y', '\udc00', '\u202eevil', 'bell\u0007', '\u001b[31m', '<script>x</script>', '"><img src=x onerror=alert(1)>', 'é', '\u0085next', '%FF', '%', '', ' ', 'Z'.repeat(rng.int(200, 3000))]);
  const huge = () => 'h'.repeat(rng.pick([5_000, 70_000, 300_000]));
  const form = (pairs: [string, string][]) => pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');

  /** The editor's form for a profile as stored, as the page renders it. */
  const profileFields = async (id: string): Promise<[string, string][]> => {
    const p = (await t.repos.profiles.findById(id))!;
    return [
      ['expectedUpdatedAt', String(p.updatedAt)],
      ['displayName', p.displayName],
      ['aliases', p.aliases.join(', ')],
      ['tags', p.tags.join(', ')],
      ['headline', p.headline ?? ''],
      ['bio', p.bio ?? ''],
      ['region', p.region ?? ''],
      ['timezone', p.timezone ?? ''],
      ...(p.profileType === 'person'
        ? ([['pronouns', p.pronouns ?? ''], ['roleTags', p.roleTags.join(', ')]] as [string, string][])
        : ([['subtype', p.communitySubtype ?? ''], ['categoryTags', p.categoryTags.join(', ')]] as [string, string][])),
      ...p.outboundLinks.flatMap((l, i): [string, string][] => [
        [`links.${i}.type`, l.type],
        [`links.${i}.url`, l.url],
        [`links.${i}.label`, l.label ?? ''],
      ]),
    ];
  };
  const TEXT = ['displayName', 'aliases', 'tags', 'headline', 'bio', 'region', 'timezone', 'pronouns', 'roleTags', 'subtype', 'categoryTags'];
  const set = (pairs: [string, string][], name: string, value: string) => {
    const i = pairs.findIndex(([k]) => k === name);
    if (i === -1) pairs.push([name, value]);
    else pairs[i] = [name, value];
  };

  /** A valid form of the profile editor, then one near-valid mutation (or none); raw text where the mutation is not a field. */
  const profileBody = async (id: string): Promise<[mutation: string, body: string]> => {
    const pairs = await profileFields(id);
    const mutation = rng.pick(['valid', 'edit', 'edit', 'hostile', 'huge', 'repeat', 'array', 'wrongType', 'stale', 'badEscape', 'links', 'op', 'op', 'drop', 'unknown']);
    switch (mutation) {
      case 'edit':
        set(pairs, rng.pick(['headline', 'bio', 'region', 'aliases', 'tags', 'displayName', 'timezone', 'categoryTags', 'roleTags', 'pronouns', 'subtype']), rng.pick(['Fuzz edit', 'Neon, Lantern', 'Europe/Berlin', 'Mars/Olympus', 'she/her', 'club', '', `Round ${rng.int(0, 999)}`]));
        break;
      case 'hostile':
        set(pairs, rng.pick([...TEXT, 'links.0.url', 'links.0.label', 'links.0.type', 'links.0.handle', 'links.0.presentation']), hostile());
        break;
      case 'huge':
        set(pairs, rng.pick(TEXT), huge());
        break;
      case 'repeat': {
        const [k] = rng.pick(pairs);
        pairs.push([k, rng.chance(0.5) ? 'again' : hostile()]);
        break;
      }
      case 'array':
        pairs.push([`${rng.pick(TEXT)}${rng.pick(['[]', '[0]', '[a][b]'])}`, hostile()]);
        break;
      case 'wrongType':
        if (rng.chance(0.5)) set(pairs, 'expectedUpdatedAt', rng.pick(['', 'abc', '-1', '1e3', '0', '99999999999999999', '1.5', hostile()]));
        else set(pairs, rng.pick(['links.0.type', 'links.0.presentation', 'links.1.type']), rng.pick(['bogus', '7', 'true', '[]', hostile()]));
        break;
      case 'stale':
        set(pairs, 'expectedUpdatedAt', String(Number(pairs[0][1]) - rng.int(1, 100_000)));
        break;
      case 'links':
        for (let n = rng.int(1, 30); n > 0; n--) {
          const i = rng.pick(['0', '1', '2', '9', '19', '20', '999', '1000', '-1', 'x', '01']);
          pairs.push([`links.${i}.${rng.pick(['type', 'url', 'label', 'handle', 'presentation'])}`, rng.pick(['https://ok.example.test/x', 'javascript:alert(1)', 'website', 'twitch', 'icon', hostile()])]);
        }
        break;
      case 'op':
        pairs.push(['op', rng.pick(['add', 'remove:0', 'remove:999', 'up:0', 'up:1', 'down:0', 'down:99', 'save', 'remove:-1', 'remove:', hostile()])]);
        break;
      case 'drop':
        pairs.splice(rng.int(0, pairs.length - 1), 1);
        break;
      case 'unknown':
        pairs.push([hostile() || 'x', hostile()], ['__proto__', 'x'], ['constructor', 'y']);
        break;
    }
    let body = form(pairs);
    if (mutation === 'badEscape') body += rng.pick(['&%', '&a=%FF', '&bio=%E0%A4%A', '&&&==', '&headline=%zz', '&%00=%00']);
    return [mutation, body];
  };

  // Multipart bodies, written by hand so that they can be wrong.
  const part = (boundary: string, name: string, value: string | Buffer, file?: { filename: string; type: string }) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file.filename}"` : ''}\r\n${file ? `Content-Type: ${file.type}\r\n` : ''}\r\n`),
      Buffer.isBuffer(value) ? value : Buffer.from(value),
      Buffer.from('\r\n'),
    ]);
  const SVGS = [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#f0c"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
    '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>',
    '<svg',
  ];
  const imageBytes = (): [mutation: string, bytes: Buffer, type: string] => {
    const seed = rng.pick(seedImages);
    const kind = rng.pick(['valid', 'flip', 'truncate', 'append', 'random', 'empty', 'svg', 'header']);
    const bytes = Buffer.from(seed);
    switch (kind) {
      case 'flip':
        for (let n = rng.int(1, 20); n > 0; n--) bytes[rng.int(0, bytes.length - 1)] ^= 1 << rng.int(0, 7);
        return [kind, bytes, 'image/png'];
      case 'truncate':
        return [kind, bytes.subarray(0, rng.int(0, bytes.length - 1)), rng.pick(['image/png', 'image/jpeg'])];
      case 'append':
        return [kind, Buffer.concat([bytes, Buffer.from('<script>alert(1)</script>'), Buffer.alloc(rng.int(0, 2000), 0)]), 'image/png'];
      case 'random':
        return [kind, Buffer.from(Array.from({ length: rng.int(1, 3000) }, () => rng.int(0, 255))), rng.pick(['image/png', 'image/webp', 'application/octet-stream'])];
      case 'empty':
        return [kind, Buffer.alloc(0), 'image/png'];
      case 'svg':
        return [kind, Buffer.from(rng.pick(SVGS)), rng.pick(['image/svg+xml', 'image/png', 'text/xml'])];
      case 'header':
        // A PNG whose header claims far more pixels than it holds.
        if (bytes.readUInt32BE(0) === 0x89504e47) {
          bytes.writeUInt32BE(rng.pick([0, 1, 100_000, 0x7fffffff]), 16);
          bytes.writeUInt32BE(rng.pick([0, 1, 100_000, 0x7fffffff]), 20);
        }
        return [kind, bytes, 'image/png'];
      default:
        return [kind, bytes, seed[0] === 0xff ? 'image/jpeg' : 'image/png'];
    }
  };
  const uploadFields = (): [string, string][] => {
    const pairs: [string, string][] = [
      ['label', rng.pick(['Logo', '', hostile()])],
      ['placement', rng.pick(['none', 'primary_logo', 'banner', 'gallery', 'logo', hostile()])],
    ];
    if (rng.chance(0.4)) pairs.push(['altText', rng.pick(['An image', hostile()])], ['caption', rng.pick(['Caption', hostile()])]);
    if (rng.chance(0.2)) pairs.push(['credit', hostile()], ['creditUrl', rng.pick(['https://credit.example.test/', 'javascript:x', hostile()])]);
    if (rng.chance(0.1)) pairs.push(['label', 'repeated']);
    if (rng.chance(0.05)) for (let n = 0; n < 12; n++) pairs.push([`extra${n}`, 'x']);
    return pairs;
  };
  /** A multipart upload: fields and a mutated image, sometimes malformed (no file, two files, a wrong field, a cut or missing boundary). */
  const uploadBody = (): [mutation: string, type: string, body: Buffer] => {
    const boundary = `fuzz${rng.int(0, 1e9)}`;
    const [kind, bytes, type] = imageBytes();
    const name = rng.pick(['logo.png', 'photo.jpg', 'x.svg', '', '../../etc/passwd', 'a\u0000b.png', '\u202egnp.exe', `${'n'.repeat(400)}.png`]);
    const shape = rng.pick(['ok', 'ok', 'ok', 'noFile', 'twoFiles', 'wrongField', 'cut', 'noClose', 'noBoundary', 'quotedBoundary', 'garbage']);
    const parts = uploadFields().map(([k, v]) => part(boundary, k, v));
    const file = part(boundary, shape === 'wrongField' ? 'image' : 'file', bytes, { filename: name.replace(/"/g, ''), type });
    if (shape !== 'noFile') parts.push(file);
    if (shape === 'twoFiles') parts.push(file);
    let body = Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]);
    if (shape === 'cut') body = body.subarray(0, rng.int(0, body.length - 1));
    if (shape === 'noClose') body = Buffer.concat(parts);
    if (shape === 'garbage') body = Buffer.from(Array.from({ length: rng.int(0, 500) }, () => rng.int(0, 255)));
    const contentType =
      shape === 'noBoundary' ? 'multipart/form-data'
      : shape === 'quotedBoundary' ? `multipart/form-data; boundary="${boundary}"`
      : `multipart/form-data; boundary=${boundary}`;
    return [`${kind}/${shape}`, contentType, body];
  };

  const assetsOf = async (profileId: string) => (await t.db('profile_assets').where({ profile_id: profileId }).orderBy('id').select('id', 'status')) as { id: string; status: string }[];
  const revisionOf = async (profileId: string) => `mr_${await t.repos.profileMedia.revision(profileId)}`;
  const mediaBody = async (action: string): Promise<[mutation: string, type: string | undefined, body: string | Buffer | undefined, query: string]> => {
    const assets = await assetsOf(crewRow.id);
    const active = assets.filter((a) => a.status === 'active').map((a) => a.id);
    const removed = assets.filter((a) => a.status !== 'active').map((a) => a.id);
    const revision = rng.pick([await revisionOf(crewRow.id), await revisionOf(crewRow.id), await revisionOf(crewRow.id), 'mr_0', 'mr_99999', 'mr_-1', 'mr_1e9', hostile()]);
    const assetId = () => rng.pick([...active, ...active, ...removed, 'pas_nope', hostile(), ...assetIdsBefore]);
    const formType = 'application/x-www-form-urlencoded';
    if (action === 'upload') {
      const [mutation, type, body] = uploadBody();
      return [mutation, rng.chance(0.05) ? rng.pick([formType, 'application/json', 'text/plain']) : type, body, ''];
    }
    if (action === 'begin') {
      const pairs: [string, string][] = [
        ...uploadFields(),
        ['fileName', rng.pick(['logo.png', 'x.svg', 'photo.JPEG', 'noext', '', 'a\u0000b.png', hostile()])],
        ['contentType', rng.pick(['image/png', 'image/svg+xml', 'image/webp', 'text/html', '', hostile()])],
        ['byteLength', rng.pick(['1000', '0', '-1', '12582913', '1e400', 'NaN', '99999999999999999999', hostile()])],
      ];
      if (rng.chance(0.3)) {
        const boundary = `b${rng.int(0, 1e9)}`;
        const parts = pairs.map(([k, v]) => part(boundary, k, v));
        if (rng.chance(0.3)) parts.push(part(boundary, 'file', rng.pick(seedImages), { filename: 'chosen.png', type: 'image/png' }));
        return ['multipart', `multipart/form-data; boundary=${boundary}`, Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), ''];
      }
      if (rng.chance(0.1)) return ['json', 'application/json', JSON.stringify(Object.fromEntries(pairs)), ''];
      return ['form', formType, form(pairs) + (rng.chance(0.1) ? '&%&label=%FF' : ''), ''];
    }
    if (action === 'complete') {
      const intents = (await t.db('profile_asset_upload_intents').where({ profile_id: crewRow.id }).pluck('id')) as string[];
      const intentId = rng.pick([...intents, ...intents, 'aui_nope', '', hostile()]);
      const where = rng.pick(['query', 'form', 'json', 'both', 'none']);
      const query = where === 'query' || where === 'both' ? `?intentId=${enc(intentId)}${rng.chance(0.2) ? `&intentId=${enc(intentId)}` : ''}` : rng.chance(0.1) ? '?intentId=%FF' : '';
      if (where === 'json') return [where, 'application/json', rng.chance(0.8) ? JSON.stringify({ intentId: rng.chance(0.9) ? intentId : [intentId] }) : '{"intentId":', query];
      if (where === 'form' || where === 'both') return [where, formType, `intentId=${enc(intentId)}`, query];
      return [where, rng.pick([undefined, 'text/plain']), rng.pick([undefined, hostile()]), query];
    }
    if (action === 'kit') {
      const rows = active.map((id, i): [string, string][] => [
        [`assets.${i}.assetId`, id],
        [`assets.${i}.label`, `Seed ${i}`],
        [`assets.${i}.altText`, ''],
        ...(i === 0 ? [[`assets.${i}.placements`, 'primary_logo']] as [string, string][] : []),
      ]);
      if (rows.length > 1 && rng.chance(0.3)) rows.reverse();
      const pairs: [string, string][] = [['mediaRevision', revision], ...rows.flat()];
      const mutation = rng.pick(['valid', 'valid', 'hostile', 'huge', 'move', 'repeat', 'unknownAsset', 'gap', 'placements']);
      if (mutation === 'hostile' && rows.length) set(pairs, `assets.${rng.int(0, rows.length - 1)}.${rng.pick(['label', 'altText', 'assetId', 'placements'])}`, hostile());
      if (mutation === 'huge' && rows.length) set(pairs, `assets.0.${rng.pick(['label', 'altText'])}`, huge());
      if (mutation === 'move') pairs.push(['op', rng.pick(['up:0', 'up:1', 'down:0', 'down:9999', 'up:99999', 'sideways:1', hostile()])]);
      if (mutation === 'repeat') pairs.push(rng.pick(pairs));
      if (mutation === 'unknownAsset') pairs.push([`assets.${rows.length}.assetId`, assetId()]);
      if (mutation === 'gap') pairs.push(['assets.400.assetId', assetId()]);
      if (mutation === 'placements') for (let n = rng.int(1, 6); n > 0; n--) pairs.push([`assets.0.placements`, rng.pick(['primary_logo', 'banner', 'gallery', 'additional_logo', 'profile_image', 'logo', hostile()])]);
      return [mutation, formType, form(pairs) + (rng.chance(0.05) ? '&%' : ''), ''];
    }
    // remove / restore
    const pairs: [string, string][] = [['mediaRevision', revision], [action === 'remove' ? 'remove' : 'assetId', action === 'remove' ? rng.pick([...active, assetId()]) : rng.pick([...removed, assetId()])]];
    if (rng.chance(0.1)) pairs.push(pairs[1]);
    return ['form', rng.chance(0.05) ? 'application/json' : formType, form(pairs), ''];
  };

  /** The rows a page's form may write: the three profiles and the community's assets (uploads' intents are bookkeeping). */
  const stored = async () => {
    const profiles = await t.db('profiles').whereIn('id', ids).orderBy('id').select('*');
    const assets = await t.db('profile_assets').whereIn('profile_id', ids).orderBy('id').select('*');
    const revisions = await Promise.all(ids.map((id) => t.repos.profileMedia.revision(id)));
    return JSON.stringify({ profiles, assets, revisions });
  };

  type Route = { name: string; method: 'get' | 'post'; path: () => string; body?: () => Promise<[mutation: string, type: string | undefined, body: string | Buffer | undefined, query: string]> };
  const slugs = () => rng.pick([crewRow.slug, crewRow.slug, crewRow.slug, personRow.slug, unclaimed.slug, 'no-such-profile', '%00', 'a%00b', enc(hostile()), 'events', '..%2f..%2fadmin']);
  const editBody = (slug: () => string) => async () => {
    const id = rng.pick([crewRow.id, crewRow.id, personRow.id, unclaimed.id]);
    const [mutation, body] = await profileBody(id);
    const type = rng.chance(0.9) ? 'application/x-www-form-urlencoded' : rng.pick(['application/json', 'text/plain', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded; charset=latin1', undefined]);
    return [mutation, type, type === 'application/json' ? JSON.stringify(Object.fromEntries(new URLSearchParams(body))) : body, ''] as [string, string | undefined, string, string];
  };
  let target = crewRow.slug;
  const routes: Route[] = [
    { name: 'GET manage', method: 'get', path: () => `/manage/${slugs()}${rng.pick(['', '?saved=1', '?saved=%FF', `?saved=${enc(hostile())}`])}` },
    { name: 'POST manage', method: 'post', path: () => `/manage/${(target = rng.chance(0.8) ? rng.pick([crewRow.slug, personRow.slug]) : slugs())}`, body: editBody(() => target) },
    { name: 'POST manage', method: 'post', path: () => `/manage/${crewRow.slug}`, body: editBody(() => crewRow.slug) },
    { name: 'GET suggest', method: 'get', path: () => `/suggest/${slugs()}${rng.pick(['', '?saved=1'])}` },
    { name: 'POST suggest', method: 'post', path: () => `/suggest/${rng.chance(0.7) ? unclaimed.slug : slugs()}`, body: editBody(() => unclaimed.slug) },
    { name: 'GET media', method: 'get', path: () => `${kit(rng.chance(0.8) ? crewRow.slug : slugs())}${rng.pick(['', '?uploaded=1', '?saved=1', `?saved=${enc(hostile())}`])}` },
    ...(['upload', 'upload', 'begin', 'complete', 'kit', 'kit', 'remove', 'restore'] as const).map((action): Route => ({
      name: `POST media/${action}`,
      method: 'post',
      path: () => `${kit(rng.chance(0.85) ? crewRow.slug : slugs())}/${action}`,
      body: () => mediaBody(action),
    })),
  ];

  const failures: string[] = [];
  const statuses = new Map<string, Map<number, number>>();
  /** The owner's last form the editor saved for the community: what the API must read back. */
  let lastSaved = new URLSearchParams(formBody([['displayName', 'Fuzz Crew'], ['headline', 'A crew the fuzzer keeps'], ['bio', 'Stored before the run.']]));
  const started = process.hrtime.bigint();
  for (let i = 0; i < cases; i++) {
    const route = rng.pick(routes);
    let path = route.path();
    const who = rng.pick(['owner', 'owner', 'owner', 'owner', 'stranger', 'stranger', 'none', 'forged'] as const);
    const cookie = who === 'owner' ? owner : who === 'stranger' ? stranger : who === 'forged' ? rng.pick(['marquee_session=forged', `${owner}; marquee_session=forged`, 'marquee_session=%FF']) : '';
    const json = rng.chance(0.2);
    const from = rng.pick([origin, origin, origin, origin, origin, origin, 'https://evil.example', 'null', undefined]);
    const [mutation, type, body, query] = route.body ? await route.body() : ['get', undefined, undefined, ''];
    path += query;
    let req = (request(server) as any)[route.method](path) as request.Test;
    if (cookie) req = req.set('Cookie', cookie);
    if (json) req = req.set('Accept', 'application/json');
    if (route.method === 'post' && from) req = req.set('Origin', from);
    if (type) req = req.set('Content-Type', type);
    if (body !== undefined) req = req.send(body as never);
    const line = `forms #${i} ${route.name} [${mutation}] ${route.method.toUpperCase()} ${path.slice(0, 160)} as=${who} accept=${json ? 'json' : 'html'} origin=${from} type=${type} body=${Buffer.isBuffer(body) ? `<${body.length} bytes>` : JSON.stringify(body ?? null).slice(0, 240)}`;
    const before = route.method === 'post' ? await stored() : undefined;
    try {
      const res = await req.redirects(0).buffer(true).ok(() => true);
      const perRoute = statuses.get(route.name) ?? new Map<number, number>();
      perRoute.set(res.status, (perRoute.get(res.status) ?? 0) + 1);
      statuses.set(route.name, perRoute);
      const contentType = String(res.headers['content-type'] ?? '');
      const location = String(res.headers.location ?? '');
      const scriptEndpoint = /\/media\/(begin|complete)$/.test(path.split('?')[0]);
      let why: string | undefined;
      if (res.status >= 500) why = `status ${res.status}: ${res.text.slice(0, 300)}`;
      else if (res.status >= 300 && res.status < 400) {
        if (!/^\/(?![/\\])/.test(location)) why = `${res.status} to "${location}"`;
      } else if (!PAGE_TYPES.test(contentType) && !JSON_TYPES.test(contentType)) why = `${res.status} with content type "${contentType}": ${res.text.slice(0, 200)}`;
      else if (/^application\/json/.test(contentType) && !json && !scriptEndpoint) why = `a page form answered JSON to a browser: ${res.text.slice(0, 200)}`;
      else if (PAGE_TYPES.test(contentType) && UNPRINTABLE.test(res.text)) why = `the page echoes ${JSON.stringify(res.text.match(UNPRINTABLE)![0])}`;
      else if (/^application\/problem\+json/.test(contentType)) {
        // The pages' problems may name the form field of each error (`errors[].field`, which the editor script reads).
        const problem = { ...res.body, ...(Array.isArray(res.body.errors) ? { errors: res.body.errors.map(({ field: _field, ...e }: Record<string, unknown>) => e) } : {}) };
        const check = validator.check({ status: res.status, contentType, body: problem });
        if (!check.ok) why = `${res.status} problem breaks the Problem schema: ${check.errors.join('; ')}`;
        else if (!json && !scriptEndpoint && !guardRefusal(res.body)) why = `a page form answered the problem ${JSON.stringify(res.body).slice(0, 300)}`;
      }
      if (!why && before !== undefined) {
        const savedForm = res.status === 303 && /[?&](saved|uploaded)=1/.test(location);
        if (!savedForm && (await stored()) !== before) why = `answered ${res.status} ${location} but changed a stored profile or asset`;
      }
      if (!why && res.status === 303 && location === `/manage/${crewRow.slug}?saved=1` && typeof body === 'string') lastSaved = new URLSearchParams(body);
      if (why) failures.push(`${line}\n    → ${why}`);
    } catch (err) {
      failures.push(`${line}\n    → request failed: ${(err as Error).message}`);
    }
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;

  // Nothing stored was lost: the owner's profiles read back through the API, whole and valid, and
  // every asset the kit held before the run is still there (active or removed, never gone).
  const mine = await callOp(t.app, 'listCurrentApiUserProfiles', { token: ownerToken });
  const listed = JSON.stringify(bodyOf(mine, 200));
  expect(listed).toContain(`"${crewRow.slug}"`);
  const crew = bodyOf(await callOp(t.app, 'getPublicProfileBySlug', { params: { slug: crewRow.slug } }), 200) as unknown as Record<string, unknown>;
  for (const name of ['displayName', 'headline', 'bio']) {
    if (lastSaved.has(name)) expect([name, crew[name] ?? '']).toEqual([name, lastSaved.get(name)!.trim()]);
  }
  for (const p of [crewRow, personRow, { slug: unclaimed.slug }]) bodyOf(await callOp(t.app, 'getPublicProfileBySlug', { params: { slug: p.slug } }), 200);
  const assetsAfter = await assetsOf(crewRow.id);
  expect(assetIdsBefore.filter((id) => !assetsAfter.some((a) => a.id === id))).toEqual([]);
  const publicAssets = bodyOf(await callOp(t.app, 'getPublicProfileAssets', { params: { slug: crewRow.slug } }), 200) as unknown as { assets?: { assetId?: string }[] };
  expect(JSON.stringify(publicAssets)).toBeTruthy();

  const summary = `forms fuzz seed=${SEED} ${t.dialect}: ${cases} cases in ${seconds.toFixed(1)} s; ${[...statuses].sort().map(([k, v]) => `${k} ${JSON.stringify(Object.fromEntries([...v].sort((a, b) => a[0] - b[0])))}`).join('; ')}`;
  if (failures.length) throw new Error(`${summary}\n${failures.length} of ${cases} failing (first 30):\n${failures.slice(0, 30).join('\n')}`);
  console.log(summary);
}, 600_000);

test('when the contribution wizard and the correction form get seeded valid and near-valid forms, posters and script requests as the owner, a stranger and nobody, then none answers 5xx, each answer is a page (or JSON for the script), a stranger changes nothing of the owner’s, each draft publishes at most one event and every contribution reads back through the API', async () => {
  const rng = new Rng(SEED ^ 0xc047);
  const cases = Math.max(240, Math.floor(CASES / 5));
  const origin = new URL(t.config.publicBaseUrl).origin;
  const signIn = async (email: string) =>
    ([] as string[]).concat((await request(server).post('/login').type('form').send({ email, password: 'correct horse battery staple' })).headers['set-cookie'] ?? []).find((c) => c.startsWith('marquee_session='))!.split(';')[0];
  const ownerRow = (await t.db('users').orderBy('created_at').first('id', 'email')) as { id: string; email: string };
  const owner = await signIn(ownerRow.email);
  const strangerUser = await makeUser(t.services, { verified: true });
  const stranger = await signIn(strangerUser.email);
  const strangerToken = (await makeToken(t.services, strangerUser.id, [...scopes], 'fuzz stranger')).value;
  const crew = fixtures.communitySlug;
  const formType = 'application/x-www-form-urlencoded';
  const form = (pairs: [string, string][]) => pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');
  const post = (cookie: string, path: string, pairs: [string, string][]) => request(server).post(path).set('Cookie', cookie).set('Origin', origin).type('form').send(form(pairs));
  const draftOf = (location: string) => /^\/contribute\/([^/?#]+)/.exec(location)?.[1];

  /** The fields of a publishable draft form. */
  const filled = (title: string): [string, string][] => [
    ['communitySlug', crew],
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
  const versionOf = async (draftId: string) => String((await t.db('event_intake_drafts').where({ id: draftId }).first('version'))?.version ?? 1);
  // The owner's drafts: one pasted (suggestions and questions), two blank and filled in, one published whose contribution is corrected.
  const start = async (cookie: string, pairs: [string, string][]) => {
    const res = await post(cookie, '/contribute', pairs);
    expect(res.status).toBe(303);
    return draftOf(res.headers.location)!;
  };
  const pasted = await start(owner, [['start', 'text'], ['sourceText', 'Fuzz Crew presents: Lantern Night\nSaturday 16 January 2027, 19:00–22:00\nWith Lena Falk.']]);
  const blank = await start(owner, [['start', 'blank']]);
  const ready = await start(owner, [['start', 'blank']]);
  const published = await start(owner, [['start', 'blank']]);
  for (const id of [ready, published]) expect((await post(owner, `/contribute/${id}`, [['expectedVersion', await versionOf(id)], ...filled(`Fuzz Lantern ${id.slice(-6)}`)])).status).toBe(303);
  const firstKey = 'fuzz-key-1';
  const publishedRes = await post(owner, `/contribute/${published}/publish`, [['expectedVersion', await versionOf(published)], ['idempotencyKey', firstKey]]);
  expect([publishedRes.status, publishedRes.headers.location]).toEqual([303, expect.stringMatching(/^\/events\//)]);
  const slug = String(publishedRes.headers.location).split('/').pop()!;
  const strangerDraft = await start(stranger, [['start', 'blank']]);
  const ownerDrafts = [pasted, blank, ready, published];
  const draftIds = () => rng.pick([...ownerDrafts, ...ownerDrafts, ...ownerDrafts, strangerDraft, 'drf_nope', '%00', 'a%00b', '%FF', enc(hostile()), 'poster', '..%2f..%2faccount']);
  const slugs = () => rng.pick([slug, slug, slug, slug, fixtures.communitySlug, 'no-such-event', '%00', '%FF', enc(hostile()), '..%2fretract']);
  const png = await sharp({ create: { width: 60, height: 90, channels: 3, background: '#2a145a' } }).png().toBuffer();
  const jpeg = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#0c0' } }).jpeg().toBuffer();

  function hostile() {
    return rng.pick(['a\u0000b', 'x\ud800y', '\udc00', '\u202eevil', 'bell\u0007', '\u001b[31m', '<script>x</script>', '"><img src=x onerror=alert(1)>', 'é', '\u0085next', '%FF', '%', '', ' ', 'Z'.repeat(rng.int(200, 3000))]);
  }
  const huge = () => 'h'.repeat(rng.pick([5_000, 13_000, 70_000, 300_000, 600_000]));
  const set = (pairs: [string, string][], name: string, value: string) => {
    const i = pairs.findIndex(([k]) => k === name);
    if (i === -1) pairs.push([name, value]);
    else pairs[i] = [name, value];
  };
  const TEXT = ['title', 'eventDate', 'timezone', 'start.time', 'start.dayOffset', 'start.occurrence', 'end.time', 'venueLabel', 'summary', 'sourceUrl', 'worldSlug', 'communitySlug', 'lineup.0.performerLabel', 'lineup.0.roleLabel', 'lineup.0.personSlug', 'lineup.0.start.time', 'lineup.0.clientKey'];
  /** The shared near-valid mutations of a form (the field names of the event form). */
  const mutate = (pairs: [string, string][], revisionField: string): [mutation: string, raw: string] => {
    const mutation = rng.pick(['valid', 'valid', 'edit', 'hostile', 'hostile', 'huge', 'repeat', 'array', 'wrongType', 'stale', 'badEscape', 'lineup', 'op', 'op', 'drop', 'unknown', 'ack']);
    switch (mutation) {
      case 'edit':
        set(pairs, rng.pick(TEXT), rng.pick(['Fuzz edit', '2027-02-30', '2027-03-01', 'Mars/Olympus', '25:99', '21:30', '1', 'earlier', 'https://ok.example.test/e', 'javascript:alert(1)', '', `Round ${rng.int(0, 999)}`]));
        break;
      case 'hostile':
        set(pairs, rng.pick([...TEXT, revisionField, 'op', 'autosave', 'answer.0', 'sourceText', 'idempotencyKey']), hostile());
        break;
      case 'huge':
        set(pairs, rng.pick([...TEXT, 'sourceText', 'answer.0']), huge());
        break;
      case 'repeat': {
        const [k] = rng.pick(pairs);
        pairs.push([k, rng.chance(0.5) ? 'again' : hostile()]);
        break;
      }
      case 'array':
        pairs.push([`${rng.pick([...TEXT, revisionField, 'op', 'start', 'sourceText'])}${rng.pick(['[]', '[0]', '[a][b]'])}`, hostile()]);
        break;
      case 'wrongType':
        set(pairs, revisionField, rng.pick(['', 'abc', '-1', '1e3', '0', '99999999999999999', '1.5', '0x10', hostile()]));
        break;
      case 'stale': {
        const i = pairs.findIndex(([k]) => k === revisionField);
        if (i !== -1) pairs[i] = [revisionField, String(Math.max(1, Number(pairs[i][1]) - rng.int(1, 3)))];
        break;
      }
      case 'lineup':
        for (let n = rng.int(1, 30); n > 0; n--) {
          const i = rng.pick(['0', '1', '2', '9', '79', '80', '999', '1000', '-1', 'x', '01']);
          pairs.push([`lineup.${i}.${rng.pick(['clientKey', 'performerLabel', 'roleLabel', 'personSlug', 'start.time', 'end.time', 'bogus'])}`, rng.pick(['Guest', '20:00', 'nobody-here', 'k', hostile()])]);
        }
        break;
      case 'op':
        pairs.push(['op', rng.pick(['add', 'remove:0', 'remove:999', 'up:0', 'up:1', 'down:0', 'down:99', 'save', 'acceptAll', 'accept:title', 'accept:start', 'accept:lineup', 'clear:title', 'clear:lineup', 'clear:bogus', 'remove:-1', 'remove:', hostile()])]);
        break;
      case 'drop':
        pairs.splice(rng.int(0, pairs.length - 1), 1);
        break;
      case 'unknown':
        pairs.push([hostile() || 'x', hostile()], ['__proto__', 'x'], ['constructor', 'y'], ['toString', 'z']);
        break;
      case 'ack':
        for (let n = rng.int(1, 4); n > 0; n--) pairs.push(['ack', rng.pick(['evt_nope', slug, '', 'x'.repeat(300), hostile()])]);
        break;
    }
    let raw = form(pairs);
    if (mutation === 'badEscape') raw += rng.pick(['&%', '&a=%FF', '&title=%E0%A4%A', '&&&==', '&summary=%zz', '&%00=%00', '&op=%']);
    return [mutation, raw];
  };

  // Multipart bodies, written by hand so that they can be wrong.
  const part = (boundary: string, name: string, value: string | Buffer, file?: { filename: string; type: string }) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file.filename}"` : ''}\r\n${file ? `Content-Type: ${file.type}\r\n` : ''}\r\n`),
      Buffer.isBuffer(value) ? value : Buffer.from(value),
      Buffer.from('\r\n'),
    ]);
  const posterBytes = (): [kind: string, bytes: Buffer, type: string] => {
    const seed = rng.pick([png, png, jpeg]);
    const bytes = Buffer.from(seed);
    const kind = rng.pick(['valid', 'flip', 'truncate', 'append', 'random', 'empty', 'svg', 'header', 'gif']);
    switch (kind) {
      case 'flip':
        for (let n = rng.int(1, 20); n > 0; n--) bytes[rng.int(0, bytes.length - 1)] ^= 1 << rng.int(0, 7);
        return [kind, bytes, 'image/png'];
      case 'truncate':
        return [kind, bytes.subarray(0, rng.int(0, bytes.length - 1)), rng.pick(['image/png', 'image/jpeg'])];
      case 'append':
        return [kind, Buffer.concat([bytes, Buffer.from('<script>alert(1)</script>'), Buffer.alloc(rng.int(0, 2000), 0)]), 'image/png'];
      case 'random':
        return [kind, Buffer.from(Array.from({ length: rng.int(1, 3000) }, () => rng.int(0, 255))), rng.pick(['image/png', 'image/webp', 'image/jpeg'])];
      case 'empty':
        return [kind, Buffer.alloc(0), 'image/png'];
      case 'svg':
        return [kind, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'), rng.pick(['image/svg+xml', 'image/png'])];
      case 'gif':
        return [kind, Buffer.from('GIF89a\u0001\u0000\u0001\u0000'), rng.pick(['image/gif', 'image/png'])];
      case 'header':
        if (bytes.readUInt32BE(0) === 0x89504e47) {
          bytes.writeUInt32BE(rng.pick([0, 1, 100_000, 0x7fffffff]), 16);
          bytes.writeUInt32BE(rng.pick([0, 1, 100_000, 0x7fffffff]), 20);
        }
        return [kind, bytes, 'image/png'];
      default:
        return [kind, bytes, seed === jpeg ? 'image/jpeg' : 'image/png'];
    }
  };
  /** A poster upload without the script: the file and stray fields, sometimes malformed (no file, two files, a wrong field, a cut or missing boundary). */
  const posterUpload = (): [mutation: string, type: string, body: Buffer] => {
    const boundary = `fuzz${rng.int(0, 1e9)}`;
    const [kind, bytes, type] = posterBytes();
    const name = rng.pick(['poster.png', 'photo.jpg', 'x.svg', '', '../../etc/passwd', 'a\u0000b.png', '\u202egnp.exe', `${'n'.repeat(400)}.png`]);
    const shape = rng.pick(['ok', 'ok', 'ok', 'noFile', 'twoFiles', 'wrongField', 'fields', 'cut', 'noClose', 'noBoundary', 'quotedBoundary', 'garbage']);
    const parts: Buffer[] = shape === 'fields' ? [part(boundary, rng.pick(['start', 'draftId', 'sourceText', 'file']), hostile()), part(boundary, 'draftId', rng.pick(ownerDrafts))] : [];
    const file = part(boundary, shape === 'wrongField' ? 'image' : 'file', bytes, { filename: name.replace(/"/g, ''), type });
    if (shape !== 'noFile') parts.push(file);
    if (shape === 'twoFiles') parts.push(file);
    let body = Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]);
    if (shape === 'cut') body = body.subarray(0, rng.int(0, body.length - 1));
    if (shape === 'noClose') body = Buffer.concat(parts);
    if (shape === 'garbage') body = Buffer.from(Array.from({ length: rng.int(0, 500) }, () => rng.int(0, 255)));
    const contentType =
      shape === 'noBoundary' ? 'multipart/form-data'
      : shape === 'quotedBoundary' ? `multipart/form-data; boundary="${boundary}"`
      : `multipart/form-data; boundary=${boundary}`;
    return [`${kind}/${shape}`, contentType, body];
  };

  /** The begun script uploads whose completion may be sent (their bytes sometimes stored first). */
  const begun: [string, string][][] = [];
  const sha = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
  type Body = [mutation: string, type: string | undefined, body: string | Buffer | undefined];
  const otherType = (): string | undefined => rng.pick(['application/json', 'text/plain', 'multipart/form-data; boundary=x', `${formType}; charset=latin1`, undefined]);
  /** Most bodies are forms; some come as another media type (JSON of the same fields, or the raw text). */
  const typed = ([mutation, raw]: [string, string]): Body => {
    if (rng.chance(0.92)) return [mutation, formType, raw];
    const type = otherType();
    return [`${mutation}/${type}`, type, type === 'application/json' ? JSON.stringify(Object.fromEntries(new URLSearchParams(raw))) : raw];
  };
  const bodies = {
    start: async (): Promise<Body> => {
      const pairs: [string, string][] = rng.chance(0.5) ? [['start', 'blank']] : [['start', 'text'], ['sourceText', rng.pick(['Fuzz Crew presents: Lantern Night, 16 January 2027 at 19:00', 'Tonight 21:00 CET!', ''])]];
      if (rng.chance(0.2)) set(pairs, 'start', rng.pick(['poster', 'bogus', '', hostile()]));
      return typed(mutate(pairs, 'start'));
    },
    poster: async (): Promise<Body> => {
      const [mutation, type, body] = posterUpload();
      return [mutation, rng.chance(0.05) ? rng.pick([formType, 'application/json', 'text/plain']) : type, body];
    },
    begin: async (): Promise<Body> => {
      const bytes = rng.pick([png, jpeg]);
      const pairs: [string, string][] = [
        ['contentType', bytes === png ? 'image/png' : 'image/jpeg'],
        ['byteLength', String(bytes.length)],
        ['sha256', sha(bytes)],
      ];
      if (rng.chance(0.6)) pairs.push(['draftId', rng.pick([...ownerDrafts, ...ownerDrafts, strangerDraft, 'drf_nope', '', hostile()])]);
      if (rng.chance(0.3)) set(pairs, rng.pick(['contentType', 'byteLength', 'sha256']), rng.pick(['image/webp', 'image/gif', 'image/svg+xml', '0', '-1', '12582913', '1e400', 'NaN', '99999999999999999999', 'nope', 'F'.repeat(64), hostile()]));
      if (rng.chance(0.5)) return [' valid', formType, form(pairs)];
      return typed(mutate(pairs, 'byteLength'));
    },
    complete: async (): Promise<Body> => {
      const pairs: [string, string][] = begun.length && rng.chance(0.8) ? [...rng.pick(begun)] : [['draftId', rng.pick(ownerDrafts)], ['posterAssetId', 'pst_nope'], ['contentType', 'image/png'], ['byteLength', '10'], ['sha256', 'F'.repeat(64)]];
      if (rng.chance(0.3)) set(pairs, rng.pick(['draftId', 'posterAssetId']), rng.pick([...ownerDrafts, strangerDraft, 'pst_nope', '', hostile()]));
      if (rng.chance(0.5)) return [' valid', formType, form(pairs)];
      return typed(mutate(pairs, 'byteLength'));
    },
    save: (draftId: string) => async (): Promise<Body> => {
      const pairs: [string, string][] = [['expectedVersion', await versionOf(draftId)], ...filled(rng.pick(['Fuzz Lantern', `Fuzz Lantern ${rng.int(0, 99)}`, 'Lantern Night']))];
      if (rng.chance(0.4)) pairs.splice(1, rng.int(1, pairs.length - 1));
      if (rng.chance(0.25)) pairs.push(['autosave', '1']);
      if (rng.chance(0.2)) for (let n = rng.int(1, 3); n > 0; n--) pairs.push([`answer.${rng.pick(['0', '1', '2', '99', '999', '1000', 'x'])}`, rng.pick(['19:30', '2027-01-16', 'Europe/Berlin', 'Lena', '', hostile()])]);
      return typed(mutate(pairs, 'expectedVersion'));
    },
    extract: (draftId: string) => async (): Promise<Body> => {
      void draftId;
      const pairs: [string, string][] = [['sourceText', rng.pick(['Fuzz Crew presents: Lantern Night, Saturday 16 January 2027, 19:00–22:00', 'Doors 20:00', '', 'x'.repeat(12_001)])]];
      return typed(mutate(pairs, 'sourceText'));
    },
    publish: (draftId: string) => async (): Promise<Body> => {
      const key = rng.pick(['fuzz-key-1', `fuzz-key-${draftId}`, `fuzz-${rng.int(0, 5)}`, crypto.randomBytes(16).toString('hex'), '', 'x'.repeat(129), 'a b', hostile()]);
      const pairs: [string, string][] = [['expectedVersion', await versionOf(draftId)]];
      if (rng.chance(0.9)) pairs.push(['idempotencyKey', key]);
      return typed(mutate(pairs, 'expectedVersion'));
    },
    correct: async (): Promise<Body> => {
      const revision = (await t.db('events').where({ slug }).first('updated_at'))?.updated_at;
      const pairs: [string, string][] = [['expectedUpdatedAt', String(revision ?? 1)], ...filled(rng.pick(['Fuzz Lantern corrected', 'Fuzz Lantern', `Fuzz Lantern ${rng.int(0, 99)}`])).filter(([k]) => k !== 'communitySlug')];
      if (rng.chance(0.3)) pairs.splice(1, rng.int(1, pairs.length - 2));
      return typed(mutate(pairs, 'expectedUpdatedAt'));
    },
  };

  type Route = { name: string; method: 'get' | 'post'; path: () => string; body?: () => Promise<Body> };
  let target = pasted;
  const aim = () => (target = draftIds());
  const routes: Route[] = [
    { name: 'GET start', method: 'get', path: () => `/contribute${rng.pick(['', '?x=%FF', `?notice=${enc(hostile())}`])}` },
    { name: 'POST start', method: 'post', path: () => '/contribute', body: bodies.start },
    { name: 'POST poster', method: 'post', path: () => '/contribute/poster', body: bodies.poster },
    { name: 'POST begin', method: 'post', path: () => '/contribute/poster/begin', body: bodies.begin },
    { name: 'POST complete', method: 'post', path: () => '/contribute/poster/complete', body: bodies.complete },
    { name: 'GET draft', method: 'get', path: () => `/contribute/${draftIds()}${rng.pick(['', '?saved=1', '?saved=%FF', `?saved=${enc(hostile())}`])}` },
    { name: 'POST draft', method: 'post', path: () => `/contribute/${aim()}`, body: () => bodies.save(target)() },
    { name: 'POST draft', method: 'post', path: () => `/contribute/${(target = rng.pick(ownerDrafts))}`, body: () => bodies.save(target)() },
    { name: 'POST extract', method: 'post', path: () => `/contribute/${aim()}/extract`, body: () => bodies.extract(target)() },
    { name: 'POST publish', method: 'post', path: () => `/contribute/${aim()}/publish`, body: () => bodies.publish(target)() },
    { name: 'GET correction', method: 'get', path: () => `/account/contributions/${slugs()}/edit` },
    { name: 'POST correction', method: 'post', path: () => `/account/contributions/${rng.chance(0.8) ? slug : slugs()}/edit`, body: bodies.correct },
  ];

  /** What the owner has stored of the wizard's: drafts, posters, publications and contributed events. */
  const ownersRows = async () =>
    JSON.stringify({
      drafts: await t.db('event_intake_drafts').where({ owner_user_id: ownerRow.id }).orderBy('id').select('*'),
      posters: await t.db('intake_posters').where({ owner_user_id: ownerRow.id }).orderBy('id').select('*'),
      publications: await t.db('intake_publications').where({ owner_user_id: ownerRow.id }).orderBy('id').select('*'),
      events: await t.db('events').where({ contributor_user_id: ownerRow.id }).orderBy('id').select('*'),
    });
  /** Everything the wizard stores, for anyone: a refused cross-origin form changes none of it. */
  const allRows = async () =>
    JSON.stringify(
      await Promise.all(
        ['event_intake_drafts', 'intake_posters', 'intake_publications', 'events', 'event_slots'].map(async (table) => [
          (await t.db(table).count({ n: '*' }))[0].n,
          table === 'event_slots' ? null : (await t.db(table).max({ m: table === 'intake_publications' ? 'created_at' : table === 'intake_posters' ? 'created_at' : 'updated_at' }))[0].m,
        ]),
      ),
    );

  // The contract fuzz before may have retracted its own contributions; the ones published here must read back.
  const earlier = (await t.db('intake_publications').whereNot({ draft_id: published }).pluck('id')) as string[];
  const failures: string[] = [];
  const statuses = new Map<string, Map<number, number>>();
  const started = process.hrtime.bigint();
  for (let i = 0; i < cases; i++) {
    const route = rng.pick(routes);
    const path = route.path();
    const who = rng.pick(['owner', 'owner', 'owner', 'owner', 'stranger', 'stranger', 'none', 'forged'] as const);
    const cookie = who === 'owner' ? owner : who === 'stranger' ? stranger : who === 'forged' ? rng.pick(['marquee_session=forged', 'marquee_session=%FF', `marquee_session=${'q'.repeat(5000)}`]) : '';
    const scriptEndpoint = /^\/contribute\/poster\/(begin|complete)$/.test(path);
    const json = rng.chance(scriptEndpoint ? 0.8 : 0.2) || (route.name === 'POST draft' && rng.chance(0.1));
    const from = rng.pick([origin, origin, origin, origin, origin, origin, 'https://evil.example', 'null', undefined]);
    const [mutation, type, body] = route.body ? await route.body() : (['get', undefined, undefined] as Body);
    let req = (request(server) as any)[route.method](path) as request.Test;
    if (cookie) req = req.set('Cookie', cookie);
    if (json) req = req.set('Accept', 'application/json');
    if (route.method === 'post' && from) req = req.set('Origin', from);
    if (type) req = req.set('Content-Type', type);
    if (body !== undefined) req = req.send(body as never);
    const line = `contribute #${i} ${route.name} [${mutation}] ${route.method.toUpperCase()} ${path.slice(0, 160)} as=${who} accept=${json ? 'json' : 'html'} origin=${from} type=${type} body=${Buffer.isBuffer(body) ? `<${body.length} bytes>` : JSON.stringify(body ?? null).slice(0, 240)}`;
    // A form without Origin (an older browser) is judged by the session alone; a foreign or opaque origin is refused.
    const crossOrigin = from === 'https://evil.example' || from === 'null';
    const guarded = route.method === 'post' && (who !== 'owner' || crossOrigin);
    const before = guarded ? [await ownersRows(), crossOrigin ? await allRows() : ''] : undefined;
    try {
      const res = await req.redirects(0).buffer(true).ok(() => true);
      const perRoute = statuses.get(route.name) ?? new Map<number, number>();
      perRoute.set(res.status, (perRoute.get(res.status) ?? 0) + 1);
      statuses.set(route.name, perRoute);
      const contentType = String(res.headers['content-type'] ?? '');
      const location = String(res.headers.location ?? '');
      let why: string | undefined;
      if (res.status >= 500) why = `status ${res.status}: ${res.text.slice(0, 300)}`;
      else if (res.status >= 300 && res.status < 400) {
        if (!/^\/(?![/\\])/.test(location)) why = `${res.status} to "${location}"`;
      } else if (!PAGE_TYPES.test(contentType) && !JSON_TYPES.test(contentType)) why = `${res.status} with content type "${contentType}": ${res.text.slice(0, 200)}`;
      else if (/^application\/json/.test(contentType) && !json && !scriptEndpoint) why = `a page form answered JSON to a browser: ${res.text.slice(0, 200)}`;
      else if (PAGE_TYPES.test(contentType) && UNPRINTABLE.test(res.text)) why = `the page echoes ${JSON.stringify(res.text.match(UNPRINTABLE)![0])}`;
      else if (/^application\/problem\+json/.test(contentType)) {
        // The pages' problems may name the form field of each error (`errors[].field`, which the editor script reads).
        const problem = { ...res.body, ...(Array.isArray(res.body.errors) ? { errors: res.body.errors.map(({ field: _field, ...e }: Record<string, unknown>) => e) } : {}) };
        const check = validator.check({ status: res.status, contentType, body: problem });
        if (!check.ok) why = `${res.status} problem breaks the Problem schema: ${check.errors.join('; ')}`;
        else if (!json && !scriptEndpoint && !guardRefusal(res.body)) why = `a page form answered the problem ${JSON.stringify(res.body).slice(0, 300)}`;
      }
      if (!why && res.status === 200 && scriptEndpoint && /begin$/.test(path) && who === 'owner' && res.body?.complete?.fields) {
        // A begun upload: its bytes are stored (as the script would) or not, and its completion sent later.
        const fields = res.body.complete.fields as Record<string, string>;
        const bytes = fields.sha256 === sha(png) ? png : fields.sha256 === sha(jpeg) ? jpeg : undefined;
        if (bytes && rng.chance(0.7)) {
          const upload = request(server).post(new URL(res.body.transfer.url).pathname);
          for (const [k, v] of Object.entries(res.body.transfer.fields as Record<string, string>)) upload.field(k, v);
          await upload.attach('file', bytes, { filename: 'poster', contentType: fields.contentType });
        }
        begun.push(Object.entries(fields));
        if (!ownerDrafts.includes(fields.draftId) && ownerDrafts.length < 12) ownerDrafts.push(fields.draftId);
      }
      if (!why && res.status === 303 && who === 'owner' && route.name === 'POST start' && draftOf(location) && ownerDrafts.length < 12) ownerDrafts.push(draftOf(location)!);
      if (!why && before) {
        const [mine, all] = [await ownersRows(), before[1] ? await allRows() : ''];
        if (mine !== before[0]) why = `answered ${res.status} ${location} as ${who} from ${from} but changed the owner’s drafts, posters or contributions`;
        else if (all !== before[1]) why = `answered ${res.status} ${location} to a cross-origin form but changed stored drafts or events`;
      }
      if (why) failures.push(`${line}\n    → ${why}`);
    } catch (err) {
      failures.push(`${line}\n    → request failed: ${(err as Error).message}`);
    }
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const summary = `contribute fuzz seed=${SEED} ${t.dialect}: ${cases} cases in ${seconds.toFixed(1)} s; ${[...statuses].sort().map(([k, v]) => `${k} ${JSON.stringify(Object.fromEntries([...v].sort((a, b) => a[0] - b[0])))}`).join('; ')}`;
  if (failures.length) throw new Error(`${summary}\n${failures.length} of ${cases} failing (first 30):\n${failures.slice(0, 30).join('\n')}`);

  // Nothing stored was lost and every state is valid: each draft published at most one event, every
  // publication's contribution reads back through the API, and the owner's drafts read back whole.
  const twice = await t.db('events').whereNotNull('intake_draft_id').groupBy('intake_draft_id').havingRaw('count(*) > 1').select('intake_draft_id');
  expect(twice).toEqual([]);
  const publications = (await t.db('intake_publications').whereIn('owner_user_id', [ownerRow.id, strangerUser.id]).whereNotIn('id', earlier).select('draft_id', 'event_id', 'event_path', 'owner_user_id')) as { draft_id: string; event_id: string; event_path: string; owner_user_id: string }[];
  expect(publications.some((p) => p.draft_id === published)).toBe(true);
  for (const p of publications) {
    const event = await t.db('events').where({ id: p.event_id }).first('intake_draft_id', 'slug');
    expect(event?.intake_draft_id).toBe(p.draft_id);
    const token = p.owner_user_id === ownerRow.id ? ownerToken : strangerToken;
    const record = bodyOf(await callOp(t.app, 'getEventContribution', { token, params: { slug: event.slug } }), 200);
    expect([p.draft_id, record.eventId]).toEqual([p.draft_id, p.event_id]);
  }
  for (const id of ownerDrafts) {
    if (!(await t.db('event_intake_drafts').where({ id }).first('id'))) continue;
    bodyOf(await callOp(t.app, 'getEventIntakeDraft', { token: ownerToken, params: { draftId: id } }), 200);
  }
  bodyOf(await callOp(t.app, 'getEventContribution', { token: ownerToken, params: { slug } }), 200);
  console.log(summary);
}, 600_000);
