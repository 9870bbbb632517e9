import request from 'supertest';
import type { RequestListener } from 'node:http';
import { ResponseValidator } from '../../src/contract/responseValidator.js';
import { operations, type OperationId } from '../../src/generated/contract.js';
import type { operations as OperationTypes } from '../../src/generated/openapi.js';

const validator = new ResponseValidator();
const templates = Object.values(operations).map((o) => ({
  ...o,
  pattern: new RegExp('^' + o.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{[^}]+\\\}/g, '[^/]+') + '$'),
  literal: o.path.replace(/\{[^}]+\}/g, '').length,
}));

/** The contract operation a concrete request reaches (exact paths win, then the most specific template). */
export function operationFor(method: string, path: string) {
  const bare = path.split('?')[0];
  return templates
    .filter((t) => t.method === method.toLowerCase() && t.pattern.test(bare))
    .sort((a, b) => b.literal - a.literal)[0];
}

/** A multipart form: the fields in order, then the file (storage transport). */
export interface Multipart {
  fields: Record<string, string>;
  file?: { field: string; bytes: Buffer; contentType: string; filename?: string };
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  multipart?: Multipart;
}

async function send(app: RequestListener, method: string, url: string, opts: CallOptions) {
  let req = (request(app) as any)[method.toLowerCase()](url) as request.Test;
  if (opts.token) req = req.set('Authorization', `Bearer ${opts.token}`);
  for (const [k, v] of Object.entries(opts.headers ?? {})) req = req.set(k, v);
  if (opts.multipart) {
    for (const [k, v] of Object.entries(opts.multipart.fields)) req = req.field(k, v);
    const f = opts.multipart.file;
    if (f) req = req.attach(f.field, f.bytes, { filename: f.filename ?? 'poster', contentType: f.contentType });
  } else if (opts.rawBody !== undefined) req = req.set('Content-Type', opts.headers?.['Content-Type'] ?? 'application/json').send(opts.rawBody);
  else if (opts.body !== undefined) req = req.send(opts.body as object);
  return req;
}

/**
 * How the response departs from what the contract declares for `op` (or, without one, from a
 * problem): the validator's errors and the body it read; no errors when it conforms.
 */
export function contractErrors(op: { method: string; path: string } | undefined, res: request.Response): { errors: string[]; body: unknown } {
  const contentType = String(res.headers['content-type'] ?? '');
  const body = contentType.includes('json') ? res.body : res.text;
  const known = op && res.status !== 405;
  const check = validator.check({
    method: known ? op.method : undefined,
    path: known ? op.path : undefined,
    status: res.status,
    contentType,
    body: res.status === 204 || res.status === 304 ? undefined : body,
  });
  return { errors: check.ok ? [] : check.errors, body };
}

/** Fails unless the response is one the contract declares for `op` (or, without one, a problem). */
function checkAgainstContract(label: string, op: { method: string; path: string } | undefined, res: request.Response) {
  const { errors, body } = contractErrors(op, res);
  if (errors.length) {
    throw new Error(`${label} → ${res.status} breaks the contract:\n  ${errors.join('\n  ')}\nbody: ${JSON.stringify(body).slice(0, 2000)}`);
  }
}

/**
 * Sends a request by method and concrete path through the real HTTP stack and fails the test
 * unless the response (status, content type and body) is one the contract declares for the
 * operation the path reaches — or, off the contract's paths, a problem.
 *
 * Use `callOp` for every request meant to reach a contract operation; `call` is for requests
 * that deliberately miss the contract's routing (unknown paths, wrong methods, malformed paths).
 */
export async function call(app: RequestListener, method: string, path: string, opts: CallOptions = {}) {
  const res = await send(app, method, path, opts);
  checkAgainstContract(`${method} ${path}`, operationFor(method, path), res);
  return res;
}

// ---------------------------------------------------------------------------------------------
// callOp: requests by operationId, typed from the generated contract types.

type Op<K extends OperationId> = OperationTypes[K];
type IsNever<T> = [T] extends [never] ? true : false;

/** The operation's path parameters; `never` when its path has none. */
export type PathParams<K extends OperationId> = Op<K>['parameters'] extends { path: infer P } ? P : never;
/** The operation's query parameters; `never` when it declares none. */
export type QueryParams<K extends OperationId> = NonNullable<Op<K>['parameters']['query']>;
/** The operation's JSON request body; `never` when it takes none (or takes only a multipart form). */
export type JsonBody<K extends OperationId> =
  Op<K> extends { requestBody?: infer B }
    ? IsNever<NonNullable<B>> extends true
      ? never
      : NonNullable<B> extends { content: { 'application/json': infer J } }
        ? J
        : never
    : never;

interface Transport {
  token?: string;
  headers?: Record<string, string>;
  /** Text sent verbatim as the body (Content-Type application/json unless `headers` say otherwise): for malformed JSON. */
  rawBody?: string;
  /** A JSON body that deliberately breaks the contract (unknown properties, wrong types, out-of-range values); not type-checked. */
  invalidBody?: unknown;
  multipart?: Multipart;
}
type ParamsOption<K extends OperationId> = IsNever<PathParams<K>> extends true ? { params?: never } : { params: PathParams<K> };
type QueryOption<K extends OperationId> = IsNever<QueryParams<K>> extends true ? { query?: never } : { query?: QueryParams<K> };
type BodyOption<K extends OperationId> = IsNever<JsonBody<K>> extends true ? { body?: never } : { body?: JsonBody<K> };

