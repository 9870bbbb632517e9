import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import {
  CLIENT_METADATA_DOCUMENT_SCOPES,
  ClientMetadataDocumentError,
  fetchClientMetadataDocument,
  parseClientIdUrl,
  validateClientMetadataDocument,
  type ClientMetadataDocumentErrorCode,
} from '../../../src/services/oauth/clientMetadataDocument.js';
import type { GuardedFetch } from '../../../src/services/outbound/guardedFetch.js';
import {
  LOOPBACK,
  makeTestPki,
  startTlsServer,
  TEST_HOST,
  testFetch,
  v4,
  type TestPki,
} from '../outbound/tlsTestServer.js';

const CLIENT_ID = 'https://client.example.test/oauth/client.json';
const valid = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  client_id: CLIENT_ID,
  redirect_uris: ['https://app.example.test/callback'],
  ...overrides,
});

function refusal(run: () => unknown): ClientMetadataDocumentError {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(ClientMetadataDocumentError);
    return e as ClientMetadataDocumentError;
  }
  throw new Error('the document was expected to be refused');
}

async function refusedAsync(p: Promise<unknown>): Promise<ClientMetadataDocumentError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ClientMetadataDocumentError);
    return e as ClientMetadataDocumentError;
  }
  throw new Error('the document was expected to be refused');
}

const refusedAs = (code: ClientMetadataDocumentErrorCode, document: unknown) =>
  expect(refusal(() => validateClientMetadataDocument(CLIENT_ID, document)).code).toBe(code);

