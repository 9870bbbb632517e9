import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import {
  createGuardedFetch,
  GuardedFetchError,
  type GuardedFetchRequest,
} from '../../../src/services/outbound/guardedFetch.js';
import {
  LOOPBACK,
  makeTestPki,
  startTlsServer,
  tableResolver,
  TEST_HOST,
  testFetch,
  v4,
  v6,
  type TestPki,
} from './tlsTestServer.js';

let pki: TestPki;
let server: Awaited<ReturnType<typeof startTlsServer>>;
let wrongNameServer: Awaited<ReturnType<typeof startTlsServer>>;

beforeAll(async () => {
  pki = await makeTestPki();
  server = await startTlsServer(await pki.leaf(TEST_HOST));
  wrongNameServer = await startTlsServer(await pki.leaf('other.example.test'));
});

afterAll(async () => {
  await server.close();
  await wrongNameServer.close();
});

const request: GuardedFetchRequest = { accept: 'application/json', maxBytes: 5120, deadlineMs: 3000 };
const url = (path = '/client.json', port = server.port) => `https://${TEST_HOST}:${port}${path}`;
const toLoopback = () => testFetch(pki.ca, { [TEST_HOST]: [v4(LOOPBACK)] });

/** Resolves to the GuardedFetchError the fetch was refused with; fails the test if it succeeded. */
async function refused(p: Promise<unknown>): Promise<GuardedFetchError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(GuardedFetchError);
    return e as GuardedFetchError;
  }
  throw new Error('the fetch was expected to be refused');
}

const json = (body: string) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(200, { 'Content-Type': 'application/json', 'Set-Cookie': 'session=abc' });
  res.end(body);
};

/** Sends `size` bytes in chunks without announcing a length (chunked transfer coding). */
const chunked = (size: number, end = true) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
  let left = size;
  while (left > 0) {
    const n = Math.min(1000, left);
    res.write(Buffer.alloc(n, 0x61));
    left -= n;
  }
  if (end) res.end();
};

