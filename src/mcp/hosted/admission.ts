/**
 * What one POST to `/mcp` may carry, and what it counts (decisions §7, contract 8.3).
 *
 * JSON-RPC batches exist in exactly one MCP revision, 2025-03-26 (2024-11-05 had none; 2025-06-18
 * removed them). A batch is refused for any other revision with HTTP 400 and one JSON-RPC
 * `-32600` Invalid Request error (`id: null`), as the MCP SDK refuses a batch on its modern path.
 * The revision of a batch is that of its `initialize` (the body's `protocolVersion`), else a
 * per-request `_meta` protocol-version claim of a message, else the `MCP-Protocol-Version`
 * header; a request without any is 2025-03-26 (MCP 2025-06-18, transports: a server that
 * receives no header and has no other way to know SHOULD assume 2025-03-26).
 *
 * Where a batch is accepted, each message counts on its own: a batch of N messages needs N
 * points of the caller's MCP class, and each `tools/call` of a write tool one point of
 * `public_write` — the class its REST door counts (per token, client-wide, application owner).
 * A request is admitted whole or refused whole: when a bucket cannot take every message, the
 * answer is 429 with Retry-After and the rate-limit headers, as any exhausted window on this
 * endpoint answers, and no message runs. The refused request keeps one point in each class it
 * was counted in, as any refused request does; the rest are handed back.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { operations, type RouteClass } from '../../generated/contract.js';
import { consumeAll, refundAll, tighterWindow, type RateLimitIdentity, type RateLimitWindow } from '../../services/ratelimit/rateLimits.js';
import type { RateLimits } from '../../services/ratelimit/rateLimits.js';
import type { ToolDefinition } from '../tool.js';
import { hostedTool } from './server.js';

/** The only MCP revision with JSON-RPC batches. */
export const BATCH_REVISION = '2025-03-26';
/** The revision a request without a version header is taken to speak (MCP 2025-06-18, transports). */
export const DEFAULT_REVISION = '2025-03-26';
/** The MCP SDK's own bound on the messages of one batch. */
export const MAX_BATCH_MESSAGES = 100;
const ENVELOPE_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';

type Message = { method?: unknown; params?: unknown };
const paramsOf = (message: unknown): Record<string, unknown> | undefined => {
  const params = message && typeof message === 'object' ? (message as Message).params : undefined;
  return params && typeof params === 'object' && !Array.isArray(params) ? (params as Record<string, unknown>) : undefined;
};

/** The protocol revision a batch speaks (see the module comment). */
export function batchRevision(messages: unknown[], headers: IncomingHttpHeaders): string {
  for (const message of messages) {
    if ((message as Message | null)?.method === 'initialize' && typeof paramsOf(message)?.protocolVersion === 'string') return String(paramsOf(message)!.protocolVersion);
  }
  for (const message of messages) {
    const meta = paramsOf(message)?._meta;
    const claim = meta && typeof meta === 'object' ? (meta as Record<string, unknown>)[ENVELOPE_VERSION_KEY] : undefined;
    if (typeof claim === 'string') return claim;
  }
  const header = headers['mcp-protocol-version'];
  return (typeof header === 'string' && header.trim()) || DEFAULT_REVISION;
}

/** The message of a JSON-RPC Invalid Request (-32600) refusal of a batch body, or undefined. */
export function batchRefusal(body: unknown, headers: IncomingHttpHeaders): string | undefined {
  if (!Array.isArray(body)) return undefined;
  if (body.length === 0) return 'Bad Request: empty JSON-RPC batch';
  const revision = batchRevision(body, headers);
  if (revision !== BATCH_REVISION) {
    return `Invalid Request: JSON-RPC batches are not supported in protocol version ${revision.slice(0, 40)}; send one message per request (batches exist only in ${BATCH_REVISION}).`;
  }
  if (body.length > MAX_BATCH_MESSAGES) return `Invalid Request: Batch must not exceed ${MAX_BATCH_MESSAGES} messages`;
  return undefined;
}

/** Does this `tools/call` of `tool` write public data (and so count against `public_write`)? */
export function countsAsPublicWrite(tool: ToolDefinition, args: Record<string, unknown>): boolean {
  if (tool.kind === 'operation') return operations[tool.operationId].routeClass === 'public_write';
  return tool.publicWrite === true || (typeof tool.publicWrite === 'function' && tool.publicWrite(args));
}

/** How many messages of a body are `tools/call`s of hosted write tools. */
export function publicWriteCalls(messages: unknown[]): number {
  let writes = 0;
  for (const message of messages) {
    if ((message as Message | null)?.method !== 'tools/call') continue;
    const params = paramsOf(message);
    const tool = hostedTool(params?.name);
    const args = params?.arguments && typeof params.arguments === 'object' && !Array.isArray(params.arguments) ? (params.arguments as Record<string, unknown>) : {};
    if (tool && countsAsPublicWrite(tool, args)) writes += 1;
  }
  return writes;
}

export type Admission = { allowed: true; window: RateLimitWindow } | { allowed: false; window: RateLimitWindow; identity: RateLimitIdentity };

/**
 * Counts what the request's messages need beyond the one point the request already took in
 * `routeClass` (`first`): the batch's further messages, then its public writes. The window
 * reported is the refusing one, else the one with the least room left.
 */
export async function admitMessages(
  limits: RateLimits,
  routeClass: RouteClass,
  identities: RateLimitIdentity[],
  first: RateLimitWindow,
  messages: unknown[],
  writes: number,
): Promise<Admission> {
  let reported = first;
  const further = messages.length - 1;
  if (further > 0) {
    const counted = await consumeAll(limits, routeClass, identities, further, 0);
    if (!counted.window.allowed) return { allowed: false, ...counted };
    reported = tighterWindow(reported, counted.window);
  }
  if (writes > 0) {
    const counted = await consumeAll(limits, 'public_write', identities, writes);
    if (!counted.window.allowed) {
      // The batch is refused whole: its further messages are handed back too.
      if (further > 0) await refundAll(limits, routeClass, identities, further);
      return { allowed: false, ...counted };
    }
    reported = tighterWindow(reported, counted.window);
  }
  return { allowed: true, window: reported };
}
