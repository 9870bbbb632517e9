import http from 'node:http';
import request from 'supertest';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeUser } from '../helpers/factories.js';
import { ResponseValidator } from '../../src/contract/responseValidator.js';
import { Rng } from './generator.js';

/**
 * Seeded fuzzing of the OAuth issuer's endpoints (outside the API contract's operations, so the
 * contract fuzzer does not reach them): `/oauth/token`, `/oauth/revoke`, `/oauth/register`,
 * `/oauth/authorize`, the interaction pages, the JWKS and the metadata documents, with valid
 * and near-valid requests: every grant type and none, client authentication right, wrong,
 * malformed (base64 and percent-encoding) and doubled, repeated and hostile parameters, PKCE
 * values out of range, bodies of every media type, malformed and huge. Every answer must be
 * below 500; an error must be OAuth's JSON (`error`), a problem, or a page that echoes no
 * control character; a refused registration must store no client.
 *
 * FUZZ_SEED picks the seed (a fixed one by default) and FUZZ_CASES the case budget.
 */
const SEED = (Number(process.env.FUZZ_SEED ?? 20261121) ^ 0x0a0f) >>> 0;
const CASES = Math.max(300, Math.floor(Number(process.env.FUZZ_CASES ?? (process.env.DATABASE_URL ? 3000 : 5000)) / 4));
const UNPRINTABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const validator = new ResponseValidator();
const enc = (s: string) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '\ufffd')).replace(/%EF%BF%BD/g, '%ED%A0%80');

let t: TestApp;
let server: http.Server;
let client: { id: string; secret: string; redirectUri: string };
let publicClient: { id: string; redirectUri: string };

beforeAll(async () => {
  // Generous limits, so that 429s do not hide the cases behind them (a 429 is still checked).
  t = await createTestApp({ rateLimitScale: 100_000 });
  server = http.createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const user = await makeUser(t.services, { verified: true });
  const confidential = await t.services.oauthApps.create(
    user.id,
    { displayName: 'Fuzz client', clientType: 'confidential', redirectUris: ['https://client.example.test/cb'], allowedGrants: ['authorization_code', 'refresh_token', 'client_credentials'], allowedScopes: ['public:read', 'events:contribute'] },
    'web_session',
  );
  client = { id: confidential.application.clientId, secret: confidential.clientSecretValue!, redirectUri: 'https://client.example.test/cb' };
  const open = await t.services.oauthApps.create(user.id, { displayName: 'Fuzz public client', clientType: 'public', redirectUris: ['http://127.0.0.1:8765/cb'], allowedGrants: ['authorization_code', 'refresh_token'], allowedScopes: ['public:read'] }, 'web_session');
  publicClient = { id: open.application.clientId, redirectUri: 'http://127.0.0.1:8765/cb' };
}, 60_000);

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

