import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { currentCredential, loadLocalConfig, LocalConfigError, normaliseApiBaseUrl } from '../../src/mcp/local/config.js';
import { decodeBase64, sniffPosterType } from '../../src/mcp/local/posterUploadBytes.js';
import { Redactor } from '../../src/mcp/local/redact.js';
import { requestFailed } from '../../src/mcp/local/results.js';

/** The local stdio server's configuration (contract 4.12, 5.5; the MCP tools digest's variables), read from an environment. */
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-stdio-config-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const file = (name: string, content: string) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, content);
  return p;
};

describe('API base URL', () => {
  test.each([
    ['https://marquee.example', 'https://marquee.example/api/v0'],
    ['https://marquee.example/', 'https://marquee.example/api/v0'],
    ['https://marquee.example/api', 'https://marquee.example/api/v0'],
    ['https://marquee.example/api/v0/', 'https://marquee.example/api/v0'],
    ['https://marquee.example/api/v0/events/x?y=1', 'https://marquee.example/api/v0'],
    ['https://user:secret@marquee.example:8443/base/?token=abc#frag', 'https://marquee.example:8443/base/api/v0'],
    ['http://127.0.0.1:3000', 'http://127.0.0.1:3000/api/v0'],
    ['https://marquee.example/api/v01', 'https://marquee.example/api/v01/api/v0'],
  ])('when the base URL is %s, then the API root is %s', (raw, normalised) => {
    expect(normaliseApiBaseUrl(raw)).toBe(normalised);
  });

  test('when the base URL is not http(s) or not a URL, then the configuration is refused without echoing it', () => {
    expect(() => normaliseApiBaseUrl('ftp://marquee.example')).toThrow(LocalConfigError);
    expect(() => normaliseApiBaseUrl('file:///etc/passwd')).toThrow('must use http or https');
    expect(() => normaliseApiBaseUrl('marquee.example/api')).toThrow('must be an absolute http or https URL');
  });

  test('when only the fallback variable is set, then it is used; without either, the local default', () => {
    expect(loadLocalConfig({ MARQUEE_PUBLIC_API_BASE_URL: 'https://fallback.example' }).apiBaseUrl).toBe('https://fallback.example/api/v0');
    expect(loadLocalConfig({ MARQUEE_API_BASE_URL: 'https://first.example', MARQUEE_PUBLIC_API_BASE_URL: 'https://fallback.example' }).apiBaseUrl).toBe('https://first.example/api/v0');
    expect(loadLocalConfig({}).apiBaseUrl).toBe('http://localhost:3000/api/v0');
  });
});

describe('credential', () => {
  test('when several variables are set, then the first non-empty of API token, OAuth access token, bearer token wins, before any token file', () => {
    const tokenFile = file('t1', 'from-file-token');
    const env = { MARQUEE_API_TOKEN: ' ', MARQUEE_OAUTH_ACCESS_TOKEN: 'oauth-access', MARQUEE_BEARER_TOKEN: 'bearer', MARQUEE_OAUTH_TOKEN_FILE: tokenFile };
    expect(currentCredential(loadLocalConfig(env).credential)).toBe('oauth-access');
    expect(currentCredential(loadLocalConfig({ ...env, MARQUEE_API_TOKEN: 'api-token' }).credential)).toBe('api-token');
    expect(currentCredential(loadLocalConfig({ ...env, MARQUEE_OAUTH_ACCESS_TOKEN: '' }).credential)).toBe('bearer');
    expect(currentCredential(loadLocalConfig({ MARQUEE_OAUTH_TOKEN_FILE: tokenFile }).credential)).toBe('from-file-token');
    expect(loadLocalConfig({}).credential).toEqual({ kind: 'none' });
  });

  test('when the token file holds JSON, then its access_token is used, and a refreshed file is read again', () => {
    const p = file('t2.json', JSON.stringify({ access_token: 'eyJ.first.sig', refresh_token: 'r', token_type: 'Bearer' }));
    const config = loadLocalConfig({ MARQUEE_OAUTH_TOKEN_FILE: p });
    expect(currentCredential(config.credential)).toBe('eyJ.first.sig');
    fs.writeFileSync(p, JSON.stringify({ access_token: 'eyJ.second.sig' }));
    expect(currentCredential(config.credential)).toBe('eyJ.second.sig');
  });

  test('when the token file is empty, then there is no credential; when it is unreadable or malformed, then start is refused without its content', () => {
    expect(loadLocalConfig({ MARQUEE_OAUTH_TOKEN_FILE: file('empty', '\n') }).credential).toEqual({ kind: 'none' });
    expect(() => loadLocalConfig({ MARQUEE_OAUTH_TOKEN_FILE: path.join(dir, 'nope') })).toThrow('MARQUEE_OAUTH_TOKEN_FILE could not be read');
    const broken = file('broken.json', '{"access_token":"half-a-secret');
    expect(() => loadLocalConfig({ MARQUEE_OAUTH_TOKEN_FILE: broken })).toThrow(/^MARQUEE_OAUTH_TOKEN_FILE holds neither a token nor valid JSON$/);
    expect(() => loadLocalConfig({ MARQUEE_OAUTH_TOKEN_FILE: file('nokey.json', '{"token":"x"}') })).toThrow('without a non-empty access_token');
    expect(() => loadLocalConfig({ MARQUEE_API_TOKEN: 'abc\ndef' })).toThrow('MARQUEE_API_TOKEN does not hold a single bearer token');
  });
});

