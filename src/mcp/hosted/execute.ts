/**
 * Runs one tool for the hosted endpoint, in-process: the input checked against the tool's
 * schema, the tool's authority checked against the MCP credential, then either the REST
 * operation's handler (the same handler and service a `/api/v0` call reaches, with the same
 * scope guard and request validation) or the tool's service call. Every outcome is an MCP tool
 * result: `structuredContent` plus a text item on success; an `isError` result carrying the
 * problem's status, title, detail and retry timing otherwise. Nothing in a result ever holds the
 * caller's credential: the handlers never see it (only the verified credential record).
 */
import type { ValidateFunction } from 'ajv';
import { createAjv } from '../../contract/ajv.js';
import { operations, type OperationId } from '../../generated/contract.js';
import { NOT_IMPLEMENTED, type ApiRequest, type HandlerMap } from '../../handlers/types.js';
import { authorize } from '../../http/auth.js';
import { toFieldErrors, unstorableTextErrors, type RequestError } from '../../http/pipeline/validateRequest.js';
import { toProblem } from '../../http/problem.js';
import type { Actor } from '../../services/context.js';
import { AppError, problems } from '../../services/errors.js';
import type { Services } from '../../services/index.js';
import { parameterSchema, requestBodySchema } from '../schemas.js';
import type { JsonSchema, OperationRequest, OperationTool, ToolAuthority, ToolDefinition } from '../tool.js';
import { logEvent } from '../../lib/eventLog.js';
import { pagePathOf } from '../../lib/pagePaths.js';

/** What a hosted tool call runs with. */
export interface HostedCallContext {
  services: Services;
  /** The caller: the verified MCP credential (if any) and the keyed hash of its address. */
  actor: Actor;
  /** This deployment's public base URL. */
  baseUrl: string;
  handlers: HandlerMap;
}

/** An MCP `tools/call` result. */
export interface ToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

// Tool inputs take the schema's defaults; operation requests are checked as the REST pipeline
// checks them (without coercion: tool inputs are typed JSON already).
const inputAjv = createAjv({ useDefaults: true });
const contractAjv = createAjv();
const compiled = new Map<unknown, WeakMap<JsonSchema, ValidateFunction>>();

function validatorOf(schema: JsonSchema, ajv = contractAjv): ValidateFunction {
  let cache = compiled.get(ajv);
  if (!cache) compiled.set(ajv, (cache = new WeakMap()));
  let validate = cache.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    cache.set(schema, validate);
  }
  return validate;
}

/** Does the credential satisfy a tool's authority (contract 5.5, 5.18)? Undefined when it does. */
export function missingAuthority(authority: ToolAuthority, actor: Actor): { kind: 'credential' } | { kind: 'scopes'; scopes: string[] } | { kind: 'user' } | undefined {
  if (authority.anonymous) return undefined;
  const credential = actor.credential;
  if (!credential) return { kind: 'credential' };
  const held = new Set<string>(credential.scopes);
  if (!authority.scopes.every((scope) => held.has(scope))) return { kind: 'scopes', scopes: [...authority.scopes] };
  if (authority.userAuthority && !credential.userId) return { kind: 'user' };
  return undefined;
}

function authorityProblem(missing: NonNullable<ReturnType<typeof missingAuthority>>): AppError {
  if (missing.kind === 'credential') return new AppError(401, '/problems/unauthorized', 'Unauthorized', { detail: 'This tool needs an MCP access token.', code: 'UNAUTHORIZED' });
  if (missing.kind === 'scopes') return problems.insufficientScope(missing.scopes, '');
  return problems.userAuthorityRequired();
}