describe('guarded fetch through a real TLS server', () => {
  test('when the host resolves to the allowed address and answers 200, then bytes, content type and status come back', async () => {
    server.handle(json('{"ok":true}'));
    const { fetch, calls } = toLoopback();
    const response = await fetch(url('/client.json?v=1'), request);
    expect(response).toEqual({
      status: 200,
      contentType: 'application/json',
      body: Buffer.from('{"ok":true}'),
      url: url('/client.json?v=1'),
    });
    expect(calls).toEqual([TEST_HOST]); // resolved once, never again by the connection
  });

  test('when a fetch is sent, then it is a GET with SNI and Host of the URL, the fixed User-Agent, the caller Accept and no credentials', async () => {
    server.handle(json('{}'));
    const { fetch } = toLoopback();
    await fetch(url('/doc'), { ...request, accept: 'application/json, application/*+json' });
    const [seen] = server.seen;
    expect(seen.method).toBe('GET');
    expect(seen.url).toBe('/doc');
    expect(seen.servername).toBe(TEST_HOST);
    expect(seen.headers.host).toBe(`${TEST_HOST}:${server.port}`);
    expect(seen.headers['user-agent']).toBe('Marquee');
    expect(seen.headers.accept).toBe('application/json, application/*+json');
    expect(seen.headers['accept-encoding']).toBe('identity');
    expect(seen.headers.cookie).toBeUndefined();
    expect(seen.headers.authorization).toBeUndefined();
  });

  test('when the body is exactly the cap, streamed in chunks, then it is accepted', async () => {
    server.handle(chunked(5120));
    const { fetch } = toLoopback();
    const response = await fetch(url(), request);
    expect(response.body.length).toBe(5120);
  });

  test('when Content-Length announces one byte over the cap, then the fetch is refused as too_large', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '5121' });
      res.end(Buffer.alloc(5121, 0x61));
    });
    const { fetch } = toLoopback();
    expect((await refused(fetch(url(), request))).code).toBe('too_large');
  });

  test('when Content-Length announces far more and nothing follows, then the fetch is refused on the header, not at the deadline', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'Content-Length': '10000000' });
      res.flushHeaders();
    });
    const { fetch } = toLoopback();
    const error = await refused(fetch(url(), { ...request, deadlineMs: 10_000 }));
    expect(error.code).toBe('too_large');
  });

  test('when a chunked body without Content-Length reaches 5121 bytes, then the fetch is refused as too_large', async () => {
    server.handle(chunked(5121));
    const { fetch } = toLoopback();
    expect((await refused(fetch(url(), request))).code).toBe('too_large');
  });

  test('when the body passes the cap and the server keeps the stream open, then the fetch is refused while streaming', async () => {
    server.handle(chunked(6000, false));
    const { fetch } = toLoopback();
    expect((await refused(fetch(url(), { ...request, deadlineMs: 10_000 }))).code).toBe('too_large');
  });

  test.each([301, 302, 303, 307, 308])('when the server answers %i, then the redirect is refused and not followed', async (status) => {
    server.handle((_req, res) => {
      res.writeHead(status, { Location: url('/elsewhere') });
      res.end();
    });
    const { fetch } = toLoopback();
    const error = await refused(fetch(url(), request));
    expect(error.code).toBe('redirect');
    expect(error.details.status).toBe(status);
    expect(server.seen.map((r) => r.url)).toEqual(['/client.json']);
  });

  test('when the server answers 404 with a body, then the refusal carries the status and none of the body', async () => {
    server.handle((_req, res) => {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('secret-body-text');
    });
    const { fetch } = toLoopback();
    const error = await refused(fetch(url(), request));
    expect(error.code).toBe('status');
    expect(error.details.status).toBe(404);
    expect(`${error.message} ${JSON.stringify(error)} ${String(error.cause ?? '')}`).not.toContain('secret-body-text');
  });

  test('when the server cuts the body short of its Content-Length, then the fetch is refused as network', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '100' });
      res.write('{"partial":', () => res.socket?.destroy());
    });
    const { fetch } = toLoopback();
    expect((await refused(fetch(url(), request))).code).toBe('network');
  });

  test('when the response uses a content coding, then it is refused as encoding', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
      res.end(Buffer.from([0x1f, 0x8b]));
    });
    const { fetch } = toLoopback();
    expect((await refused(fetch(url(), request))).code).toBe('encoding');
  });
});

describe('the absolute deadline', () => {
  const deadlineMs = 800;

  test('when the server trickles one byte every 300 ms, then the fetch is aborted at the deadline and the connection closed', async () => {
    let serverSawClose!: Promise<void>;
    server.handle((_req, res) => {
      serverSawClose = new Promise((resolve) => res.on('close', () => resolve()));
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.flushHeaders();
      const timer = setInterval(() => res.write('x'), 300);
      res.on('close', () => clearInterval(timer));
    });
    const { fetch } = toLoopback();
    const started = performance.now();
    const error = await refused(fetch(url(), { ...request, deadlineMs }));
    const elapsed = performance.now() - started;
    expect(error.code).toBe('timeout');
    expect(elapsed).toBeGreaterThanOrEqual(deadlineMs - 5);
    expect(elapsed).toBeLessThan(deadlineMs + 1500);
    await serverSawClose;
  });

  test('when the server never sends headers, then the fetch is aborted at the deadline', async () => {
    server.handle(() => undefined);
    const { fetch } = toLoopback();
    const started = performance.now();
    const error = await refused(fetch(url(), { ...request, deadlineMs }));
    expect(error.code).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(deadlineMs + 1500);
  });

  test('when resolution never answers, then the fetch is aborted at the deadline', async () => {
    const fetch = createGuardedFetch({ resolver: () => new Promise(() => undefined), ca: pki.ca });
    expect((await refused(fetch(url(), { ...request, deadlineMs }))).code).toBe('timeout');
  });

  test('when resolution and headers each stay within the deadline but together pass it, then the fetch is aborted', async () => {
    server.handle((_req, res) => {
      const timer = setTimeout(() => res.end('{}'), 500);
      res.on('close', () => clearTimeout(timer));
    });
    const slowResolver = (hostname: string) =>
      new Promise<{ address: string; family: number }[]>((resolve) =>
        setTimeout(() => resolve(hostname === TEST_HOST ? [v4(LOOPBACK)] : []), 500),
      );
    const fetch = createGuardedFetch({ resolver: slowResolver, ca: pki.ca, allowAddress: (a) => a === LOOPBACK });
    expect((await refused(fetch(url(), { ...request, deadlineMs }))).code).toBe('timeout');
  });
});