test('when the OAuth endpoints get seeded valid and near-valid requests, then none answers 5xx, errors are OAuth JSON, problems or clean pages, and a refused registration stores nothing', async () => {
  const rng = new Rng(SEED);
  const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
  const hostile = () => rng.pick(['a\u0000b', 'x\ud800y', '\u202eevil', 'bell\u0007', '\u001b[31m', '<script>x</script>', 'é', '\u0085next', '%FF', '%', "' or 1=1 --", '../../etc/passwd', 'z'.repeat(rng.int(300, 5000))]);
  const some = (values: (() => string)[]) => rng.pick(values)();
  const jwtish = () => rng.pick([`eyJhbGciOiJSUzI1NiJ9.${b64('{"sub":"x"}').replace(/=+$/, '')}.c2ln`, 'eyJ.eyJ.x', 'a.b.c', `${'e'.repeat(40)}.${'y'.repeat(40)}.${'z'.repeat(40)}`]);
  const clientIds = () => some([() => client.id, () => publicClient.id, () => 'unknown-client', () => hostile(), () => '', () => `${client.id}%00`]);
  const scopes = () => some([() => 'public:read', () => 'public:read events:contribute', () => 'admin', () => '', () => hostile(), () => 'public:read '.repeat(rng.int(2, 200))]);
  const resources = () => some([() => 'http://marquee.test/api/v0', () => 'http://marquee.test/mcp', () => 'https://evil.example/', () => hostile(), () => 'not a url', () => 'http://marquee.test/api/v0#frag']);
  const redirects = () => some([() => client.redirectUri, () => publicClient.redirectUri, () => 'https://evil.example/cb', () => 'javascript:alert(1)', () => hostile(), () => `${client.redirectUri}?x=1`]);
  const verifiers = () => some([() => 'v'.repeat(43), () => 'v'.repeat(42), () => 'v'.repeat(128), () => 'v'.repeat(129), () => hostile(), () => '']);
  /** Client authentication, as headers and extra form fields. */
  const clientAuth = (): [Record<string, string>, Record<string, string>] =>
    rng.pick<() => [Record<string, string>, Record<string, string>]>([
      () => [{ Authorization: `Basic ${b64(`${encodeURIComponent(client.id)}:${encodeURIComponent(client.secret)}`)}` }, {}],
      () => [{ Authorization: `Basic ${b64(`${client.id}:wrong-secret`)}` }, {}],
      () => [{ Authorization: `Basic ${b64(rng.pick(['%FF:x', 'x:%FF', '%E0%A4%A:y', 'no-colon', ':', '\u0000:\u0000', `${client.id}:%`]))}` }, {}],
      () => [{ Authorization: rng.pick(['Basic !!!not-base64!!!', 'Basic', 'Basic ' + 'A'.repeat(6000), 'Bearer x', 'Digest a=b']) }, {}],
      () => [{}, { client_id: client.id, client_secret: client.secret }],
      () => [{}, { client_id: clientIds(), client_secret: hostile() }],
      () => [{ Authorization: `Basic ${b64(`${client.id}:${client.secret}`)}` }, { client_id: client.id, client_secret: client.secret }],
      () => [{}, { client_id: publicClient.id }],
      () => [{}, {}],
    ])();
  const form = (fields: Record<string, string | string[]>) =>
    Object.entries(fields)
      .flatMap(([k, v]) => ([] as string[]).concat(v).map((x) => `${k}=${rng.chance(0.1) ? x : enc(x)}`))
      .join('&');
  /** A body for `fields`, usually a proper form, sometimes another media type or a broken one. */
  const bodyOf = (fields: Record<string, string | string[]>): [type: string | undefined, body: string | undefined] =>
    rng.pick<() => [string | undefined, string | undefined]>([
      () => ['application/x-www-form-urlencoded', form(fields)],
      () => ['application/x-www-form-urlencoded', form(fields)],
      () => ['application/x-www-form-urlencoded', form(fields)],
      () => ['application/x-www-form-urlencoded', `${form(fields)}&${form(fields)}`],
      () => ['application/json', JSON.stringify(fields)],
      () => ['application/json', '{"grant_type":'],
      () => ['text/plain', form(fields)],
      () => ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="grant_type"\r\n\r\nclient_credentials\r\n--x--'],
      () => ['application/x-www-form-urlencoded', rng.pick(['%', 'a=%FF', '&&&==', 'grant_type[]=a&grant_type[]=b', 'a[b][c]=1', `scope=${'x'.repeat(200_000)}`])],
      () => [undefined, undefined],
    ])();

  type Case = { method: 'get' | 'post' | 'put' | 'delete' | 'options'; path: string; headers: Record<string, string>; type?: string; body?: string; registration?: boolean };
  const token = (): Case => {
    // Half the cases: a client-credentials request the issuer grants, sometimes with one change.
    if (rng.chance(0.5)) {
      const fields: Record<string, string | string[]> = { grant_type: 'client_credentials' };
      if (rng.chance(0.5)) fields.scope = rng.pick(['public:read', 'public:read events:contribute']);
      if (rng.chance(0.3)) fields.resource = 'http://marquee.test/api/v0';
      const headers = { Authorization: `Basic ${b64(`${encodeURIComponent(client.id)}:${encodeURIComponent(client.secret)}`)}` };
      if (rng.chance(0.3)) rng.pick<() => void>([() => (fields.scope = scopes()), () => (fields.resource = resources()), () => (fields.grant_type = [fields.grant_type as string, 'client_credentials']), () => (fields.extra = hostile())])();
      return { method: 'post', path: '/oauth/token', headers, type: 'application/x-www-form-urlencoded', body: form(fields) };
    }
    const [headers, auth] = clientAuth();
    const grant = rng.pick(['client_credentials', 'authorization_code', 'refresh_token', 'password', 'urn:ietf:params:oauth:grant-type:device_code', 'implicit', '', hostile()]);
    const fields: Record<string, string | string[]> = { grant_type: grant, ...auth };
    if (rng.chance(0.5)) fields.scope = scopes();
    if (rng.chance(0.4)) fields.resource = rng.chance(0.2) ? [resources(), resources()] : resources();
    if (grant === 'authorization_code' || rng.chance(0.2)) Object.assign(fields, { code: rng.pick([hostile(), 'x'.repeat(43), jwtish()]), redirect_uri: redirects(), code_verifier: verifiers() });
    if (grant === 'refresh_token' || rng.chance(0.2)) fields.refresh_token = rng.pick([hostile(), 'x'.repeat(43), jwtish()]);
    const [type, body] = bodyOf(fields);
    return { method: 'post', path: '/oauth/token', headers, type, body };
  };
  const revoke = (): Case => {
    const [headers, auth] = clientAuth();
    const fields: Record<string, string | string[]> = { token: rng.pick([issued.at(-1) ?? jwtish(), issued[0] ?? jwtish(), jwtish(), hostile(), 'x'.repeat(43), '']), ...auth };
    if (rng.chance(0.4)) fields.token_type_hint = rng.pick(['access_token', 'refresh_token', hostile()]);
    const [type, body] = bodyOf(fields);
    return { method: 'post', path: '/oauth/revoke', headers, type, body };
  };
  const register = (): Case => {
    // A registration the contract accepts, then (most of the time) one field or more changed.
    const metadata: Record<string, unknown> = {
      client_name: 'Fuzz MCP client',
      redirect_uris: [rng.pick(['http://127.0.0.1:3334/callback', 'http://localhost:8080/cb', 'https://client.example.test/cb'])],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
    const mutations: (() => void)[] = [
      () => (metadata.client_name = rng.pick([hostile(), 42, null, ['a'], ''])),
      () => (metadata.redirect_uris = rng.pick([[hostile()], 'http://127.0.0.1/cb', [], Array.from({ length: rng.int(20, 200) }, (_, i) => `http://127.0.0.1:${i}/cb`), [1, 2], null, ['javascript:alert(1)'], ['http://evil.example/cb']])),
      () => (metadata.grant_types = rng.pick([['client_credentials'], ['implicit'], 'authorization_code', [hostile()], []])),
      () => (metadata.token_endpoint_auth_method = rng.pick(['client_secret_basic', 'private_key_jwt', hostile(), 7])),
      () => (metadata.response_types = rng.pick([['token'], 'code', [null]])),
      () => (metadata.scope = scopes()),
      () => (metadata.resource = resources()),
      () => (metadata[rng.pick(['logo_uri', 'client_uri', 'policy_uri', 'tos_uri', 'jwks_uri'])] = rng.pick(['javascript:alert(1)', 'https://client.example.test/x', hostile(), 'http://127.0.0.1:22/'])),
      () => (metadata[rng.pick(['__proto__', 'constructor', 'software_statement', 'client_secret', 'client_id'])] = rng.pick([{ polluted: true }, jwtish(), hostile()])),
      () => delete metadata[rng.pick(['client_name', 'redirect_uris', 'grant_types', 'response_types', 'token_endpoint_auth_method'])],
    ];
    for (let n = rng.pick([0, 0, 1, 1, 2, 3]); n > 0; n--) rng.pick(mutations)();
    const body = rng.pick<() => [string | undefined, string | undefined]>([
      () => ['application/json', JSON.stringify(metadata)],
      () => ['application/json', JSON.stringify(metadata)],
      () => ['application/json', JSON.stringify(metadata)],
      () => ['application/json', rng.pick(['{', '[]', 'null', '"x"', '1', '{"redirect_uris":' + '['.repeat(5000)])],
      () => ['application/json; charset=latin1', JSON.stringify(metadata)],
      () => ['application/x-www-form-urlencoded', 'client_name=x&redirect_uris=http%3A%2F%2F127.0.0.1%2Fcb'],
      () => ['application/json', JSON.stringify({ ...metadata, client_name: 'x'.repeat(100_000) })],
      () => [undefined, undefined],
    ])();
    return { method: rng.chance(0.9) ? 'post' : rng.pick(['get', 'put', 'delete', 'options'] as const), path: '/oauth/register', headers: rng.chance(0.2) ? { Authorization: 'Bearer x' } : {}, type: body[0], body: body[1], registration: true };
  };
  const authorize = (): Case => {
    const params: Record<string, string | string[]> = { client_id: clientIds(), response_type: rng.pick(['code', 'token', 'id_token', '', hostile()]), redirect_uri: redirects() };
    if (rng.chance(0.7)) params.scope = scopes();
    if (rng.chance(0.7)) params.state = rng.pick(['s', hostile()]);
    if (rng.chance(0.7)) params.code_challenge = rng.pick(['c'.repeat(43), 'c'.repeat(42), 'c'.repeat(129), hostile()]);
    if (rng.chance(0.6)) params.code_challenge_method = rng.pick(['S256', 'plain', 'S512', hostile()]);
    if (rng.chance(0.3)) params.resource = rng.chance(0.3) ? [resources(), resources()] : resources();
    if (rng.chance(0.2)) params[rng.pick(['prompt', 'request', 'request_uri', 'nonce', 'max_age', 'response_mode', 'ui_locales'])] = rng.pick(['none', 'login consent', jwtish(), hostile(), '-1', 'form_post', 'web_message']);
    if (rng.chance(0.1)) params.client_id = [client.id, publicClient.id];
    let query = form(params);
    if (rng.chance(0.1)) query += rng.pick(['&%FF=1', '&client_id=%E0%A4%A', '&=', '&&']);
    const post = rng.chance(0.2);
    return post ? { method: 'post', path: '/oauth/authorize', headers: {}, type: 'application/x-www-form-urlencoded', body: query } : { method: 'get', path: `/oauth/authorize?${query}`, headers: {} };
  };
  const other = (): Case =>
    rng.pick<() => Case>([
      () => ({ method: 'get', path: `/oauth/interaction/${rng.pick(['x', '%00', '%FF', enc(hostile()), 'a'.repeat(3000)])}`, headers: {} }),
      () => ({ method: 'post', path: `/oauth/interaction/${rng.pick(['x', '%00', enc(hostile())])}`, headers: {}, type: 'application/x-www-form-urlencoded', body: rng.pick(['decision=allow', 'decision=deny', `decision=${enc(hostile())}`, '%']) }),
      () => ({ method: 'get', path: `/oauth/jwks.json${rng.pick(['', '?x=%FF', '/extra'])}`, headers: {} }),
      () => ({ method: rng.pick(['get', 'post', 'delete'] as const), path: rng.pick(['/.well-known/oauth-authorization-server', '/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp', '/.well-known/openid-configuration']) + rng.pick(['', '?x=%FF', '/%00']), headers: {} }),
      () => ({ method: rng.pick(['get', 'post', 'put'] as const), path: `/oauth/${rng.pick(['%FF', '..%2f..%2fapi', 'token/extra', 'userinfo', 'introspect', 'device/auth', 'session/end', 'reg', enc(hostile())])}`, headers: {} }),
      () => ({ method: rng.pick(['get', 'put', 'delete'] as const), path: rng.pick(['/oauth/token', '/oauth/revoke']), headers: {} }),
    ])();

  const clients = async () => Number((await t.db('oauth_applications').count({ n: '*' }).first())?.n ?? 0);
  const failures: string[] = [];
  let registered = 0;
  /** Access tokens the issuer granted during the run, for the revocation cases. */
  const issued: string[] = [];
  /** Answers by endpoint and status, printed with FUZZ_VERBOSE. */
  const seen = new Map<string, number>();
  for (let i = 0; i < CASES; i++) {
    const c = rng.pick([token, token, token, revoke, revoke, register, register, authorize, authorize, other])();
    const line = `oauth #${i} ${c.method.toUpperCase()} ${c.path.slice(0, 200)} headers=${JSON.stringify(c.headers).slice(0, 120)} type=${c.type} body=${JSON.stringify(c.body ?? null).slice(0, 240)}`;
    const before = c.registration ? await clients() : 0;
    let req = (request(server) as any)[c.method](c.path) as request.Test;
    for (const [k, v] of Object.entries(c.headers)) req = req.set(k, v);
    if (c.type) req = req.set('Content-Type', c.type);
    if (c.body !== undefined) req = req.send(c.body);
    try {
      const res = await req.redirects(0).buffer(true).ok(() => true);
      const contentType = String(res.headers['content-type'] ?? '');
      const key = `${c.method.toUpperCase()} ${c.path.split('?')[0].slice(0, 40)} ${res.status}${res.body?.error ? ` ${res.body.error}` : ''}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
      if (res.status >= 500) failures.push(`${line}\n    → status ${res.status}: ${res.text.slice(0, 300)}`);
      else if (contentType.startsWith('text/html') && UNPRINTABLE.test(res.text)) failures.push(`${line}\n    → the page echoes ${JSON.stringify(res.text.match(UNPRINTABLE)![0])}`);
      else if (res.status >= 400 && contentType.startsWith('application/problem+json')) {
        const check = validator.check({ status: res.status, contentType, body: res.body });
        if (!check.ok) failures.push(`${line}\n    → ${res.status} problem breaks the Problem schema: ${check.errors.join('; ')}`);
      } else if (res.status >= 400 && contentType.startsWith('application/json')) {
        if (typeof res.body?.error !== 'string') failures.push(`${line}\n    → ${res.status} JSON without an OAuth error code: ${res.text.slice(0, 200)}`);
      } else if (res.status >= 400 && !contentType.startsWith('text/html') && !(res.status === 405 || res.status === 404) && res.text) {
        failures.push(`${line}\n    → ${res.status} with content type "${contentType}"`);
      }
      if (c.path === '/oauth/token' && res.status === 200 && typeof res.body?.access_token === 'string') issued.push(res.body.access_token);
      if (c.registration) {
        const after = await clients();
        if (res.status === 201) registered += after - before;
        else if (after !== before) failures.push(`${line}\n    → refused with ${res.status} but stored ${after - before} client(s)`);
      }
    } catch (err) {
      failures.push(`${line}\n    → request failed: ${(err as Error).message}`);
    }
  }
  if (process.env.FUZZ_VERBOSE) console.log([...seen].sort().map(([k, n]) => `${String(n).padStart(5)} ${k}`).join('\n'));
  if (failures.length) throw new Error(`oauth fuzz seed=${SEED}: ${failures.length} of ${CASES} failing (first 30):\n${failures.slice(0, 30).join('\n')}`);
  // The valid registrations among the cases went through: the fuzzer reaches past the refusals.
  expect(registered).toBeGreaterThan(0);
  expect(issued.length).toBeGreaterThan(0);
}, 600_000);
