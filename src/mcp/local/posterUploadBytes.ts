/**
 * `service_event_intake_poster_upload_bytes` (contract 4.12, local only): a poster given as
 * explicit base64 bytes goes through begin → storage → complete in one call. The bytes come
 * only from the input (never a path or URL); their signature and size are checked here first;
 * they go only to the configured storage origin, without the API bearer, and a redirect from
 * storage is refused rather than followed.
 */
import crypto from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { operations } from '../../generated/contract.js';
import { componentSchema, objectSchema, parameterSchema, responseSchema } from '../schemas.js';
import type { JsonSchema, ToolBase } from '../tool.js';
import { ApiRequestFailed, CredentialUnavailable, describeFetchError, type ApiAnswer } from './api.js';
import { isAcceptableStorageScheme } from './config.js';
import { fillPath, type LocalContext } from './execute.js';
import { failure, problemLine, problemWords, success, type ProblemLike } from './results.js';

/** Contract 2.2 / 8.1. */
export const POSTER_MAX_BYTES = 12_582_912;
export const STORAGE_TIMEOUT_MS = 120_000;

export type PosterContentType = 'image/png' | 'image/jpeg' | 'image/webp';

export interface PosterUploadBytesInput {
  draftId: string;
  contentType: PosterContentType;
  content: string;
}

/** A tool the local server runs itself (not an operation of the contract). */
export interface LocalOnlyTool<I = Record<string, unknown>> extends ToolBase<I> {
  kind: 'local';
  run: (input: I, ctx: LocalContext) => Promise<CallToolResult>;
}

const NAME = 'service_event_intake_poster_upload_bytes';

/** Which poster type the bytes' signature names, if any. */
export function sniffPosterType(bytes: Buffer): PosterContentType | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

/** Strict base64 (standard or URL-safe alphabet, padding optional, line breaks ignored) to bytes; undefined when not base64. */
export function decodeBase64(content: string): Buffer | undefined {
  const compact = content.replace(/[\r\n\t ]+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(compact) || compact.length % 4 === 1) return undefined;
  if (/[+/]/.test(compact) && /[-_]/.test(compact)) return undefined; // two alphabets mixed
  return Buffer.from(compact, /[-_]/.test(compact) ? 'base64url' : 'base64');
}

const contentTypeSchema = (componentSchema('PosterDeclaration').properties as Record<string, JsonSchema>).contentType!;

export const posterUploadBytesTool: LocalOnlyTool<PosterUploadBytesInput> = {
  kind: 'local',
  name: NAME,
  title: 'Upload poster bytes to an intake draft',
  description:
    'Uploads a poster image for one of your event-intake drafts from base64 bytes you pass in `content` ' +
    '(PNG, JPEG or WebP, at most 12582912 bytes). It never reads a file path or fetches a URL. The signature and ' +
    'size are checked locally; the tool declares the type, length and SHA-256 (poster-upload/begin), sends the ' +
    'bytes to the storage target without any API credential, and completes the upload. The poster stays private ' +
    'to the draft: use it for extraction (`posterAssetId`) or select it as artwork with ' +
    'service_event_intake_artwork_select. Returns the `posterAssetId`.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  authority: { scopes: ['events:contribute'], userAuthority: true },
  surface: 'local',
  inputSchema: objectSchema(
    {
      draftId: parameterSchema('beginEventIntakePosterUpload', 'draftId'),
      contentType: contentTypeSchema,
      content: {
        type: 'string',
        minLength: 1,
        contentEncoding: 'base64',
        description:
          'The image bytes, base64-encoded (standard or URL-safe alphabet; line breaks ignored; no `data:` prefix). ' +
          'At most 12582912 bytes once decoded.',
      },
    },
    ['draftId', 'contentType', 'content'],
  ),
  outputSchema: responseSchema('completeEventIntakePosterUpload'),
  run: uploadPosterBytes,
};

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