/** Runs `tool` for `args`; never throws for a refusal or failure, which become `isError` results. */
export async function executeTool(tool: ToolDefinition, args: unknown, ctx: HostedCallContext): Promise<ToolResult> {
  try {
    // Authority before the input, as on /api/v0 (security, then validation).
    const missing = missingAuthority(tool.authority, ctx.actor);
    if (missing) throw authorityProblem(missing);
    const input = structuredClone(args ?? {}) as Record<string, unknown>;
    const validate = validatorOf(tool.inputSchema, inputAjv);
    if (!validate(input)) {
      const errors = ((validate.errors ?? []) as RequestError[]).map((e) => ({ ...e, instancePath: `/requestBody${e.instancePath}` }));
      throw problems.validation(toFieldErrors(errors), 'The tool input does not match its input schema.');
    }
    const output = tool.kind === 'service' ? await tool.call({ services: ctx.services, actor: ctx.actor, baseUrl: ctx.baseUrl }, input) : await runOperationTool(tool, input, ctx);
    const checkOutput = validatorOf(tool.outputSchema);
    if (!checkOutput(output)) {
      logEvent('error', 'tool_output_breaks_schema', { tool: tool.name, errors: contractAjv.errorsText(checkOutput.errors).slice(0, 1000) });
      throw problems.internal();
    }
    const json = JSON.stringify(output);
    const summary = tool.summarize?.(output, input);
    return { content: [{ type: 'text', text: summary ? `${summary}\n${json}` : json }], structuredContent: output };
  } catch (err) {
    if (err instanceof ReadBackIncomplete) return err.result;
    return errorResult(tool, err);
  }
}

/**
 * A tool error (contract 7 rule 3, STYLE 6): status, title, detail and retry timing in words,
 * then the problem's machine-readable members (code, field errors, near-duplicate choices).
 * The problem is not sent as `structuredContent`: clients check any `structuredContent` against
 * the tool's output schema, which describes the success answer.
 */
export function errorResult(tool: ToolDefinition, err: unknown): ToolResult {
  const problem = toProblem(err).body;
  const status = Number(problem.status);
  const notFoundText = tool.kind === 'operation' && status === 404 ? tool.notFound : undefined;
  const parts = [notFoundText ?? `${tool.name} request failed with ${status}: ${String(problem.title)}.`];
  if (!notFoundText && typeof problem.detail === 'string') parts.push(problem.detail);
  if (typeof problem.retryAfterSeconds === 'number') parts.push(`Retry after ${problem.retryAfterSeconds} seconds.`);
  return { isError: true, content: [{ type: 'text', text: `${parts.join(' ')}\nProblem: ${JSON.stringify(problem)}` }] };
}

/** A write that was accepted but could not be read back: reported, never retried. */
class ReadBackIncomplete extends Error {
  constructor(readonly result: ToolResult) {
    super('read-back incomplete');
  }
}

async function runOperationTool(tool: OperationTool, input: Record<string, unknown>, ctx: HostedCallContext): Promise<Record<string, unknown>> {
  const early = tool.answerWithoutCall?.(input);
  if (early) return early;
  const request = tool.request(input);
  const operationId = request.operationId ?? tool.operationId;
  // Anonymous tools read as anonymous callers: an MCP credential only chose the rate class.
  const actor: Actor = tool.authority.anonymous ? { networkRef: ctx.actor.networkRef } : ctx.actor;
  const answer = await invokeOperation(operationId, request, actor, ctx);
  if (!tool.readBack) return answer;
  return readBack(tool, answer, ctx);
}

/**
 * One operation of the contract, in-process: the same scope and authority guard and request
 * validation as the REST pipeline, then its handler. Answers the JSON body of a success.
 */
