import http from 'node:http';
import type { Socket } from 'node:net';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { AppError, problems } from '../services/errors.js';
import { unstorableText } from '../services/sanitize.js';
import { PROBLEM_JSON, sendProblem, toProblem } from './problem.js';

/**
 * Malformed requests, refused before anything reads them: every answer is a problem (RFC 9457),
 * never a 500 and never a stack. Registered once in src/app.ts (request guards, the form body of
 * the web pages, transport errors) and src/server.ts (`serve`: errors Node's HTTP parser raises
 * before express sees a request).
 */

/** The OAuth issuer answers in OAuth's own error format (RFC 6749 §5.2), not problem+json. */
const oauthPath = (path: string) => path.startsWith('/oauth/');

function refuse(req: Request, res: Response, err: AppError): void {
  if (oauthPath(req.path)) {
    res.setHeader('Cache-Control', 'no-store');
    res.status(err.status).json({ error: 'invalid_request', error_description: err.options.detail ?? err.title });
    return;
  }
  sendProblem(res, err);
}

/** True when every %-escape of the path decodes (RFC 3986 §2.1, UTF-8); routers decode path parameters. */
function decodablePath(url: string): boolean {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** A path that is not valid percent-encoding (`/api/v0/event-intake/%FF%FE`) answers 400, on every route. */
export const refuseMalformedPath: RequestHandler = (req, res, next) => {
  if (decodablePath(req.originalUrl)) return next();
  refuse(req, res, problems.malformed('The request path is not valid percent-encoded UTF-8.'));
};

/** One `<scheme> <token68>` credential (RFC 9110 §11.4, RFC 6750 §2.1). */
const CREDENTIAL = /^\s*[A-Za-z][A-Za-z0-9!#$%&'*+.^_`|~-]*\s+[A-Za-z0-9\-._~+/]+=*\s*$/;

/**
 * More than one credential: two `Authorization` field lines (Node keeps only the first, so the
 * first would win), or one value holding several comma-joined credentials (how an intermediary
 * combines repeated lines, RFC 9110 §5.3). Authorization is not a list field: refused with 400,
 * as RFC 6750 §3.1 `invalid_request` ("uses more than one method", "repeats the same parameter").
 */
export function presentsSeveralCredentials(rawHeaders: readonly string[]): boolean {
  const values: string[] = [];
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i].toLowerCase() === 'authorization') values.push(rawHeaders[i + 1] ?? '');
  if (values.length > 1) return true;
  if (values.length === 0) return false;
  return values[0].split(',').filter((part) => CREDENTIAL.test(part)).length > 1;
}

export const refuseSeveralCredentials: RequestHandler = (req, res, next) => {
  if (!presentsSeveralCredentials(req.rawHeaders)) return next();
  refuse(req, res, problems.malformed('Send exactly one Authorization header with one credential.'));
};

export const hasBadEscape = (body: string) => body.split('&').some((pair) => {
  try {
    decodeURIComponent(pair.replace(/\+/g, ' '));
    return false;
  } catch {
    return true;
  }
});

/**
 * The body of a web form route that reads its fields (`/login`, `/developer/tokens`,
 * `/developer/oauth-apps`): `application/x-www-form-urlencoded` within `limit`, every field
 * decodable and free of NUL. No body, another media type (JSON), an undecodable form or a NUL answers 400; an
 * oversized one 413 (through the app's error handler).
 */