describe('client metadata document validation', () => {
  test('when a minimal document names its own URL and a redirect URI, then it is accepted with every supported MCP scope as ceiling and minimal reads as default', () => {
    expect(validateClientMetadataDocument(CLIENT_ID, valid())).toEqual({
      clientId: CLIENT_ID,
      clientName: null,
      redirectUris: ['https://app.example.test/callback'],
      tokenEndpointAuthMethod: 'none',
      grantTypes: ['authorization_code'],
      responseTypes: ['code'],
      scopeCeiling: [...CLIENT_METADATA_DOCUMENT_SCOPES],
      defaultScope: ['mcp:read', 'public:read'],
      scopeDeclared: false,
      unsupportedScopes: [],
    });
    expect(CLIENT_METADATA_DOCUMENT_SCOPES).toEqual([
      'mcp:read',
      'public:read',
      'profile:read',
      'mcp:write',
      'assets:write',
      'events:write',
      'events:contribute',
      'profile:write',
      'profile:contribute',
    ]);
  });

  test('when a full document is valid, then its name, grants and scope ceiling are normalized', () => {
    const client = validateClientMetadataDocument(
      CLIENT_ID,
      valid({
        client_name: 'Example MCP Client',
        redirect_uris: ['https://app.example.test/callback', 'http://127.0.0.1:33418/cb', 'http://[::1]/cb', 'http://localhost:8080/cb'],
        scope: 'events:write mcp:read openid mcp:write mcp:read',
        token_endpoint_auth_methods_supported: ['private_key_jwt', 'none'],
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        logo_uri: 'https://app.example.test/logo.png',
      }),
    );
    expect(client).toMatchObject({
      clientName: 'Example MCP Client',
      redirectUris: ['https://app.example.test/callback', 'http://127.0.0.1:33418/cb', 'http://[::1]/cb', 'http://localhost:8080/cb'],
      grantTypes: ['authorization_code', 'refresh_token'],
      tokenEndpointAuthMethod: 'none',
      scopeCeiling: ['mcp:read', 'mcp:write', 'events:write'],
      defaultScope: ['mcp:read'],
      scopeDeclared: true,
      unsupportedScopes: ['openid'],
    });
  });

  test('when the document is not a JSON object, then it is refused as json', () => {
    for (const document of [null, [], 'client', 42]) refusedAs('json', document);
  });

  test.each([
    ['missing', undefined],
    ['a different path', 'https://client.example.test/oauth/other.json'],
    ['a trailing slash', `${CLIENT_ID}/`],
    ['a different host case', 'https://CLIENT.example.test/oauth/client.json'],
    ['an added query', `${CLIENT_ID}?x=1`],
    ['the default port spelled out', 'https://client.example.test:443/oauth/client.json'],
    ['http instead of https', 'http://client.example.test/oauth/client.json'],
    ['a number', 42],
    ['an array', [CLIENT_ID]],
  ])('when client_id in the document is %s, then it is refused as client_id_mismatch', (_label, clientId) => {
    refusedAs('client_id_mismatch', valid({ client_id: clientId }));
  });

  test('when the document carries a client secret, then it is refused', () => {
    refusedAs('client_secret', valid({ client_secret: 's3cret' }));
    refusedAs('client_secret', valid({ client_secret_expires_at: 0 }));
  });

  test.each([
    ['missing', undefined],
    ['empty', []],
    ['a string', 'https://app.example.test/callback'],
    ['a number inside', [1]],
    ['an empty string', ['']],
    ['padded with spaces', [' https://app.example.test/callback']],
    ['relative', ['/callback']],
    ['plain http off loopback', ['http://app.example.test/callback']],
    ['plain http on a private address', ['http://192.168.0.10/callback']],
    ['with a fragment', ['https://app.example.test/callback#frag']],
    ['with userinfo', ['https://user:pw@app.example.test/callback']],
    ['javascript', ['javascript:alert(1)']],
    ['a custom scheme', ['com.example.app:/callback']],
    ['a data URI', ['data:text/html,hi']],
    ['one good and one bad', ['https://app.example.test/callback', 'ftp://app.example.test/cb']],
    ['more than twenty', Array.from({ length: 21 }, (_, i) => `https://app.example.test/cb/${i}`)],
  ])('when redirect_uris is %s, then it is refused as redirect_uris', (_label, redirectUris) => {
    refusedAs('redirect_uris', valid({ redirect_uris: redirectUris }));
  });

  test('when a redirect URI is listed twice, then it is kept once', () => {
    const client = validateClientMetadataDocument(
      CLIENT_ID,
      valid({ redirect_uris: ['https://app.example.test/cb', 'https://app.example.test/cb'] }),
    );
    expect(client.redirectUris).toEqual(['https://app.example.test/cb']);
  });

  test.each([
    ['empty', ''],
    ['blank', '   '],
    ['too long', 'n'.repeat(201)],
    ['a number', 5],
    ['null', null],
  ])('when client_name is %s, then it is refused as client_name', (_label, name) => {
    refusedAs('client_name', valid({ client_name: name }));
  });

  test.each([
    ['lists only secret methods', ['client_secret_basic', 'client_secret_post']],
    ['lists only private_key_jwt', ['private_key_jwt']],
    ['is empty', []],
    ['is a string', 'none'],
    ['holds null', ['none', null]],
    ['holds a number', ['none', 3]],
    ['holds an empty string', ['none', '']],
    ['is an object', { none: true }],
  ])('when token_endpoint_auth_methods_supported %s, then it is refused as token_endpoint_auth', (_label, methods) => {
    refusedAs('token_endpoint_auth', valid({ token_endpoint_auth_methods_supported: methods }));
  });

  test('when token_endpoint_auth_method names anything but none, then it is refused', () => {
    refusedAs('token_endpoint_auth', valid({ token_endpoint_auth_method: 'client_secret_basic' }));
    refusedAs('token_endpoint_auth', valid({ token_endpoint_auth_method: ['none'] }));
  });

  test('when the supported methods include none among others, then none is the method chosen', () => {
    const client = validateClientMetadataDocument(
      CLIENT_ID,
      valid({ token_endpoint_auth_methods_supported: ['client_secret_basic', 'none'] }),
    );
    expect(client.tokenEndpointAuthMethod).toBe('none');
  });

  test.each([
    ['omits authorization_code', ['client_credentials']],
    ['is empty', []],
    ['is a string', 'authorization_code'],
    ['holds a number', ['authorization_code', 1]],
  ])('when grant_types %s, then it is refused as grant_types', (_label, grants) => {
    refusedAs('grant_types', valid({ grant_types: grants }));
  });

  test('when grant_types lists grants Marquee does not give these clients, then they are dropped', () => {
    const client = validateClientMetadataDocument(CLIENT_ID, valid({ grant_types: ['authorization_code', 'implicit'] }));
    expect(client.grantTypes).toEqual(['authorization_code']);
  });

  test.each([
    ['omits code', ['token']],
    ['is empty', []],
    ['is a string', 'code'],
  ])('when response_types %s, then it is refused as response_types', (_label, types) => {
    refusedAs('response_types', valid({ response_types: types }));
  });

  test.each([
    ['empty', ''],
    ['double-spaced', 'mcp:read  mcp:write'],
    ['leading space', ' mcp:read'],
    ['trailing space', 'mcp:read '],
    ['tab-separated', 'mcp:read\tmcp:write'],
    ['a quote inside', 'mcp:read "x"'],
    ['a backslash inside', 'mcp:read a\\b'],
    ['non-ASCII', 'mcp:read lesen:öffentlich'],
    ['an array', ['mcp:read']],
    ['a number', 1],
    ['without mcp:read', 'public:read mcp:write'],
    ['only unsupported scopes', 'openid profile'],
  ])('when scope is %s, then it is refused as scope', (_label, scope) => {
    refusedAs('scope', valid({ scope }));
  });

  test('when scope names scopes never granted to these clients, then the ceiling holds only supported ones', () => {
    const client = validateClientMetadataDocument(CLIENT_ID, valid({ scope: 'mcp:read time:parse developer:write public:read' }));
    expect(client.scopeCeiling).toEqual(['mcp:read', 'public:read']);
    expect(client.defaultScope).toEqual(['mcp:read', 'public:read']);
    expect(client.unsupportedScopes).toEqual(['time:parse', 'developer:write']);
  });

  test('when scope is exactly mcp:read, then it is both the ceiling and the default', () => {
    const client = validateClientMetadataDocument(CLIENT_ID, valid({ scope: 'mcp:read' }));
    expect(client.scopeCeiling).toEqual(['mcp:read']);
    expect(client.defaultScope).toEqual(['mcp:read']);
  });
});