export async function invokeOperation(operationId: OperationId, request: OperationRequest, actor: Actor, ctx: HostedCallContext): Promise<Record<string, unknown>> {
  const meta = operations[operationId];
  authorize(meta, actor.credential);
  const params = Object.fromEntries(Object.entries(request.params ?? {}).filter(([, v]) => v !== undefined));
  const query = Object.fromEntries(Object.entries(request.query ?? {}).filter(([, v]) => v !== undefined));
  checkOperationRequest(operationId, params, query, request.body);
  const handler = ctx.handlers[operationId];
  if (handler === NOT_IMPLEMENTED) throw problems.notImplemented(operationId);
  const headers = Object.fromEntries(Object.entries(request.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  const apiRequest = { operationId, params, query, headers, body: request.body, actor, baseUrl: ctx.baseUrl } as unknown as ApiRequest<typeof operationId>;
  const result = (await (handler as (req: typeof apiRequest, services: Services) => Promise<{ status: number; body?: unknown; raw?: string | Buffer }>)(apiRequest, ctx.services));
  const body = result.body !== undefined ? result.body : result.raw !== undefined ? JSON.parse(result.raw.toString()) : {};
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw problems.internal();
  return body as Record<string, unknown>;
}

function checkOperationRequest(operationId: OperationId, params: Record<string, unknown>, query: Record<string, unknown>, body: unknown): void {
  const errors: RequestError[] = [];
  for (const [where, values] of [['path', params], ['query', query]] as const) {
    for (const [name, value] of Object.entries(values)) {
      const validate = validatorOf(parameterSchemaOf(operationId, name));
      if (!validate(value)) errors.push(...((validate.errors ?? []) as RequestError[]).map((e) => ({ ...e, instancePath: `/${where}/${name}${e.instancePath}` })));
    }
  }
  if (operations[operationId].requestContentTypes.includes('application/json' as never)) {
    if (body !== undefined || operations[operationId].requestBodyRequired) {
      const validate = validatorOf(requestBodySchemaOf(operationId));
      if (!validate(body)) errors.push(...((validate.errors ?? []) as RequestError[]).map((e) => ({ ...e, instancePath: `/requestBody${e.instancePath}` })));
    }
  }
  const fieldErrors = [...toFieldErrors(errors), ...unstorableTextErrors(params, query, body)];
  if (fieldErrors.length) throw problems.validation(fieldErrors);
}

const parameterSchemas = new Map<string, JsonSchema>();
function parameterSchemaOf(operationId: OperationId, name: string): JsonSchema {
  const key = `${operationId} ${name}`;
  let schema = parameterSchemas.get(key);
  if (!schema) {
    schema = parameterSchema(operationId, name);
    parameterSchemas.set(key, schema);
  }
  return schema;
}

const bodySchemas = new Map<OperationId, JsonSchema>();
function requestBodySchemaOf(operationId: OperationId): JsonSchema {
  let schema = bodySchemas.get(operationId);
  if (!schema) {
    schema = requestBodySchema(operationId);
    bodySchemas.set(operationId, schema);
  }
  return schema;
}

const READ_BACK_OPERATIONS = { event: 'getPublicEventBySlug', profile: 'getPublicProfileBySlug' } as const;

/**
 * Contract 4.12, 5.18: a write of public data is read back anonymously. The output adds
 * `canonicalUrl` (this deployment's public page of the object) and the read-back object. When the
 * read-back does not complete, the write still happened: the result says so, and that it must
 * not be retried automatically.
 */
async function readBack(tool: OperationTool, answer: Record<string, unknown>, ctx: HostedCallContext): Promise<Record<string, unknown>> {
  const spec = tool.readBack!;
  const path = spec.pathOf(answer);
  // Nothing public to read (a profile kept off public pages, `publiclyViewable: false`): the
  // write's answer is the result, as on the local server.
  if (path === undefined) return answer;
  const slug = path ? decodeURIComponent(path.split('/').filter(Boolean).pop() ?? '') : '';
  try {
    if (!path || !slug) throw problems.internal();
    const object = await invokeOperation(READ_BACK_OPERATIONS[spec.as], { params: { slug } }, { networkRef: ctx.actor.networkRef }, ctx);
    return { ...answer, canonicalUrl: `${ctx.baseUrl}${pagePathOf(spec.as, object as { slug: string; profileType?: string })}`, [spec.as]: object };
  } catch (err) {
    const problem = toProblem(err).body;
    const known = err instanceof AppError ? ` (${problem.status}: ${String(problem.title)})` : '';
    throw new ReadBackIncomplete({
      isError: true,
      content: [
        {
          type: 'text',
          text:
            `${tool.name}: the write was accepted${slug ? ` for ${slug}` : ''}, but reading it back did not complete${known}. ` +
            'Do not retry this mutation automatically: inspect the saved object first.\n' +
            `Accepted: ${JSON.stringify(answer)}`,
        },
      ],
    });
  }
}
