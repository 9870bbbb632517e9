/**
 * Tool results of the local server: a success carries `structuredContent` and the same JSON as
 * text (compact, or pretty in `detail` mode); a failure is an `isError` result whose one text
 * item says what happened in the words of the problem (status, title, detail, retry timing) and
 * what the agent should do next. Failures carry no `structuredContent`: MCP clients check it
 * against the tool's output schema, which describes the success.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { OutputMode } from './config.js';

export interface ProblemLike {
  title?: string;
  detail?: string;
  code?: string;
  retryAfterSeconds?: number;
  errors?: { pointer?: string; parameter?: string; header?: string; message?: string }[];
  choices?: { eventId?: string; title?: string; eventPath?: string }[];
}

export function success(output: Record<string, unknown>, mode: OutputMode): CallToolResult {
  return {
    structuredContent: output,
    content: [{ type: 'text', text: mode === 'detail' ? JSON.stringify(output, null, 2) : JSON.stringify(output) }],
  };
}

export function failure(text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }] };
}

const sentence = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);

/** Retry timing: the problem's `retryAfterSeconds`, else the `Retry-After` header in seconds. */
export function retryAfterOf(problem: ProblemLike | undefined, headers?: Headers): number | undefined {
  if (typeof problem?.retryAfterSeconds === 'number' && problem.retryAfterSeconds > 0) return problem.retryAfterSeconds;
  const header = headers?.get('retry-after');
  if (header && /^\d+$/.test(header.trim())) return Math.max(1, Number(header.trim()));
  return undefined;
}

/** The problem in words: "STATUS: TITLE." + detail + "Retry after N seconds.". */
export function problemWords(status: number, problem: ProblemLike | undefined, headers?: Headers): string {
  const parts = [`${status}: ${sentence(problem?.title || statusTitle(status))}`];
  if (problem?.detail) parts.push(sentence(problem.detail));
  const retry = retryAfterOf(problem, headers);
  if (retry !== undefined) parts.push(`Retry after ${retry} seconds.`);
  return parts.join(' ');
}

/**
 * The problem's machine-readable members (code, field errors, near-duplicate choices) on a line
 * of their own after the words, as the hosted endpoint gives them; nothing when there is none.
 */
export function problemLine(problem: ProblemLike | undefined): string {
  return problem ? `\nProblem: ${JSON.stringify(problem)}` : '';
}

/** "<tool> request failed with STATUS: TITLE. DETAIL Retry after N seconds." and the problem line. */
export function requestFailed(tool: string, status: number, problem: ProblemLike | undefined, headers?: Headers): string {
  return `${tool} request failed with ${problemWords(status, problem, headers)}${problemLine(problem)}`;
}

/** A mutation whose outcome is unknown: thrown, timed out, or answered 5xx. */
export function indeterminate(tool: string, what: string): string {
  return (
    `${tool} outcome is indeterminate: ${sentence(what)} The server may already have accepted the change. ` +
    'Do not retry automatically: read the current state first (for an intake publish, read the draft and replay ' +
    'the same publish with the same expectedVersion and idempotencyKey).'
  );
}

/** A write accepted whose anonymous read-back did not complete. */
export function readBackFailed(tool: string, subject: string, what: string, accepted: Record<string, unknown>): string {
  return (
    `${tool} was accepted for ${subject}, but the read-back did not complete (${what}). ` +
    'The write succeeded: do not retry this mutation automatically; inspect the saved object first.\n' +
    `Accepted: ${JSON.stringify(accepted)}`
  );
}

function statusTitle(status: number): string {
  const titles: Record<number, string> = {
    400: 'Bad request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not found',
    409: 'Conflict',
    413: 'Payload too large',
    415: 'Unsupported media type',
    429: 'Too many requests',
    500: 'Internal server error',
    502: 'Bad gateway',
    503: 'Service unavailable',
    504: 'Gateway timeout',
  };
  return titles[status] ?? `HTTP ${status}`;
}