describe('TLS', () => {
  test('when the server presents a valid certificate for another host name, then the fetch is refused as tls', async () => {
    wrongNameServer.handle(json('{}'));
    const { fetch } = toLoopback();
    const error = await refused(fetch(url('/client.json', wrongNameServer.port), request));
    expect(error.code).toBe('tls');
    expect((error.cause as { code?: string }).code).toBe('ERR_TLS_CERT_ALTNAME_INVALID');
    expect(wrongNameServer.seen).toEqual([]);
  });

  test('when the certificate authority is not trusted, then the fetch is refused as tls', async () => {
    server.handle(json('{}'));
    const { resolver } = tableResolver({ [TEST_HOST]: [v4(LOOPBACK)] });
    const fetch = createGuardedFetch({ resolver, allowAddress: (a) => a === LOOPBACK }); // system trust only
    expect((await refused(fetch(url(), request))).code).toBe('tls');
    expect(server.seen).toEqual([]);
  });
});

describe('addresses', () => {
  test('when the host resolves to one public and one private address, then the fetch is refused before any connection', async () => {
    server.handle(json('{}'));
    const { fetch } = testFetch(pki.ca, { [TEST_HOST]: [v4('8.8.8.8'), v4('10.0.0.1')] });
    const error = await refused(fetch(url(), request));
    expect(error.code).toBe('address_refused');
    expect(error.details.addressRefusal).toBe('private');
    expect(server.seen).toEqual([]);
  });

  test('when the host resolves to the allowed loopback plus another private address, then the override does not cover the other', async () => {
    const { fetch } = testFetch(pki.ca, { [TEST_HOST]: [v4(LOOPBACK), v6('fd00::1')] });
    expect((await refused(fetch(url(), request))).details.addressRefusal).toBe('unique_local');
  });

  test('when no address is overridden, then a host resolving to loopback is refused', async () => {
    server.handle(json('{}'));
    const { resolver } = tableResolver({ [TEST_HOST]: [v4(LOOPBACK)] });
    const fetch = createGuardedFetch({ resolver, ca: pki.ca });
    const error = await refused(fetch(url(), request));
    expect(error).toMatchObject({ code: 'address_refused', details: { addressRefusal: 'loopback' } });
    expect(server.seen).toEqual([]);
  });

  test.each([
    ['a metadata address', v4('169.254.169.254')],
    ['an IPv4-mapped loopback', v6('::ffff:127.0.0.1')],
    ['a NAT64 private address', v6('64:ff9b::10.0.0.1')],
    ['a 6to4 private address', v6('2002:c0a8:101::1')],
    ['a Teredo address', v6('2001:0:4136:e378:8000:63bf:3fff:fdd2')],
    ['an unparseable answer', v4('127.1')],
  ])('when the host resolves to %s, then the fetch is refused', async (_label, answer) => {
    const { fetch } = testFetch(pki.ca, { [TEST_HOST]: [answer] });
    expect((await refused(fetch(url(), request))).code).toBe('address_refused');
  });

  test.each([
    'https://127.0.0.1/',
    'https://[::1]/',
    'https://169.254.169.254/latest/meta-data/',
    'https://0x7f.1/', // the URL parser reads it as 127.0.0.1
    'https://2130706433/',
    'https://[::ffff:127.0.0.1]/',
    'https://[::ffff:a9fe:a9fe]/',
    'https://10.0.0.1:8443/x',
    'https://0.0.0.0/',
  ])('when the URL names the literal address %s, then it is refused without resolution', async (literal) => {
    const { resolver, calls } = tableResolver({});
    const fetch = createGuardedFetch({ resolver, ca: pki.ca }); // no test override
    expect((await refused(fetch(literal, request))).code).toBe('address_refused');
    expect(calls).toEqual([]);
  });

  test('when the host name cannot be resolved, then the fetch is refused as dns', async () => {
    const { fetch } = testFetch(pki.ca, {});
    expect((await refused(fetch(url(), request))).code).toBe('dns');
  });

  test('when the resolver answers no address, then the fetch is refused as dns', async () => {
    const { fetch } = testFetch(pki.ca, { [TEST_HOST]: [] });
    expect((await refused(fetch(url(), request))).code).toBe('dns');
  });

  test('when nothing listens on the validated address, then the fetch is refused as connect', async () => {
    const closed = await startTlsServer(await pki.leaf(TEST_HOST));
    const port = closed.port;
    await closed.close();
    const { fetch } = toLoopback();
    expect((await refused(fetch(url('/', port), request))).code).toBe('connect');
  });

  test('when the first validated address refuses the connection, then the next validated address is tried', async () => {
    server.handle(json('{"second":true}'));
    const { fetch } = testFetch(pki.ca, { [TEST_HOST]: [v4('127.0.0.2'), v4(LOOPBACK)] }, ['127.0.0.2', LOOPBACK]);
    const response = await fetch(url(), request);
    expect(response.body.toString()).toBe('{"second":true}');
  });
});

