import request from 'supertest';
import type { Express } from 'express';
import { ResponseValidator } from '../../src/contract/responseValidator.js';
import { operations } from '../../src/generated/contract.js';

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

export interface CallOptions {
  token?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  /** A multipart form: the fields in order, then the file (storage transport). */
  multipart?: { fields: Record<string, string>; file?: { field: string; bytes: Buffer; contentType: string; filename?: string } };
}

/**
 * Sends a request through the real HTTP stack and fails the test unless the response (status,
 * content type and body) is one the contract declares for that operation — or, off the
 * contract's paths, a problem.
 */
export async function call(app: Express, method: string, path: string, opts: CallOptions = {}) {
  let req = (request(app) as any)[method.toLowerCase()](path) as request.Test;
  if (opts.token) req = req.set('Authorization', `Bearer ${opts.token}`);
  for (const [k, v] of Object.entries(opts.headers ?? {})) req = req.set(k, v);
  if (opts.multipart) {
    for (const [k, v] of Object.entries(opts.multipart.fields)) req = req.field(k, v);
    const f = opts.multipart.file;
    if (f) req = req.attach(f.field, f.bytes, { filename: f.filename ?? 'poster', contentType: f.contentType });
  } else if (opts.rawBody !== undefined) req = req.set('Content-Type', opts.headers?.['Content-Type'] ?? 'application/json').send(opts.rawBody);
  else if (opts.body !== undefined) req = req.send(opts.body as object);
  const res = await req;
  const op = operationFor(method, path);
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
  if (!check.ok) {
    throw new Error(`${method} ${path} → ${res.status} breaks the contract:\n  ${check.errors.join('\n  ')}\nbody: ${JSON.stringify(body).slice(0, 2000)}`);
  }
  return res;
}
