import { jest } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import busboy from 'busboy';
import express, { type Request, type Response } from 'express';
import sharp from 'sharp';
import { startStdio, type StdioSession } from './stdioHarness.js';

/**
 * What the local stdio server does when the API or the storage misbehaves, against a small
 * stand-in API whose answers each test chooses (a real Marquee never answers these): a write
 * accepted whose read-back fails, mutations answered 5xx or cut off, a problem echoing the
 * bearer, and poster transfers pointing elsewhere, carrying credentials or redirecting.
 */
// Each test starts real child processes: generous time when the machine is busy.
jest.setTimeout(60_000);
const TOKEN = 'service_StdioStubToken_0123456789abcdefghijklmnopqrstuvwxyz';

interface Seen {
  method: string;
  path: string;
  authorization?: string;
}
interface StoredUpload {
  path: string;
  authorization?: string;
  cookie?: string;
  parts: { name: string; value?: string; filename?: string; mimeType?: string; bytes?: Buffer }[];
}

let server: http.Server;
let origin: string;
let seen: Seen[] = [];
let uploads: StoredUpload[] = [];

const problem = (res: Response, status: number, title: string, detail?: string, extra: Record<string, unknown> = {}) =>
  res.status(status).type('application/problem+json').send(JSON.stringify({ type: '/problems/stub', title, status, ...(detail ? { detail } : {}), ...extra }));

function api() {
  const r = express.Router();
  r.use(express.json());
  // Owner event create: accepted; its read-back 404s (or is cut off for `cut-read-back`).
  r.post('/api/v0/events', (req, res) => {
    const slug = req.body.title === 'Cut read-back' ? 'cut-read-back' : 'stub-night';
    res.json({ eventId: 'evt_stub1', slug, eventPath: `/api/v0/events/${slug}` });
  });
  r.get('/api/v0/events/cut-read-back', (req) => req.socket.destroy());
  r.get('/api/v0/events/:slug', (_req, res) => problem(res, 404, 'Not found', 'No public event with this slug.'));
  // Owner event update: the slug chooses the misbehaviour.
  r.patch('/api/v0/events/:slug', (req, res) => {
    if (req.params.slug === 'five-oh-three') return problem(res.set('Retry-After', '7'), 503, 'Service unavailable', undefined, { code: 'RESPONSE_UNAVAILABLE', retryAfterSeconds: 7 });
    if (req.params.slug === 'hang-up') return req.socket.destroy();
    if (req.params.slug === 'echo') return problem(res, 401, 'Unauthorized', `The credential "${req.headers.authorization}" (${JSON.stringify(req.headers.authorization)}) is unknown.`);
    return problem(res, 409, 'Stale version', 'Read the event again.', { code: 'STALE_VERSION' });
  });
  r.post('/api/v0/event-intake/:draftId/extract', (_req, res) => problem(res, 503, 'Service unavailable'));
  r.post('/api/v0/event-intake', (_req, res) => problem(res.set('Retry-After', '12'), 429, 'Too many requests', 'Rate limit exceeded.', { code: 'RATE_LIMITED', retryAfterSeconds: 12 }));
  // Poster begin: the draft id chooses the transfer target.
  r.post('/api/v0/event-intake/:draftId/poster-upload/begin', (req, res) => {
    const here = new URL(origin);
    const targets: Record<string, string> = {
      ok: `${origin}/storage/ok`,
      elsewhere: 'https://uploads.elsewhere.test/upload',
      'with-credentials': `http://user:pw@${here.host}/storage/ok`,
      redirect: `${origin}/storage/redirect`,
      'storage-error': `${origin}/storage/fail`,
    };
    res.json({
      posterAssetId: `pst_${req.params.draftId}`,
      expiresAt: Date.now() + 60_000,
      transfer: { method: 'POST', url: targets[req.params.draftId] ?? targets.ok, fields: { key: `posters/${req.params.draftId}`, policy: 'p0l1cy', 'Content-Type': req.body.contentType }, fileField: 'file' },
    });
  });
  r.post('/api/v0/event-intake/:draftId/poster-upload/complete', (req, res) => res.json({ posterAssetId: req.body.posterAssetId }));
  return r;
}

/** A storage stand-in: records what arrived (parsed as multipart), answers 204; or redirects; or refuses like S3. */
function storage(req: Request, res: Response) {
  if (req.path === '/storage/redirect') return res.redirect(307, '/storage/ok?redirected=1');
  const upload: StoredUpload = { path: req.originalUrl, authorization: req.headers.authorization, cookie: req.headers.cookie, parts: [] };
  const parser = busboy({ headers: req.headers });
  parser.on('field', (name, value) => upload.parts.push({ name, value }));
  parser.on('file', (name, stream, info) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => upload.parts.push({ name, filename: info.filename, mimeType: info.mimeType, bytes: Buffer.concat(chunks) }));
  });
  parser.on('close', () => {
    uploads.push(upload);
    if (req.path === '/storage/fail') {
      res.status(403).type('application/xml').send('<?xml version="1.0"?><Error><Code>AccessDenied</Code><Message>Policy expired</Message></Error>');
    } else res.status(204).end();
  });
  req.pipe(parser);
}

