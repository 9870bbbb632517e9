/**
 * Runs an `operation` tool over HTTP against the configured `/api/v0` (contract 4.12): the same
 * operation the hosted endpoint invokes in-process, with its method and path from the generated
 * contract. Writes of public data are read back anonymously; a mutation whose outcome is unknown
 * is reported as indeterminate, never retried.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { operations } from '../../generated/contract.js';
import type { OperationTool } from '../tool.js';
import { ApiRequestFailed, CredentialUnavailable, type ApiAnswer, type ApiClient } from './api.js';
import type { LocalConfig } from './config.js';
import type { OutputCheck } from './outputCheck.js';
import { failure, indeterminate, problemLine, problemWords, readBackFailed, requestFailed, success, type ProblemLike } from './results.js';
import { pagePathOf } from '../../lib/pagePaths.js';

export interface LocalContext {
  config: LocalConfig;
  api: ApiClient;
  outputs: OutputCheck;
}

/** A contract path with its parameters filled in, each percent-encoded as one segment. */
export function fillPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

const safeDecode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

export async function runOperationTool(tool: OperationTool, input: Record<string, unknown>, ctx: LocalContext): Promise<CallToolResult> {
  const ready = tool.answerWithoutCall?.(input);
  if (ready) return ctx.outputs.checked(tool, ready, () => success(ready, ctx.config.outputMode));

  let request;
  let path: string;
  try {
    request = tool.request(input);
    path = fillPath(operations[request.operationId ?? tool.operationId].path, request.params);
  } catch (err) {
    return failure(`${tool.name} input cannot be sent: ${err instanceof Error ? err.message : String(err)}.`);
  }
  const meta = operations[request.operationId ?? tool.operationId];
  // A POST that only reads (extraction) has no outcome to be unsure of.
  const mutation = meta.method !== 'get' && tool.annotations.readOnlyHint !== true;

  let answer: ApiAnswer;
  try {
    answer = await ctx.api.send({
      method: meta.method,
      path,
      query: request.query,
      body: request.body,
      headers: request.headers,
      // The public reads are anonymous: a configured credential is not sent with them.
      authenticated: tool.authority.anonymous !== true,
    });
  } catch (err) {
    if (err instanceof CredentialUnavailable) return failure(`${tool.name} was not sent: ${err.message}.`);
    const what = err instanceof ApiRequestFailed ? err.message : 'the request failed';
    if (mutation) return failure(indeterminate(tool.name, `the request did not complete (${what})`));
    return failure(`${tool.name} request failed: the API at ${ctx.api.urlOf('/api/v0').origin} did not answer (${what}).`);
  }

  if (answer.status >= 200 && answer.status < 300) {
    const body = isObject(answer.body) ? answer.body : undefined;
    if (!body) {
      const text = `the API answered ${answer.status} without a JSON object`;
      return failure(mutation ? indeterminate(tool.name, text) : `${tool.name} request failed: ${text}.`);
    }
    if (tool.readBack) return readBack(tool, body, ctx);
    return ctx.outputs.checked(tool, body, () => success(body, ctx.config.outputMode), mutation);
  }

  const problem = isObject(answer.body) ? (answer.body as ProblemLike) : undefined;
  if (mutation && answer.status >= 500) {
    return failure(`${indeterminate(tool.name, `the API answered ${problemWords(answer.status, problem, answer.headers)}`)}${problemLine(problem)}`);
  }
  if (answer.status === 404 && tool.notFound) {
    const slug = typeof input.slug === 'string' ? ` (slug "${input.slug}")` : '';
    return failure(`${tool.name} request failed with 404: ${tool.notFound.replace(/\.$/, '')}${slug}.${problemLine(problem)}`);
  }
  return failure(requestFailed(tool.name, answer.status, problem, answer.headers));
}

/** Reads an accepted write back anonymously and adds `canonicalUrl` (its public page) and the public object. */
async function readBack(tool: OperationTool, answer: Record<string, unknown>, ctx: LocalContext): Promise<CallToolResult> {
  const spec = tool.readBack!;
  const path = spec.pathOf(answer);
  const slug = typeof answer.slug === 'string' ? answer.slug : path?.split('/').filter(Boolean).pop();
  const subject = slug ? `slug "${safeDecode(slug)}"` : 'this object';
  if (path === undefined) {
    // Nothing public to read (e.g. a profile kept off public pages): the write's answer is the result.
    return ctx.outputs.checked(tool, answer, () => success(answer, ctx.config.outputMode), true);
  }
  // Only a plain public path of this API is read (no other host, no dot segments, no query).
  if (!/^\/api\/v0\/[^?#]+$/.test(path) || path.split('/').some((segment) => segment === '..' || segment === '.')) return failure(readBackFailed(tool.name, subject, 'the answer named no public path', answer));
  let read: ApiAnswer;
  try {
    read = await ctx.api.send({ method: 'get', path, authenticated: false });
  } catch (err) {
    return failure(readBackFailed(tool.name, subject, err instanceof ApiRequestFailed ? err.message : 'the request failed', answer));
  }
  if (read.status !== 200 || !isObject(read.body)) {
    const problem = isObject(read.body) ? (read.body as ProblemLike) : undefined;
    return failure(readBackFailed(tool.name, subject, problemWords(read.status, problem, read.headers).replace(/\.$/, ''), answer));
  }
  const output = { ...answer, canonicalUrl: ctx.api.pageUrlOf(pagePathOf(spec.as, read.body as { slug: string; profileType?: string })), [spec.as]: read.body };
  return ctx.outputs.checked(tool, output, () => success(output, ctx.config.outputMode), true);
}
