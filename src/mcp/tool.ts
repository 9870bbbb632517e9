/**
 * What an MCP tool is, for the hosted endpoint (`/mcp`, in-process) and the local stdio server
 * (over HTTP) alike. A tool file holds only its name, title, description, annotations, authority
 * and the call; its input and output JSON Schemas come from the contract (`openapi.yaml`, through
 * the generated document), never retyped by hand.
 *
 * Two kinds:
 * - `operation` tools map their input to one REST operation of the contract (`operationId`,
 *   and `request(input)` giving its path parameters, query and body). The hosted server invokes
 *   that operation's handler in-process (the handlers are one call into a service), the stdio
 *   server calls the same operation over HTTP: one meaning, two transports.
 * - `service` tools (hosted only: `search`/`fetch` aliases, media tools without a REST route)
 *   call services directly.
 */
import type { OperationId } from '../generated/contract.js';
import type { Scope } from '../generated/contract.js';
import type { Actor } from '../services/context.js';
import type { Services } from '../services/index.js';

/** A JSON Schema object (draft 2020-12), self-contained (its references resolved or under `$defs`). */
export type JsonSchema = Record<string, unknown>;

/** MCP tool annotations (behaviour hints for clients). */
export interface ToolAnnotations {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/**
 * Who may call a tool on the hosted endpoint (contract 5.5, 5.18). `anonymous`: anyone (an MCP
 * credential, when sent, only changes the rate class). Otherwise the caller needs an MCP-resource
 * OAuth token with every scope of `scopes` (e.g. `['mcp:write', 'events:contribute']`) and, when
 * `userAuthority`, a user-delegated one.
 */
export type ToolAuthority = { anonymous: true } | { anonymous?: false; scopes: Scope[]; userAuthority: boolean };

/** Where a tool may run. */
export type ToolSurface = 'hosted' | 'local' | 'both';

export interface ToolBase<I = Record<string, unknown>> {
  name: string;
  title: string;
  description: string;
  annotations: ToolAnnotations;
  authority: ToolAuthority;
  surface: ToolSurface;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  /** A short human rendering of a successful result (the text item beside `structuredContent`). */
  summarize?: (output: Record<string, unknown>, input: I) => string;
}

/** The request of one REST operation built from a tool's input. */
export interface OperationRequest {
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * The operation to call when the input selects a narrower one of the same parameters (e.g.
   * `profileType: person` reads `/api/v0/people/{slug}`); default the tool's own `operationId`.
   */
  operationId?: OperationId;
}

export interface OperationTool<I = Record<string, unknown>> extends ToolBase<I> {
  kind: 'operation';
  operationId: OperationId;
  request: (input: I) => OperationRequest;
  /**
   * Writes of public data read the result back anonymously (contract 4.12): the public path to
   * read, from the write's answer (e.g. `eventPath`, `profilePath`). The output then adds
   * `canonicalUrl` and the read-back object.
   */
  readBack?: { pathOf: (answer: Record<string, unknown>) => string | undefined; as: 'event' | 'profile' };
  /**
   * An answer given without calling the operation (e.g. a blank search query answers no results),
   * or undefined to call it.
   */
  answerWithoutCall?: (input: I) => Record<string, unknown> | undefined;
  /**
   * The error text of a 404 answer, for reads by slug (e.g. "No public event was found for that
   * slug."); otherwise the problem's own status, title and detail.
   */
  notFound?: string;
}

/** What a hosted service tool gets: the services, the caller, this deployment's base URL. */
export interface HostedToolContext {
  services: Services;
  actor: Actor;
  baseUrl: string;
}

export interface ServiceTool<I = Record<string, unknown>> extends ToolBase<I> {
  kind: 'service';
  call: (ctx: HostedToolContext, input: I) => Promise<Record<string, unknown>>;
  /**
   * A service tool that writes public data counts against `public_write` (contract 8.3) as a
   * REST write does: true for every call, or a test of the call's arguments (e.g. not a read
   * action). Operation tools take the route class of their REST operation instead.
   */
  publicWrite?: true | ((args: Record<string, unknown>) => boolean);
}

export type ToolDefinition<I = Record<string, unknown>> = OperationTool<I> | ServiceTool<I>;