describe('output mode and poster upload origin', () => {
  test('when the output mode is set, then compact or detail only', () => {
    expect(loadLocalConfig({}).outputMode).toBe('compact');
    expect(loadLocalConfig({ MARQUEE_MCP_OUTPUT_MODE: 'DETAIL' }).outputMode).toBe('detail');
    expect(() => loadLocalConfig({ MARQUEE_MCP_OUTPUT_MODE: 'verbose' })).toThrow(LocalConfigError);
  });

  test('when no upload origin is configured, then the API origin is used if HTTPS (or loopback HTTP under the development switch), else none', () => {
    expect(loadLocalConfig({ MARQUEE_API_BASE_URL: 'https://marquee.example/base' }).posterUploadOrigin).toBe('https://marquee.example');
    expect(loadLocalConfig({ MARQUEE_API_BASE_URL: 'http://127.0.0.1:3000' }).posterUploadOrigin).toBeUndefined();
    expect(loadLocalConfig({ MARQUEE_API_BASE_URL: 'http://127.0.0.1:3000', MARQUEE_ALLOW_INSECURE_LOCAL_STORAGE: '1' }).posterUploadOrigin).toBe('http://127.0.0.1:3000');
    expect(loadLocalConfig({ MARQUEE_API_BASE_URL: 'http://localhost:3000', MARQUEE_ALLOW_INSECURE_LOCAL_STORAGE: 'true' }).posterUploadOrigin).toBe('http://localhost:3000');
    // The switch covers loopback only.
    expect(loadLocalConfig({ MARQUEE_API_BASE_URL: 'http://marquee.lan:3000', MARQUEE_ALLOW_INSECURE_LOCAL_STORAGE: '1' }).posterUploadOrigin).toBeUndefined();
  });

  test('when an upload origin is configured, then it must be an HTTPS origin without credentials, path or query', () => {
    expect(loadLocalConfig({ MARQUEE_EVENT_POSTER_UPLOAD_ORIGIN: 'https://bucket.s3.example.com/' }).posterUploadOrigin).toBe('https://bucket.s3.example.com');
    expect(() => loadLocalConfig({ MARQUEE_EVENT_POSTER_UPLOAD_ORIGIN: 'http://bucket.example' })).toThrow('must use https');
    expect(() => loadLocalConfig({ MARQUEE_EVENT_POSTER_UPLOAD_ORIGIN: 'https://k:s@bucket.example' })).toThrow('must not carry credentials');
    expect(() => loadLocalConfig({ MARQUEE_EVENT_POSTER_UPLOAD_ORIGIN: 'https://bucket.example/path' })).toThrow('must be an origin');
    expect(() => loadLocalConfig({ MARQUEE_EVENT_POSTER_UPLOAD_ORIGIN: 'not a url' })).toThrow(LocalConfigError);
    expect(loadLocalConfig({ MARQUEE_EVENT_POSTER_UPLOAD_ORIGIN: 'http://127.0.0.1:9000', MARQUEE_ALLOW_INSECURE_LOCAL_STORAGE: '1' }).posterUploadOrigin).toBe('http://127.0.0.1:9000');
  });
});

describe('local poster checks and texts', () => {
  test('when bytes are sniffed, then PNG, JPEG and WebP signatures are told apart and anything else is none', () => {
    expect(sniffPosterType(Buffer.from('89504e470d0a1a0a0000', 'hex'))).toBe('image/png');
    expect(sniffPosterType(Buffer.from('ffd8ffe000104a464946', 'hex'))).toBe('image/jpeg');
    expect(sniffPosterType(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]))).toBe('image/webp');
    expect(sniffPosterType(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt ')]))).toBeUndefined();
    expect(sniffPosterType(Buffer.from('GIF89a'))).toBeUndefined();
    expect(sniffPosterType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
  });

  test('when content is decoded, then only base64 (either alphabet, not mixed) is accepted', () => {
    const bytes = Buffer.from([0xfb, 0xff, 0xfe, 0x01]);
    expect(decodeBase64(bytes.toString('base64'))!.equals(bytes)).toBe(true);
    expect(decodeBase64(bytes.toString('base64url'))!.equals(bytes)).toBe(true);
    expect(decodeBase64(`${bytes.toString('base64').slice(0, 4)}\n${bytes.toString('base64').slice(4)}`)!.equals(bytes)).toBe(true);
    expect(decodeBase64('data:image/png;base64,iVBORw0KGgo=')).toBeUndefined();
    // A path is only ever base64 text: its "bytes" are no image, and nothing is read from the file system.
    expect(sniffPosterType(decodeBase64('/etc/passwd') ?? Buffer.alloc(0))).toBeUndefined();
    expect(decodeBase64('https://example.org/p.png')).toBeUndefined();
    expect(decodeBase64('+/-_')).toBeUndefined();
  });

  test('when a problem is rendered, then status, title, detail and retry timing are in words and the problem members follow on their own line; the redactor scrubs a secret in any form', () => {
    expect(
      requestFailed('service_event_intake_publish', 409, {
        title: 'Possible duplicate event',
        detail: 'An event like this one exists',
        choices: [{ eventId: 'evt_1', title: 'Night', eventPath: '/api/v0/events/night' }],
      }),
    ).toBe(
      'service_event_intake_publish request failed with 409: Possible duplicate event. An event like this one exists.\n' +
        'Problem: {"title":"Possible duplicate event","detail":"An event like this one exists","choices":[{"eventId":"evt_1","title":"Night","eventPath":"/api/v0/events/night"}]}',
    );
    const headers = new Headers({ 'retry-after': '30' });
    expect(requestFailed('t', 503, undefined, headers)).toBe('t request failed with 503: Service unavailable. Retry after 30 seconds.');
    const redactor = new Redactor();
    redactor.add('tok"en\\value');
    expect(redactor.text('a tok"en\\value b')).toBe('a [redacted] b');
    expect(redactor.json({ detail: 'x tok"en\\value y' })).toEqual({ detail: 'x [redacted] y' });
  });
});