describe('client id URLs', () => {
  test('when the client id is a canonical https URL with a path, then it is accepted', () => {
    expect(parseClientIdUrl(CLIENT_ID).hostname).toBe(TEST_HOST);
    expect(parseClientIdUrl('https://client.example.test:8443/c?v=2').port).toBe('8443');
  });

  test.each([
    ['http', 'http://client.example.test/oauth/client.json'],
    ['origin only', 'https://client.example.test'],
    ['root path', 'https://client.example.test/'],
    ['a fragment', `${CLIENT_ID}#x`],
    ['an empty fragment', `${CLIENT_ID}#`],
    ['userinfo', 'https://u:p@client.example.test/oauth/client.json'],
    ['upper-case host', 'https://Client.example.test/oauth/client.json'],
    ['the default port', 'https://client.example.test:443/oauth/client.json'],
    ['a dot-dot segment', 'https://client.example.test/oauth/../client.json'],
    ['an encoded dot-dot segment', 'https://client.example.test/oauth/%2e%2e/client.json'],
    ['a dot segment', 'https://client.example.test/./client.json'],
    ['too long', `https://client.example.test/${'a'.repeat(2048)}`],
    ['not a URL', 'my-client'],
    ['not a string', 42],
  ])('when the client id has %s, then it is refused as client_id_url', (_label, clientId) => {
    expect(refusal(() => parseClientIdUrl(clientId)).code).toBe('client_id_url');
  });

  test('when the client id is not an acceptable URL, then nothing is fetched', async () => {
    const urls: string[] = [];
    const fetch: GuardedFetch = async (u) => {
      urls.push(u);
      throw new Error('unreachable');
    };
    const error = await refusedAsync(fetchClientMetadataDocument('http://client.example.test/c.json', { fetch }));
    expect(error.code).toBe('client_id_url');
    expect(urls).toEqual([]);
  });
});

