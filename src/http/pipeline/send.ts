import { pipeline, type Readable } from 'node:stream';
import type { Response } from 'express';
import type { Context } from 'openapi-backend';
import type { ResponseValidator } from '../../contract/responseValidator.js';
import { AppError } from '../../services/errors.js';
import { rateLimitHeaders } from '../../services/ratelimit/rateLimits.js';
import { sendProblem, toProblem } from '../problem.js';
import { withHttpCaching } from '../publicCaching.js';
import { noteRoute } from '../observability/routeInfo.js';
import { requestIdOf } from '../observability/requestId.js';
import { errorFields, logEvent } from '../../lib/eventLog.js';
import { isRouted, type RequestContext } from './context.js';
import { sendEncoded } from '../encoding.js';

/** What every stage that answers returns: a handler's result, or a problem. */
export interface Answer {
  status: number;
  body?: unknown;
  /** Already serialized: sent verbatim (files, pre-rendered documents). */
  raw?: string | Buffer;
  /** Produced while sent (archives): piped to the response; only status and media type are checked. */
  stream?: Readable;
  headers?: Record<string, string>;
  contentType?: string;
}

/** Any refusal or failure as the RFC 9457 problem it answers with. */
/** The problem answering `err`; with the response at hand, an unexpected error is logged with its request id. */
export const problemAnswer = (err: unknown, res?: Response): Answer => toProblem(err, undefined, res && requestIdOf(res));

/**
 * The last stage (openapi-backend's `postResponseHandler`, and the dispatcher's catch for
 * refusals thrown by earlier stages): checks the answer against the contract when enabled,
 * then writes it, with the rate-limit headers of the call's window under the answer's own.
 * Answers outside any operation (404, 405) are not checked.
 */
export function createSend(responses: ResponseValidator | undefined) {
  return function send(ctx: RequestContext, given: Answer): void {
    const { res } = ctx;
    const answer = withHttpCaching(ctx, given);
    const op = isRouted(ctx) ? { method: ctx.meta.method, path: ctx.meta.path } : undefined;
    const type = answer.contentType ?? 'application/json';
    // A streamed body cannot be checked before it is sent; its status and (non-JSON) media type are.
    if (responses && op && !(answer.stream && type.includes('json'))) {
      const body = answer.stream ? undefined : answer.raw !== undefined && type.includes('json') ? JSON.parse(answer.raw.toString()) : answer.raw !== undefined ? answer.raw.toString() : answer.body;
      const check = responses.check({ ...op, status: answer.status, contentType: type, body: answer.status === 304 ? undefined : body });
      if (!check.ok) {
        logEvent('error', 'response_breaks_contract', { requestId: requestIdOf(res), method: op.method, route: op.path, status: answer.status, errors: check.errors.slice(0, 10) });
        answer.stream?.destroy();
        return sendProblem(res, new AppError(500, '/problems/internal', 'Response breaks the contract', { code: 'CONTRACT_VIOLATION' }));
      }
    }
    // The log and metrics name the class the call counted against (anonymous callers of a public
    // read count as anonymous_public_read), and a 429 the class whose window or quota refused it.
    if (ctx.window) noteRoute(res, answer.status === 429 ? { routeClass: ctx.window.routeClass, refusedBy: ctx.window.routeClass } : { routeClass: ctx.window.routeClass });
    // The window's headers first: the answer's own (a quota that refused) replace them.
    if (ctx.window) for (const [k, v] of Object.entries(rateLimitHeaders(ctx.window))) res.setHeader(k, v);
    writeAnswer(res, answer, type);
  };
}

function writeAnswer(res: Response, answer: Answer, type: string): void {
  if (answer.headers) for (const k in answer.headers) res.setHeader(k, answer.headers[k]);
  res.statusCode = answer.status;
  if (answer.status === 204 || answer.status === 304 || (answer.stream && res.req.method === 'HEAD')) {
    answer.stream?.destroy();
    // A 304 names the coding this request would get (src/http/encoding.ts).
    return answer.status === 304 ? sendEncoded(res.req, res, undefined) : void res.end();
  }
  // Streamed bodies are compressed on the way by the app's compression middleware when textual.
  if (answer.stream) return void pipeStream(res, answer.stream, type);
  if (type.includes('json') && (answer.raw !== undefined || answer.body !== undefined)) return void writeJson(res, type, answer.raw ?? JSON.stringify(answer.body));
  const bytes = answer.raw ?? (answer.body as string | Buffer | undefined);
  if (bytes === undefined) return void res.end();
  res.type(type);
  // As express's `send` does: a text body is declared UTF-8.
  if (typeof bytes === 'string') res.setHeader('Content-Type', withCharset(res.getHeader('Content-Type') as string));
  sendEncoded(res.req, res, bytes);
}

const withCharset = (type: string) => (/charset=/i.test(type) ? type : `${type}; charset=utf-8`);

/**
 * JSON goes out directly: conditional requests are answered before this (304 above), so
 * express's own weak ETag (a hash of every body) and freshness check have nothing to add; it
 * is compressed as the request prefers (kept variants for tagged answers, src/http/encoding.ts).
 * HEAD answers carry no body (node drops it).
 */
function writeJson(res: Response, type: string, bytes: string | Buffer): void {
  res.setHeader('Content-Type', jsonContentType(type));
  sendEncoded(res.req, res, bytes);
}

/** The few JSON media types answers use, each with its charset (as express's `res.type` would add it), worked out once. */
const jsonContentTypes = new Map<string, string>();
export function jsonContentType(type: string): string {
  let value = jsonContentTypes.get(type);
  if (value === undefined) {
    value = /charset=/i.test(type) ? type : `${type}; charset=utf-8`;
    if (jsonContentTypes.size < 32) jsonContentTypes.set(type, value);
  }
  return value;
}

/**
 * Pipes a streamed body. The status line and headers are already decided, so a failure
 * mid-stream cannot become a problem: the response is destroyed (the client sees a broken
 * connection, never a truncated body passed off as complete) and the error is logged.
 * A client that goes away destroys the source in turn.
 */
function pipeStream(res: Response, stream: Readable, type: string): void {
  res.type(type);
  pipeline(stream, res, (err) => {
    if (err && (err as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') logEvent('error', 'streamed_response_failed', { requestId: requestIdOf(res), ...errorFields(err) });
  });
}

/** openapi-backend's `postResponseHandler`: whatever answered (handler or named error handler), send it. */
export const postResponseHandler = (send: ReturnType<typeof createSend>) => (c: Context, ctx: RequestContext) => send(ctx, c.response as Answer);
