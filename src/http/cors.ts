import cors from 'cors';
import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Config } from '../config.js';

/**
 * Contract 9.3: CORS with automatic preflight on all of /api/v0 — bearer authorization, JSON
 * writes, conditional and download requests, upload tokens — and readable rate-limit and
 * authentication headers. Credentials (cookies) are not part of the API, so `*` is safe.
 */
export function apiCors(config: Config): RequestHandler {
  const full = corsOf(config);
  if (config.corsAllowedOrigins !== '*') return full;
  // Any origin: every answer but a preflight gets the same two headers the cors package would
  // set, without its per-request option handling.
  return (req, res, next) => {
    if (req.method === 'OPTIONS') return full(req, res, next);
    setAnyOriginHeaders(res);
    next();
  };
}

const EXPOSED_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After', 'WWW-Authenticate', 'Location', 'ETag', 'Last-Modified', 'Content-Disposition', 'Content-Length', 'X-Request-Id'];
const EXPOSED_VALUE = EXPOSED_HEADERS.join(',');

/** The CORS headers of any answer but a preflight when any origin is allowed, as name/value pairs. */
export const ANY_ORIGIN_HEADERS: readonly (readonly [string, string])[] = [
  ['Access-Control-Allow-Origin', '*'],
  ['Access-Control-Expose-Headers', EXPOSED_VALUE],
];

/** The CORS headers of any answer but a preflight when any origin is allowed. */
export function setAnyOriginHeaders(res: ServerResponse): void {
  for (const [name, value] of ANY_ORIGIN_HEADERS) res.setHeader(name, value);
}

/** The cors package with the API's options (preflights; allow-listed origins). */
export function corsOf(config: Config): RequestHandler {
  return cors({
    origin: config.corsAllowedOrigins === '*' ? '*' : config.corsAllowedOrigins,
    methods: ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: [
      'Authorization',
      'Content-Type',
      'Accept',
      'Idempotency-Key',
      'If-Match',
      'If-None-Match',
      'If-Modified-Since',
      'If-Unmodified-Since',
      'Range',
      'x-service-upload-token',
      'mcp-method',
      'mcp-name',
      'mcp-session-id',
      'mcp-protocol-version',
    ],
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: 600,
    credentials: false,
    optionsSuccessStatus: 204,
  });
}