export type CallOpOptions<K extends OperationId> = ParamsOption<K> & QueryOption<K> & BodyOption<K> & Transport;
/** The options are required exactly when the operation has path parameters. */
type CallOpArgs<K extends OperationId> = IsNever<PathParams<K>> extends true ? [opts?: CallOpOptions<K>] : [opts: CallOpOptions<K>];

type Responses<K extends OperationId> = Op<K>['responses'];
type JsonOf<C> = { [M in keyof C]: M extends `${string}json` ? C[M] : never }[keyof C];
/** A declared response's body: its JSON schema type; `unknown` for non-JSON media (YAML, images) and for no content. */
type BodyOf<R> = R extends { content: infer C } ? (IsNever<JsonOf<C>> extends true ? unknown : JsonOf<C>) : unknown;
/** One member per declared status (`default` becomes `number`), with that status's body. */
type Outcome<K extends OperationId> = {
  [S in keyof Responses<K>]: { status: S extends number ? S : number; body: BodyOf<Responses<K>[S]> };
}[keyof Responses<K>];

/** The supertest response of an operation: a union over its declared statuses; narrow with `expectStatus`. */
export type OpResponse<K extends OperationId> = Omit<request.Response, 'status' | 'body'> & Outcome<K>;

type Declared<R, S extends number> = Extract<R, { status: S }>;
type Fallback<R> = R extends { status: infer T } ? (number extends T ? R : never) : never;
/** The members of a response union with status `S` (or, when `S` is not declared, the `default` member). */
export type WithStatus<R, S extends number> = IsNever<Declared<R, S>> extends true ? Fallback<R> : Declared<R, S>;

function describeFailure(res: { status: number; body?: unknown }, expected: number) {
  return `expected status ${expected}, got ${res.status}: ${JSON.stringify(res.body).slice(0, 1000)}`;
}

/** Asserts the status and narrows the response (and so its body type) to it. */
export function expectStatus<R extends { status: number; body?: unknown }, S extends number>(res: R, status: S): asserts res is WithStatus<R, S> {
  if (res.status !== status) throw new Error(describeFailure(res, status));
}

/** The body of a response that must have `status`; fails the test otherwise. */
export function bodyOf<R extends { status: number; body?: unknown }, S extends number>(res: R, status: S): WithStatus<R, S>['body'] {
  expectStatus(res, status);
  return res.body;
}

const pathParamNames = (template: string) => [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);

/**
 * The path parameters of a link the server handed out (an absolute URL or a root-relative path,
 * e.g. a publish answer's `eventPath`); fails unless the link's path is the operation's path.
 */
export function paramsFromLink<K extends OperationId>(operationId: K, link: string): IsNever<PathParams<K>> extends true ? Record<string, never> : PathParams<K> {
  const meta = operations[operationId];
  const path = new URL(link, 'http://link.invalid').pathname;
  const routed = operationFor(meta.method, path);
  if (routed?.path !== meta.path) throw new Error(`the link ${link} is not ${operationId} (${meta.path}); it reaches ${routed?.path ?? 'no operation'}`);
  const names = pathParamNames(meta.path);
  const capture = new RegExp('^' + meta.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{[^}]+\\\}/g, '([^/]+)') + '$');
  const values = capture.exec(path)?.slice(1) ?? [];
  return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(values[i])])) as never;
}

/**
 * Calls one contract operation by its operationId through the real HTTP stack: path parameters
 * are percent-encoded into the operation's path, `query` is serialized with URLSearchParams, and
 * the test fails unless the response (status, content type and body) is one the contract
 * declares for that operation.
 */
export async function callOp<K extends OperationId>(app: RequestListener, operationId: K, ...[opts]: CallOpArgs<K>): Promise<OpResponse<K>> {
  const o = (opts ?? {}) as Transport & { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
  const meta = operations[operationId];
  if (o.body !== undefined && o.invalidBody !== undefined) throw new Error(`${operationId}: send either body or invalidBody`);
  const path = meta.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = o.params?.[name];
    if (value === undefined || value === null) throw new Error(`${operationId}: path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
  // A parameter value must not turn the request into another operation (e.g. slug "calendar.ics").
  const routed = operationFor(meta.method, path);
  if (routed?.path !== meta.path) throw new Error(`${operationId}: ${path} reaches ${routed?.path ?? 'no operation'}, not ${meta.path}`);
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(o.query ?? {})) {
    if (v === undefined || v === null) continue;
    for (const item of Array.isArray(v) ? v : [v]) query.append(k, String(item));
  }
  const url = query.toString() ? `${path}?${query}` : path;
  const res = await send(app, meta.method, url, { ...o, body: o.body !== undefined ? o.body : o.invalidBody });
  checkAgainstContract(`${operationId} (${meta.method.toUpperCase()} ${url})`, meta, res);
  return res as unknown as OpResponse<K>;
}

/** A GET whose body is read as bytes whatever its type (images, archives): status, headers and the bytes. */
export async function getBytes(target: RequestListener | string, path: string): Promise<{ status: number; headers: Record<string, string>; bytes: Buffer }> {
  const res = await request(target)
    .get(path)
    .buffer(true)
    .parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
  return { status: res.status, headers: res.headers as Record<string, string>, bytes: res.body as Buffer };
}