async function callApi(ctx: LocalContext, operationId: 'beginEventIntakePosterUpload' | 'completeEventIntakePosterUpload', draftId: string, body: unknown): Promise<ApiAnswer> {
  const meta = operations[operationId];
  return ctx.api.send({ method: meta.method, path: fillPath(meta.path, { draftId }), body, authenticated: true });
}

/** Why the transfer target may not receive the bytes, or undefined when it may. */
function transferRefusal(transfer: unknown, ctx: LocalContext): string | undefined {
  if (!isObject(transfer) || typeof transfer.url !== 'string' || !isObject(transfer.fields) || typeof transfer.fileField !== 'string') {
    return 'the API answered no usable transfer target';
  }
  if (transfer.method !== 'POST') return 'the transfer target asks for a method other than POST';
  if (Object.values(transfer.fields).some((v) => typeof v !== 'string')) return 'the transfer fields are not all strings';
  let url: URL;
  try {
    url = new URL(transfer.url);
  } catch {
    return 'the transfer URL is not an absolute URL';
  }
  if (url.username || url.password) return 'the transfer URL carries credentials, which are refused';
  const allowed = ctx.config.posterUploadOrigin;
  if (!allowed) {
    return (
      `no poster upload origin is configured, so storage at ${url.origin} is refused ` +
      '(set MARQUEE_EVENT_POSTER_UPLOAD_ORIGIN to the HTTPS storage origin; for the embedded storage of a local ' +
      'development server on http://localhost, set MARQUEE_ALLOW_INSECURE_LOCAL_STORAGE=1)'
    );
  }
  if (url.origin !== allowed) {
    return `the transfer URL's origin ${url.origin} is not the configured poster upload origin ${allowed}, so it is refused`;
  }
  if (!isAcceptableStorageScheme(url, ctx.config.allowInsecureLocalStorage)) {
    return `the transfer URL is not HTTPS (${url.origin}), so it is refused`;
  }
  return undefined;
}

/** A storage error in a few words: a problem's words, or the start of whatever the storage answered (S3 answers XML). */
async function storageWords(res: Response): Promise<string> {
  let text = '';
  try {
    text = await res.text();
  } catch {
    return `${res.status}`;
  }
  try {
    const parsed = JSON.parse(text) as unknown;
    if (isObject(parsed)) return problemWords(res.status, parsed as ProblemLike).replace(/\.$/, '');
  } catch {
    // not JSON
  }
  const s3 = /<Code>([^<]{1,100})<\/Code>[\s\S]*?<Message>([^<]{1,300})<\/Message>/.exec(text);
  if (s3) return `${res.status}: ${s3[1]}: ${s3[2]}`;
  const snippet = text.replace(/\s+/g, ' ').trim().slice(0, 200);
  return snippet ? `${res.status}: ${snippet}` : `${res.status}`;
}

