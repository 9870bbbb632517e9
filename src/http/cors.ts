import cors from 'cors';
import type { Config } from '../config.js';

/**
 * Contract 9.3: CORS with automatic preflight on all of /api/v0 — bearer authorization, JSON
 * writes, conditional and download requests, upload tokens — and readable rate-limit and
 * authentication headers. Credentials (cookies) are not part of the API, so `*` is safe.
 */
export function apiCors(config: Config) {
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
    exposedHeaders: [
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
      'Retry-After',
      'WWW-Authenticate',
      'Location',
      'ETag',
      'Last-Modified',
      'Content-Disposition',
      'Content-Length',
    ],
    maxAge: 600,
    credentials: false,
    optionsSuccessStatus: 204,
  });
}