describe('URL guards', () => {
  test.each([
    `http://${TEST_HOST}/client.json`,
    'ftp://client.example.test/client.json',
    'file:///etc/passwd',
    'ws://client.example.test/',
    'wss://client.example.test/',
    'data:application/json,{}',
    'javascript:alert(1)',
    'gopher://client.example.test/',
  ])('when the URL is %s, then it is refused as scheme', async (refusedUrl) => {
    const { fetch, calls } = toLoopback();
    expect((await refused(fetch(refusedUrl, request))).code).toBe('scheme');
    expect(calls).toEqual([]);
  });

  test('when an http URL points at the live test server, then no request reaches it', async () => {
    server.handle(json('{}'));
    const { fetch } = toLoopback();
    expect((await refused(fetch(`http://${TEST_HOST}:${server.port}/`, request))).code).toBe('scheme');
    expect(server.seen).toEqual([]);
  });

  test.each([
    `https://user:pass@${TEST_HOST}/client.json`,
    `https://user@${TEST_HOST}/client.json`,
    `https://:pass@${TEST_HOST}/client.json`,
  ])('when the URL carries userinfo (%s), then it is refused as userinfo', async (refusedUrl) => {
    const { fetch, calls } = toLoopback();
    expect((await refused(fetch(refusedUrl, request))).code).toBe('userinfo');
    expect(calls).toEqual([]);
  });

  test('when the URL is longer than the cap, then it is refused as url_too_long', async () => {
    const { fetch } = toLoopback();
    const long = `https://${TEST_HOST}/${'a'.repeat(2048)}`;
    expect((await refused(fetch(long, request))).code).toBe('url_too_long');
    const { resolver } = tableResolver({});
    const short = createGuardedFetch({ resolver, maxUrlLength: 40 });
    expect((await refused(short(`https://${TEST_HOST}/${'a'.repeat(20)}`, request))).code).toBe('url_too_long');
  });

  test.each(['not a url', '', 'https://', '//client.example.test/x'])(
    'when the URL %p cannot be parsed, then it is refused as url',
    async (bad) => {
      const { fetch } = toLoopback();
      expect((await refused(fetch(bad, request))).code).toBe('url');
    },
  );

  test('when the URL names an explicit port, then that port is used', async () => {
    server.handle(json('{"port":true}'));
    const { fetch } = toLoopback();
    expect((await fetch(url('/p'), request)).body.toString()).toBe('{"port":true}');
  });
});
