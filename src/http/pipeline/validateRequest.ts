import type { Context } from 'openapi-backend';
import { problems, type FieldError } from '../../services/errors.js';
import { unstorableText } from '../../services/sanitize.js';
import type { RoutedContext } from './context.js';
import { problemAnswer, type Answer } from './send.js';

/** One Ajv error as openapi-backend reports it. */
export interface RequestError {
  instancePath: string;
  message?: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** Turns Ajv's request errors into RFC 9457 field errors with JSON pointers into the body. */
export function toFieldErrors(errors: readonly RequestError[]): FieldError[] {
  const out: FieldError[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    const [, where, ...rest] = e.instancePath.split('/');
    let pointer = rest.length ? `/${rest.join('/')}` : '';
    let message = e.message ?? 'is invalid';
    if (e.keyword === 'additionalProperties') {
      pointer += `/${String(e.params.additionalProperty).replace(/~/g, '~0').replace(/\//g, '~1')}`;
      message = 'is not an accepted property';
    } else if (e.keyword === 'required' && where !== 'requestBody') {
      pointer = `/${String(e.params.missingProperty)}`;
    } else if (e.keyword === 'required') {
      pointer += `/${String(e.params.missingProperty)}`;
      message = 'is required';
    } else if (e.keyword === 'dependentRequired' || e.keyword === 'dependencies') {
      // `slotLinks` without `participantLinks`: point at what is missing, and say why.
      pointer += `/${String(e.params.missingProperty)}`;
      message = `is required together with ${String(e.params.property)}`;
    }
    let fe: FieldError;
    if (where === 'requestBody' || where === undefined) fe = { pointer: pointer || '', message };
    else if (where === 'query' || where === 'path') fe = { parameter: pointer.slice(1).split('/')[0] || String(e.params.missingProperty ?? ''), message };
    else if (where === 'header' || where === 'headers') fe = { header: pointer.slice(1).split('/')[0], message };
    else fe = { pointer, message };
    const key = JSON.stringify(fe);
    if (!seen.has(key)) {
      seen.add(key);
      out.push(fe);
    }
  }
  return out;
}

/**
 * Stage 3a, media type: a body of a type the operation does not declare answers 415, whatever it
 * holds. It runs at the end of `postSecurityHandler` because openapi-backend validates the
 * schema right after that hook, and 415 comes before 400.
 */
export function requireDeclaredMediaType(ctx: RoutedContext): void {
  const { meta, req } = ctx;
  if (meta.requestContentTypes.length && req.body !== undefined && req.headers['content-type']) {
    const type = String(req.headers['content-type']).split(';')[0].trim().toLowerCase();
    if (!(meta.requestContentTypes as readonly string[]).includes(type)) throw problems.unsupportedMediaType([...meta.requestContentTypes]);
  }
}

/**
 * Stage 3b, request validation, is openapi-backend's own (contract schemas, Ajv 2020 +
 * ajv-formats, path and query parameters coerced); this is its `validationFail` handler.
 */
export function validationFail(c: Context): Answer {
  const errors: readonly RequestError[] = c.validation.errors ?? [];
  if (errors.some((e) => e.keyword === 'parse')) return problemAnswer(problems.malformed('The request body is not valid JSON.'));
  return problemAnswer(problems.validation(toFieldErrors(errors)));
}

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Every string in a JSON value (property names included) holding NUL or a lone surrogate, by JSON
 * pointer. Iterative, so that a deeply nested body cannot exhaust the stack.
 */
function unstorableInBody(body: unknown, out: FieldError[]): void {
  const pending: [value: unknown, pointer: string][] = [[body, '']];
  while (pending.length && out.length < 20) {
    const [value, pointer] = pending.pop()!;
    if (typeof value === 'string') {
      const message = unstorableText(value);
      if (message) out.push({ pointer, message });
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) pending.push([value[i], `${pointer}/${i}`]);
    } else if (value && typeof value === 'object') {
      for (const [key, v] of Object.entries(value).reverse()) {
        const message = unstorableText(key);
        if (message) out.push({ pointer, message: `has a property name that ${message.replace(/^must be/, 'is not')}` });
        else pending.push([v, `${pointer}/${escapePointer(key)}`]);
      }
    }
  }
}

/**
 * Stage 3c, text no field can hold: NUL and lone surrogates in any path or query parameter or
 * anywhere in a JSON body answer 400 VALIDATION_FAILED naming where, for every operation alike,
 * so such text never reaches a service or the database (PostgreSQL text cannot hold either).
 * Other control characters are each field's own rule (src/services/sanitize.ts).
 */
export function unstorableTextErrors(params: Record<string, unknown>, query: Record<string, unknown>, body: unknown): FieldError[] {
  const errors: FieldError[] = [];
  for (const values of [params, query]) {
    for (const [name, value] of Object.entries(values ?? {})) {
      const message = ([] as unknown[]).concat(value).map((v) => (typeof v === 'string' ? unstorableText(v) : undefined)).find(Boolean);
      if (message) errors.push({ parameter: name, message });
    }
  }
  unstorableInBody(body, errors);
  return errors;
}

export function refuseUnstorableText(c: Context): void {
  const errors = unstorableTextErrors(c.request.params ?? {}, c.request.query ?? {}, c.request.requestBody);
  if (errors.length) throw problems.validation(errors);
}
