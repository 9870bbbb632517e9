/**
 * The one error family services throw. It knows nothing of HTTP transports beyond the
 * problem fields (RFC 9457); the REST layer and MCP tools both map it.
 */
export interface FieldError {
  pointer?: string;
  parameter?: string;
  header?: string;
  message: string;
}

export interface AppErrorOptions {
  detail?: string;
  code?: string;
  retryAfterSeconds?: number;
  errors?: FieldError[];
  choices?: { eventId: string; title: string; eventPath: string }[];
  headers?: Record<string, string>;
  /** The per-account quota that refused (429 `QUOTA_EXCEEDED`): the problem's `quota` member and RateLimit headers. */
  quota?: QuotaState;
}

/**
 * A per-account quota (not a route-class window) at the moment it refused. Its RateLimit headers
 * describe it, so they agree with Retry-After on the same answer.
 */
export interface QuotaState {
  name: 'live_drafts' | 'posters_per_draft' | 'time_parse_credential_minute' | 'time_parse_account_minute' | 'time_parse_day' | 'time_parse_month' | 'time_parse_in_flight';
  limit: number;
  remaining: number;
  /** Epoch ms when room comes back. */
  resetAt: number;
}

export class AppError extends Error {
  readonly expose: boolean;
  constructor(
    readonly status: number,
    readonly type: string,
    readonly title: string,
    readonly options: AppErrorOptions = {},
  ) {
    super(options.detail ?? title);
    this.expose = status < 500;
  }
}

export const problems = {
  validation: (errors: FieldError[], detail = 'The request does not match the contract.') =>
    new AppError(400, '/problems/validation-failed', 'Invalid request', { detail, code: 'VALIDATION_FAILED', errors }),
  malformed: (detail: string) =>
    new AppError(400, '/problems/malformed-request', 'Malformed request', { detail, code: 'MALFORMED_REQUEST' }),
  bearerInQuery: (parameter: string) =>
    new AppError(400, '/problems/bearer-in-query', 'Bearer credential in URL', {
      detail: 'Send credentials in the Authorization header only; a token in the URL query is refused.',
      code: 'BEARER_IN_QUERY',
      errors: [{ parameter, message: 'credentials are not accepted in query parameters' }],
    }),
  unauthorized: (detail: string, wwwAuthenticate: string) =>
    new AppError(401, '/problems/unauthorized', 'Unauthorized', {
      detail,
      code: 'UNAUTHORIZED',
      headers: { 'WWW-Authenticate': wwwAuthenticate },
    }),
  insufficientScope: (scopes: string[], wwwAuthenticate: string) =>
    new AppError(403, '/problems/forbidden', 'Forbidden', {
      detail: `This credential lacks the required scope: ${scopes.join(' ')}.`,
      code: 'INSUFFICIENT_SCOPE',
      headers: { 'WWW-Authenticate': wwwAuthenticate },
    }),
  userAuthorityRequired: () =>
    new AppError(403, '/problems/forbidden', 'Forbidden', {
      detail: 'This route needs a credential acting for a user.',
      code: 'USER_AUTHORITY_REQUIRED',
    }),
  forbidden: (detail: string) => new AppError(403, '/problems/forbidden', 'Forbidden', { detail, code: 'FORBIDDEN' }),
  notFound: (detail = 'No such resource.') => new AppError(404, '/problems/not-found', 'Not found', { detail, code: 'NOT_FOUND' }),
  methodNotAllowed: (allow: string[]) =>
    new AppError(405, '/problems/method-not-allowed', 'Method not allowed', {
      detail: `Allowed methods: ${allow.join(', ')}.`,
      code: 'METHOD_NOT_ALLOWED',
      headers: { Allow: allow.join(', ') },
    }),
  staleVersion: (detail: string) =>
    new AppError(409, '/problems/stale-version', 'Stale version', { detail, code: 'STALE_VERSION' }),
  idempotencyConflict: (detail: string) =>
    new AppError(409, '/problems/idempotency-conflict', 'Idempotency key reused', { detail, code: 'IDEMPOTENCY_CONFLICT' }),
  staffTakeover: () =>
    new AppError(409, '/problems/staff-takeover', 'Staff has taken over this event', {
      detail: 'Staff manage this event now; its contributor can no longer correct or retract it.',
      code: 'STAFF_TAKEOVER',
    }),
  nearDuplicate: (choices: { eventId: string; title: string; eventPath: string }[]) =>
    new AppError(409, '/problems/near-duplicate', 'Possible duplicate event', {
      detail: 'Events of the same community on the same day have a similar title. If this event is different, add their ids to duplicateAcknowledgements and try again.',
      code: 'NEAR_DUPLICATE',
      choices: choices.slice(0, 20),
    }),
  quotaExceeded: (detail: string, retryAfterSeconds: number, quota?: QuotaState) =>
    new AppError(429, '/problems/quota-exceeded', 'Quota exceeded', {
      detail,
      code: 'QUOTA_EXCEEDED',
      retryAfterSeconds,
      headers: { 'Retry-After': String(retryAfterSeconds) },
      quota,
    }),
  responseUnavailable: (detail = 'The outcome of this request is unknown. Read the draft before retrying, and keep the publication key and version.', retryAfterSeconds = 1) =>
    new AppError(503, '/problems/response-unavailable', 'Response unavailable', {
      detail,
      code: 'RESPONSE_UNAVAILABLE',
      retryAfterSeconds,
      headers: { 'Retry-After': String(retryAfterSeconds) },
    }),
  searchUnavailable: (retryAfterSeconds = 5) =>
    new AppError(503, '/problems/search-unavailable', 'Search unavailable', {
      code: 'SEARCH_UNAVAILABLE',
      retryAfterSeconds,
      headers: { 'Retry-After': String(retryAfterSeconds) },
    }),
  payloadTooLarge: (limit: number) =>
    new AppError(413, '/problems/payload-too-large', 'Payload too large', {
      detail: `Request bodies are limited to ${limit} bytes.`,
      code: 'PAYLOAD_TOO_LARGE',
    }),
  unsupportedMediaType: (accepted: string[]) =>
    new AppError(415, '/problems/unsupported-media-type', 'Unsupported media type', {
      detail: `Send the body as ${accepted.join(' or ')}.`,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    }),
  rateLimited: (retryAfterSeconds: number, headers: Record<string, string>) =>
    new AppError(429, '/problems/rate-limited', 'Too many requests', {
      detail: `Rate limit exceeded; retry after ${retryAfterSeconds} seconds.`,
      code: 'RATE_LIMITED',
      retryAfterSeconds,
      headers,
    }),
  notImplemented: (operationId: string) =>
    new AppError(501, '/problems/not-implemented', 'Not implemented', {
      detail: `Operation ${operationId} is part of the contract but not implemented by this server yet.`,
      code: 'NOT_IMPLEMENTED',
    }),
  /** A store the service depends on (the database, the rate-limit counters) cannot be reached right now. */
  serviceUnavailable: (detail: string, retryAfterSeconds = 5) =>
    new AppError(503, '/problems/service-unavailable', 'Service unavailable', { detail, code: 'SERVICE_UNAVAILABLE', retryAfterSeconds }),
  internal: () => new AppError(500, '/problems/internal', 'Internal server error', { code: 'INTERNAL' }),
};