beforeAll(async () => {
  const app = express();
  app.use((req, _res, next) => {
    seen.push({ method: req.method, path: req.path, authorization: req.headers.authorization });
    next();
  });
  app.use('/prefix', api());
  app.post('/storage/:what', storage);
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let sessions: StdioSession[] = [];
beforeEach(() => {
  seen = [];
  uploads = [];
});
afterEach(async () => {
  for (const session of sessions) expect(session.stderr()).not.toContain(TOKEN);
  await Promise.all(sessions.map((session) => session.close()));
  sessions = [];
});
/** A server configured with the stand-in under a path prefix (given with credentials, query and fragment, all dropped). */
async function start(extra: Record<string, string | undefined> = {}) {
  const base = new URL(`${origin}/prefix/?lang=en#top`);
  base.username = 'basic';
  base.password = 'auth';
  const session = await startStdio({ MARQUEE_API_BASE_URL: base.href, MARQUEE_API_TOKEN: TOKEN, MARQUEE_ALLOW_INSECURE_LOCAL_STORAGE: '1', ...extra });
  sessions.push(session);
  return session;
}

const png = () => sharp({ create: { width: 40, height: 60, channels: 3, background: '#224488' } }).png().toBuffer();

describe('writes whose outcome the API did not confirm (contract 4.12)', () => {
  test('when a create is accepted but its anonymous read-back answers 404, then the result says the write was accepted for that slug and must not be retried', async () => {
    const c = await start();
    const text = await c.fails('service_event_create', { title: 'Stub night', communitySlug: 'stub-crew', startAt: Date.parse('2026-12-05T19:00:00Z') });
    expect(text).toMatch(/^service_event_create was accepted for slug "stub-night", but/);
    expect(text.split('\n')[1]).toBe('Accepted: {"eventId":"evt_stub1","slug":"stub-night","eventPath":"/api/v0/events/stub-night"}');
    expect(text).toContain('the read-back did not complete (404: Not found. No public event with this slug)');
    expect(text).toContain('do not retry this mutation automatically; inspect the saved object first');
    // The base URL was normalised (prefix kept, /api/v0 appended, its credentials dropped); the write
    // carried the bearer, the read-back none.
    expect(seen).toEqual([
      { method: 'POST', path: '/prefix/api/v0/events', authorization: `Bearer ${TOKEN}` },
      { method: 'GET', path: '/prefix/api/v0/events/stub-night', authorization: undefined },
    ]);
  });

  test('when the read-back is cut off, then the write is still reported accepted, not indeterminate', async () => {
    const c = await start();
    const text = await c.fails('service_event_create', { title: 'Cut read-back', communitySlug: 'stub-crew', startAt: Date.parse('2026-12-05T19:00:00Z') });
    expect(text).toMatch(/^service_event_create was accepted for slug "cut-read-back", but the read-back did not complete \(fetch failed/);
    expect(text).not.toContain('indeterminate');
  });

  test('when a mutation answers 503 or its connection is cut, then the outcome is reported indeterminate, with the retry timing', async () => {
    const c = await start();
    const unavailable = await c.fails('service_event_update', { slug: 'five-oh-three', update: { title: 'New title' } });
    expect(unavailable.split('\n')[0]).toBe(
      'service_event_update outcome is indeterminate: the API answered 503: Service unavailable. Retry after 7 seconds. ' +
        'The server may already have accepted the change. Do not retry automatically: read the current state first ' +
        '(for an intake publish, read the draft and replay the same publish with the same expectedVersion and idempotencyKey).',
    );
    const cut = await c.fails('service_event_update', { slug: 'hang-up', update: { title: 'New title' } });
    expect(cut).toMatch(/^service_event_update outcome is indeterminate: the request did not complete \(fetch failed/);
    // No read-back was attempted for either.
    expect(seen.filter((r) => r.method === 'GET')).toEqual([]);
    // A POST that only reads (extraction) changes nothing: its 503 is a plain failure.
    expect(await c.fails('service_event_intake_extract', { draftId: 'd1', sourceText: 'Friday 9pm' })).toMatch(
      /^service_event_intake_extract request failed with 503: Service unavailable\.\nProblem: /,
    );
  });

  test('when a 4xx problem answers, then the text is "<tool> request failed with STATUS: TITLE." with detail and retry timing', async () => {
    const c = await start();
    const limited = (await c.fails('service_event_intake_draft_save', { patch: { title: 'x' } })).split('\n');
    expect(limited[0]).toBe('service_event_intake_draft_save request failed with 429: Too many requests. Rate limit exceeded. Retry after 12 seconds.');
    // The problem's machine-readable members follow on their own line, as on the hosted endpoint.
    expect(JSON.parse(limited[1]!.replace(/^Problem: /, ''))).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfterSeconds: 12 });
    expect((await c.fails('service_event_update', { slug: 'stale', update: { title: 'New title' } })).split('\n')[0]).toBe(
      'service_event_update request failed with 409: Stale version. Read the event again.',
    );
  });

  test('when a problem echoes the bearer, then the tool result shows it redacted, and neither the result nor standard error holds it', async () => {
    const c = await start();
    const result = await c.call('service_event_update', { slug: 'echo', update: { title: 'New title' } });
    const text = JSON.stringify(result);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(TOKEN.slice(8, 30));
    expect((result.content as { text: string }[])[0]!.text.split('\n')[0]).toBe(
      'service_event_update request failed with 401: Unauthorized. The credential "Bearer [redacted]" ("Bearer [redacted]") is unknown.',
    );
  });

  test('when a public read is called with a credential configured, then no bearer is sent', async () => {
    const c = await start();
    expect(await c.fails('service_get_event', { slug: 'anything' })).toMatch(/404/);
    expect(seen).toEqual([{ method: 'GET', path: '/prefix/api/v0/events/anything', authorization: undefined }]);
  });

  test('when path parameters hold reserved characters, then each is sent encoded as one segment', async () => {
    const c = await start();
    await c.fails('service_get_event', { slug: '../me/profiles?x=1' });
    expect(seen.map((r) => r.path)).toEqual(['/prefix/api/v0/events/..%2Fme%2Fprofiles%3Fx%3D1']);
  });
});

describe('poster bytes to storage (contract 4.2, 4.12)', () => {
  test('when storage is the configured origin, then the bytes go there as the transfer form (fields in order, then the file) without bearer or cookie, and the upload completes', async () => {
    const c = await start();
    const bytes = await png();
    expect(await c.ok('service_event_intake_poster_upload_bytes', { draftId: 'ok', contentType: 'image/png', content: bytes.toString('base64') })).toEqual({ posterAssetId: 'pst_ok' });
    expect(uploads).toHaveLength(1);
    const [upload] = uploads;
    expect(upload!.authorization).toBeUndefined();
    expect(upload!.cookie).toBeUndefined();
    expect(upload!.parts.map((p) => p.name)).toEqual(['key', 'policy', 'Content-Type', 'file']);
    expect(upload!.parts[3]).toMatchObject({ filename: 'poster.png', mimeType: 'image/png' });
    expect(upload!.parts[3]!.bytes!.equals(bytes)).toBe(true);
    // The bearer went to the API only, with the locally computed declaration.
    expect(seen.filter((r) => r.path.startsWith('/prefix/')).every((r) => r.authorization === `Bearer ${TOKEN}`)).toBe(true);
    expect(seen.find((r) => r.path.startsWith('/storage/'))!.authorization).toBeUndefined();
  });

  test('when the transfer points at another origin, carries credentials or storage redirects, then the upload is refused and nothing is completed', async () => {
    const c = await start();
    const content = (await png()).toString('base64');
    const elsewhere = await c.fails('service_event_intake_poster_upload_bytes', { draftId: 'elsewhere', contentType: 'image/png', content });
    expect(elsewhere).toBe(
      `service_event_intake_poster_upload_bytes refused the upload: the transfer URL's origin https://uploads.elsewhere.test is not the configured poster upload origin ${origin}, so it is refused. Nothing was sent to storage.`,
    );
    const withCredentials = await c.fails('service_event_intake_poster_upload_bytes', { draftId: 'with-credentials', contentType: 'image/png', content });
    expect(withCredentials).toMatch(/refused the upload: the transfer URL carries credentials/);
    expect(uploads).toEqual([]);

    const redirected = await c.fails('service_event_intake_poster_upload_bytes', { draftId: 'redirect', contentType: 'image/png', content });
    expect(redirected).toMatch(/refused the upload: storage answered a redirect \(307\), which is not followed\. Poster pst_redirect was not completed\./);
    // The redirect target was never posted to.
    expect(uploads).toEqual([]);
    expect(seen.filter((r) => r.path.endsWith('/complete'))).toEqual([]);

    const refusedByStorage = await c.fails('service_event_intake_poster_upload_bytes', { draftId: 'storage-error', contentType: 'image/png', content });
    expect(refusedByStorage).toMatch(/storage refused the upload with 403: AccessDenied: Policy expired\. Poster pst_storage-error was not completed\./);
    expect(seen.filter((r) => r.path.endsWith('/complete'))).toEqual([]);
  });

  test('when the configured upload origin is an HTTPS storage, then the loopback transfer is refused even under the development switch', async () => {
    const c = await start({ MARQUEE_EVENT_POSTER_UPLOAD_ORIGIN: 'https://uploads.example.test' });
    const text = await c.fails('service_event_intake_poster_upload_bytes', { draftId: 'ok', contentType: 'image/png', content: (await png()).toString('base64') });
    expect(text).toContain(`the transfer URL's origin ${origin} is not the configured poster upload origin https://uploads.example.test`);
    expect(uploads).toEqual([]);
  });
});