async function uploadPosterBytes(input: PosterUploadBytesInput, ctx: LocalContext): Promise<CallToolResult> {
  const { draftId, contentType } = input;
  const bytes = decodeBase64(input.content);
  if (!bytes) {
    return failure(`${NAME} input is invalid: /content is not base64 (send the image bytes base64-encoded, without a data: prefix).`);
  }
  if (bytes.length === 0) return failure(`${NAME} input is invalid: /content decodes to no bytes.`);
  if (bytes.length > POSTER_MAX_BYTES) {
    return failure(`${NAME} input is invalid: /content decodes to ${bytes.length} bytes; a poster is at most ${POSTER_MAX_BYTES} bytes (12 MiB).`);
  }
  const sniffed = sniffPosterType(bytes);
  if (!sniffed) {
    return failure(`${NAME} input is invalid: /content is not a PNG, JPEG or WebP image (its first bytes match none of their signatures).`);
  }
  if (sniffed !== contentType) {
    return failure(`${NAME} input is invalid: /content is ${sniffed} by its signature, but contentType says ${contentType}.`);
  }
  const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');

  // 1. Begin: declare type, length and digest.
  let begun: ApiAnswer;
  try {
    begun = await callApi(ctx, 'beginEventIntakePosterUpload', draftId, { contentType, byteLength: bytes.length, sha256 });
  } catch (err) {
    if (err instanceof CredentialUnavailable) return failure(`${NAME} was not sent: ${err.message}.`);
    const what = err instanceof ApiRequestFailed ? err.message : 'the request failed';
    return failure(`${NAME} request failed: poster-upload/begin did not answer (${what}). Nothing was uploaded; calling this tool again is safe.`);
  }
  if (begun.status !== 200 || !isObject(begun.body)) {
    const problem = isObject(begun.body) ? (begun.body as ProblemLike) : undefined;
    return failure(`${NAME} request failed with ${problemWords(begun.status, problem, begun.headers)} Step: poster-upload/begin; nothing was uploaded.${problemLine(problem)}`);
  }
  const posterAssetId = begun.body.posterAssetId;
  if (typeof posterAssetId !== 'string') return failure(`${NAME} request failed: poster-upload/begin answered no posterAssetId.`);

  // 2. Transfer: only to the configured storage origin, with no bearer, no redirect followed.
  const refusal = transferRefusal(begun.body.transfer, ctx);
  if (refusal) return failure(`${NAME} refused the upload: ${refusal}. Nothing was sent to storage.`);
  const transfer = begun.body.transfer as { url: string; fields: Record<string, string>; fileField: string };
  const form = new FormData();
  for (const [name, value] of Object.entries(transfer.fields)) form.append(name, value);
  const extension = contentType === 'image/jpeg' ? 'jpg' : contentType.slice('image/'.length);
  form.append(transfer.fileField, new Blob([new Uint8Array(bytes)], { type: contentType }), `poster.${extension}`);
  let stored: Response;
  try {
    stored = await fetch(transfer.url, {
      method: 'POST',
      body: form,
      headers: { 'user-agent': ctx.api.userAgent },
      redirect: 'manual',
      signal: AbortSignal.timeout(STORAGE_TIMEOUT_MS),
    });
  } catch (err) {
    return failure(
      `${NAME} request failed: the upload to storage did not complete (${describeFetchError(err)}). ` +
        `Poster ${posterAssetId} was not completed; calling this tool again starts a new upload.`,
    );
  }
  if (stored.type === 'opaqueredirect' || (stored.status >= 300 && stored.status < 400)) {
    await stored.body?.cancel();
    return failure(
      `${NAME} refused the upload: storage answered a redirect (${stored.status}), which is not followed. ` +
        `Poster ${posterAssetId} was not completed.`,
    );
  }
  if (stored.status < 200 || stored.status >= 300) {
    return failure(`${NAME} request failed: storage refused the upload with ${await storageWords(stored)}. Poster ${posterAssetId} was not completed.`);
  }
  await stored.body?.cancel();

  // 3. Complete: the server decodes the image and checks type, length and digest.
  let completed: ApiAnswer;
  try {
    completed = await callApi(ctx, 'completeEventIntakePosterUpload', draftId, { posterAssetId });
  } catch (err) {
    const what = err instanceof ApiRequestFailed ? err.message : 'the request failed';
    return failure(
      `${NAME}: the bytes were stored, but poster-upload/complete did not answer (${what}). ` +
        `Completing again is safe: call service_event_intake_poster_upload_complete with posterAssetId ${posterAssetId}.`,
    );
  }
  if (completed.status !== 200 || !isObject(completed.body)) {
    const problem = isObject(completed.body) ? (completed.body as ProblemLike) : undefined;
    const after = completed.status >= 500 ? ` Completing again is safe: call service_event_intake_poster_upload_complete with posterAssetId ${posterAssetId}.` : '';
    return failure(`${NAME} request failed with ${problemWords(completed.status, problem, completed.headers)} Step: poster-upload/complete.${after}${problemLine(problem)}`);
  }
  const output = completed.body;
  return ctx.outputs.checked(posterUploadBytesTool, output, () => success(output, ctx.config.outputMode));
}