export function readForm(limit: string): RequestHandler {
  const parse = express.urlencoded({
    extended: false,
    limit,
    verify: (_req, _res, buf) => {
      // body-parser wraps this as `entity.verify.failed` (with the raw body attached: never logged);
      // transportProblem answers it as 400.
      if (hasBadEscape(buf.toString('latin1'))) throw new Error('undecodable form body');
    },
  });
  const required: RequestHandler = (req, res, next) => {
    if (!req.is('application/x-www-form-urlencoded') || typeof req.body !== 'object' || req.body === null) {
      return sendProblem(res, problems.malformed('This page accepts an application/x-www-form-urlencoded form body only.'));
    }
    // A field holding NUL (%00) names no account or token and must not reach the database.
    const errors = Object.entries(req.body as Record<string, unknown>).flatMap(([name, value]) => {
      const message = ([] as unknown[]).concat(value).map((v) => (typeof v === 'string' ? unstorableText(v) : undefined)).find(Boolean);
      return message ? [{ pointer: `/${name}`, message }] : [];
    });
    if (errors.length) return sendProblem(res, problems.validation(errors, 'The form holds text no field accepts.'));
    next();
  };
  return (req, res, next) => parse(req, res, (err?: unknown) => (err ? next(err) : required(req, res, next)));
}

/**
 * The problem for an error raised by express or a body parser (http-errors with a 4xx `status`,
 * such as a path parameter the router cannot decode or too many form fields); undefined for
 * anything else, which stays a 500.
 */
export function transportProblem(err: unknown, jsonLimit: number): AppError | undefined {
  if (err instanceof AppError) return err;
  if ((err as { type?: unknown } | null)?.type === 'entity.verify.failed') {
    // A form `verify` refusal (readForm).
    return problems.malformed('The form body is not valid percent-encoded UTF-8.');
  }
  const e = err as { status?: unknown; statusCode?: unknown; type?: unknown; limit?: unknown } | null;
  const status = typeof e?.status === 'number' ? e.status : typeof e?.statusCode === 'number' ? e.statusCode : undefined;
  // 415 (a charset the parsers do not read) keeps the app's own unsupported-media-type answer.
  if (status === undefined || status < 400 || status >= 500 || status === 415) return undefined;
  if (e?.type === 'parameters.too.many') return problems.malformed('The form has too many fields.');
  if (status === 413) return problems.payloadTooLarge(typeof e?.limit === 'number' ? e.limit : jsonLimit);
  if (err instanceof URIError) return problems.malformed('The request path is not valid percent-encoded UTF-8.');
  return problems.malformed('The request could not be read.');
}

/** Answers the errors express and the body parsers raise (see transportProblem); others pass on. */
export function transportErrors(jsonLimit: number) {
  return (err: unknown, req: Request, res: Response, next: NextFunction) => {
    const problem = transportProblem(err, jsonLimit);
    if (!problem || problem === err || res.headersSent) return next(err);
    refuse(req, res, problem);
  };
}

const headersTooLarge = () =>
  new AppError(431, '/problems/request-header-fields-too-large', 'Request header fields too large', {
    detail: 'The request headers exceed the server limit.',
    code: 'HEADERS_TOO_LARGE',
  });
const requestTimeout = () =>
  new AppError(408, '/problems/request-timeout', 'Request timeout', { detail: 'The request was not received in time.', code: 'REQUEST_TIMEOUT' });

/** The problem Node's HTTP parser errors answer with (before express sees a request). */
export function clientErrorProblem(err: NodeJS.ErrnoException): AppError {
  if (err.code === 'HPE_HEADER_OVERFLOW') return headersTooLarge();
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return requestTimeout();
  return problems.malformed('The request is not a well-formed HTTP/1.1 message.');
}

/**
 * The server's `clientError` handler: a minimal HTTP/1.1 problem response written to the socket,
 * then the connection closed. Nothing of the request is echoed.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const p = toProblem(clientErrorProblem(err));
  const body = JSON.stringify(p.body);
  const reason = http.STATUS_CODES[p.status] ?? 'Bad Request';
  socket.end(
    `HTTP/1.1 ${p.status} ${reason}\r\nContent-Type: ${PROBLEM_JSON}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Creates the HTTP server for `app`, answering parser errors as problems, and listens. */
export function serve(app: http.RequestListener, port: number, host: string, onListening?: () => void): http.Server {
  const server = http.createServer(app);
  server.on('clientError', answerClientError);
  return server.listen(port, host, onListening);
}
