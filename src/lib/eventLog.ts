/**
 * Operational events (an unexpected error, an outage, a mail that could not be sent), as JSON
 * lines on the service log beside the request lines: an event name, the request id where there
 * is one, and only the fields the caller names; never a request, header or body.
 *
 * The app sends them to its logger (`useEventLog`, called by buildApp); until then, and in a
 * process without an app (the operator CLI), each is one JSON line on standard error.
 */
export interface EventSink {
  error(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

export type EventLevel = 'error' | 'warn' | 'info';

const standardError: EventSink = Object.fromEntries(
  (['error', 'warn', 'info'] as const).map((level) => [level, (fields: object) => process.stderr.write(`${JSON.stringify({ level, time: new Date().toISOString(), service: 'marquee', ...fields })}\n`)]),
) as unknown as EventSink;

let sink: EventSink = standardError;

/** Where events go from now on (the app's JSON logger); returns where they went until now. */
export function useEventLog(to: EventSink): EventSink {
  const before = sink;
  sink = to;
  return before;
}

export function logEvent(level: EventLevel, event: string, fields: Record<string, unknown> = {}): void {
  sink[level]({ event, ...fields }, event);
}

/**
 * Text shaped like a credential, masked wherever an error message carries it: personal tokens
 * (`service_` and 43 characters), client secrets (`mqcs_` and 43) and JWTs. Names that merely
 * begin alike (`service_list_upcoming_events`) are kept.
 */
const CREDENTIAL_SHAPED = /(?<![A-Za-z0-9_-])(?:service|mqcs)_[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])|\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;

/** An error as the log shows it: its name, code, message (credential-shaped text masked, at most 500 characters) and stack frames. */
export function errorFields(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { errorType: typeof err };
  const mask = (text: string) => text.replace(CREDENTIAL_SHAPED, '[masked]');
  const frames = (err.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 12)
    .map((line) => line.trim());
  const code = (err as { code?: unknown }).code;
  return { errorName: err.name, ...(typeof code === 'string' || typeof code === 'number' ? { errorCode: code } : {}), errorMessage: mask(err.message).slice(0, 500), stack: frames };
}