describe('fetching a client metadata document through the guarded fetcher', () => {
  let pki: TestPki;
  let server: Awaited<ReturnType<typeof startTlsServer>>;
  let clientId: string;

  beforeAll(async () => {
    pki = await makeTestPki();
    server = await startTlsServer(await pki.leaf(TEST_HOST));
    clientId = `https://${TEST_HOST}:${server.port}/oauth/client.json`;
  });

  afterAll(async () => {
    await server.close();
  });

  const fetcher = () => testFetch(pki.ca, { [TEST_HOST]: [v4(LOOPBACK)] }).fetch;
  const serve =
    (body: string | Buffer, contentType = 'application/json') =>
    (_req: IncomingMessage, res: ServerResponse) => {
      res.writeHead(200, { 'Content-Type': contentType });
      res.end(body);
    };
  const documentFor = (id: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ client_id: id, client_name: 'Test client', redirect_uris: ['http://127.0.0.1:9000/cb'], ...extra });

  test('when the document is valid and served as JSON, then the client is accepted and the request asked for JSON', async () => {
    server.handle(serve(documentFor(clientId, { scope: 'mcp:read mcp:write profile:write' }), 'application/json; charset=utf-8'));
    const client = await fetchClientMetadataDocument(clientId, { fetch: fetcher() });
    expect(client).toMatchObject({
      clientId,
      clientName: 'Test client',
      redirectUris: ['http://127.0.0.1:9000/cb'],
      scopeCeiling: ['mcp:read', 'mcp:write', 'profile:write'],
      defaultScope: ['mcp:read'],
    });
    expect(server.seen[0]).toMatchObject({ method: 'GET', url: '/oauth/client.json' });
    expect(server.seen[0].headers.accept).toBe('application/json');
  });

  test('when the document is exactly 5120 bytes, then it is accepted', async () => {
    const base = documentFor(clientId);
    const body = base.slice(0, -1) + ' '.repeat(5120 - base.length) + '}';
    expect(Buffer.byteLength(body)).toBe(5120);
    server.handle(serve(body));
    await expect(fetchClientMetadataDocument(clientId, { fetch: fetcher() })).resolves.toMatchObject({ clientId });
  });

  test('when the document is 5121 bytes, then it is refused as a fetch too_large', async () => {
    const base = documentFor(clientId);
    server.handle(serve(base.slice(0, -1) + ' '.repeat(5121 - base.length) + '}'));
    const error = await refusedAsync(fetchClientMetadataDocument(clientId, { fetch: fetcher() }));
    expect(error).toMatchObject({ code: 'fetch', fetchCode: 'too_large' });
  });

  test('when the document URL redirects, then it is refused as a fetch redirect', async () => {
    server.handle((_req, res) => {
      res.writeHead(302, { Location: `https://${TEST_HOST}:${server.port}/elsewhere.json` });
      res.end();
    });
    const error = await refusedAsync(fetchClientMetadataDocument(clientId, { fetch: fetcher() }));
    expect(error).toMatchObject({ code: 'fetch', fetchCode: 'redirect' });
    expect(server.seen).toHaveLength(1);
  });

  test('when the document host resolves to a private address, then it is refused as a fetch address_refused', async () => {
    const fetch = testFetch(pki.ca, { [TEST_HOST]: [v4('192.168.1.10')] }).fetch;
    const error = await refusedAsync(fetchClientMetadataDocument(clientId, { fetch }));
    expect(error).toMatchObject({ code: 'fetch', fetchCode: 'address_refused' });
  });

  test('when the server trickles the document past the deadline, then it is refused as a fetch timeout', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.flushHeaders();
      const timer = setInterval(() => res.write(' '), 300);
      res.on('close', () => clearInterval(timer));
    });
    const error = await refusedAsync(fetchClientMetadataDocument(clientId, { fetch: fetcher(), deadlineMs: 800 }));
    expect(error).toMatchObject({ code: 'fetch', fetchCode: 'timeout' });
  });

  test('when the document is served as HTML, then it is refused as content_type', async () => {
    server.handle(serve(documentFor(clientId), 'text/html'));
    expect((await refusedAsync(fetchClientMetadataDocument(clientId, { fetch: fetcher() }))).code).toBe('content_type');
  });

  test('when the document is served without a content type, then it is refused as content_type', async () => {
    server.handle((_req, res) => res.end(documentFor(clientId)));
    expect((await refusedAsync(fetchClientMetadataDocument(clientId, { fetch: fetcher() }))).code).toBe('content_type');
  });

  test('when the body is not JSON, then it is refused as json', async () => {
    server.handle(serve('{"client_id": '));
    expect((await refusedAsync(fetchClientMetadataDocument(clientId, { fetch: fetcher() }))).code).toBe('json');
  });

  test('when the body is not UTF-8, then it is refused as json', async () => {
    server.handle(serve(Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d])));
    expect((await refusedAsync(fetchClientMetadataDocument(clientId, { fetch: fetcher() }))).code).toBe('json');
  });

  test('when the served document names another client id, then it is refused as client_id_mismatch', async () => {
    server.handle(serve(documentFor(`https://${TEST_HOST}:${server.port}/oauth/impostor.json`)));
    expect((await refusedAsync(fetchClientMetadataDocument(clientId, { fetch: fetcher() }))).code).toBe('client_id_mismatch');
  });
});
