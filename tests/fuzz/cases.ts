import { operations, type OperationId } from '../../src/generated/contract.js';
import { contractDocument } from '../../src/contract/document.js';
import { DELETE, HOSTILE_SEGMENTS, HOSTILE_TEXT, deref, replaced, sites, validValue, type Hints, type Rng } from './generator.js';

/** One request of a fuzz run: everything needed to send it again. */
export interface FuzzCase {
  operationId: OperationId;
  mutation: string;
  method: string;
  /** The URL as sent (path and query), percent-encoding included. */
  url: string;
  auth: 'owner' | 'anonymous' | 'bogus';
  headers: Record<string, string>;
  /** A JSON value (sent as application/json), or raw bytes with their own content type. */
  body?: { json: unknown } | { raw: string | Buffer; contentType?: string };
}

/** Real ids and slugs of the run's world, by path parameter name. */
export type Fixtures = Hints & {
  /** Values for path parameters and headers, by name. */
  pools: Record<string, string[]>;
  /** Narrower pools for one operation (the targets its valid requests should reach). */
  byOperation: Partial<Record<OperationId, Record<string, string[]>>>;
};

interface Param {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: Record<string, any>;
}

const doc = contractDocument();

interface OpShape {
  id: OperationId;
  method: string;
  path: string;
  params: Param[];
  jsonBody?: Record<string, any>;
  multipart?: Record<string, any>;
  bodyRequired: boolean;
}

export const shapes: OpShape[] = Object.entries(operations).map(([id, meta]) => {
  const item = doc.paths[meta.path];
  const op = item[meta.method];
  const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p: unknown) => deref<Param>(p));
  const content = deref(op.requestBody)?.content ?? {};
  return {
    id: id as OperationId,
    method: meta.method,
    path: meta.path,
    params,
    jsonBody: content['application/json']?.schema,
    multipart: content['multipart/form-data']?.schema,
    bodyRequired: Boolean(deref(op.requestBody)?.required),
  };
});

const MUTATIONS = [
  'valid',
  'valid',
  'valid',
  'wrong-type',
  'string-bound',
  'number-bound',
  'missing-required',
  'extra-property',
  'invalid-enum',
  'hostile-text',
  'path-segment',
  'query',
  'empty-body',
  'malformed-body',
  'huge-body',
  'wrong-content-type',
  'headers',
] as const;

const JUNK_VALUES: unknown[] = [null, true, 0, -1, 1.5, 1e308, '', 'x', [], {}, [1, 2], { a: 1 }, '9'.repeat(400)];

function pathParamValue(op: OperationId, p: Param, f: Fixtures, r: Rng): string {
  const pool = f.byOperation[op]?.[p.name] ?? f.pools[p.name];
  if (pool?.length && r.chance(0.85)) return encodeURIComponent(r.pick(pool));
  return encodeURIComponent(String(validValue(p.schema, r, f, p.name)));
}

/** A random request of `shape`: valid, then perhaps one mutation. */
export function makeCase(shape: OpShape, f: Fixtures, r: Rng, maxJsonBytes: number): FuzzCase {
  const pathParams = shape.params.filter((p) => p.in === 'path');
  const queryParams = shape.params.filter((p) => p.in === 'query');
  const headerParams = shape.params.filter((p) => p.in === 'header');
  let mutation: string = r.pick(MUTATIONS);
  const segments: Record<string, string> = Object.fromEntries(pathParams.map((p) => [p.name, pathParamValue(shape.id, p, f, r)]));
  const query: [string, string][] = [];
  for (const p of queryParams) {
    if (p.required || r.chance(0.5)) query.push([p.name, String(validValue(p.schema, r, f, p.name))]);
  }
  const headers: Record<string, string> = {};
  for (const p of headerParams) {
    if (p.name === 'x-service-upload-token') headers[p.name] = r.pick(f.pools.uploadToken ?? ['none']);
    // Header values are visible ASCII on the wire (a client refuses to send more).
    else if (p.required || r.chance(0.4)) headers[p.name] = String(validValue(p.schema, r, f, p.name)).replace(/[^\x20-\x7e]/g, '') || 'x';
  }
  let body: FuzzCase['body'];
  let json: unknown;
  if (shape.jsonBody && (shape.bodyRequired || r.chance(0.8))) {
    json = validValue(shape.jsonBody, r, f);
    body = { json };
  } else if (shape.multipart && (shape.bodyRequired || r.chance(0.7))) {
    body = multipartBody(shape.multipart, r, f);
  }
  const auth: FuzzCase['auth'] = r.chance(0.75) ? 'owner' : r.chance(0.7) ? 'anonymous' : 'bogus';

  const bodySites = () => (json === undefined ? [] : sites(shape.jsonBody!, json).filter((s) => s.path.length > 0));
  const setJson = (value: unknown) => {
    json = value;
    body = value === undefined ? undefined : { json: value };
  };
  const fallback = () => {
    mutation = 'valid';
  };

  switch (mutation) {
    case 'wrong-type': {
      const all = bodySites();
      if (json === undefined) fallback();
      else if (!all.length || r.chance(0.2)) setJson(r.pick(JUNK_VALUES));
      else {
        const site = r.pick(all);
        setJson(replaced(json, site.path, r.pick(JUNK_VALUES)));
        mutation += ` at /${site.path.join('/')}`;
      }
      break;
    }
    case 'string-bound': {
      const candidates = bodySites().filter((s) => typeof s.value === 'string' && (s.schema.maxLength !== undefined || s.schema.minLength !== undefined));
      const qp = queryParams.filter((p) => p.schema.type === 'string' && p.schema.maxLength !== undefined);
      if (candidates.length) {
        const site = r.pick(candidates);
        const { minLength, maxLength } = site.schema;
        const lengths = [maxLength, maxLength !== undefined ? maxLength + 1 : undefined, minLength, minLength ? minLength - 1 : undefined].filter((n): n is number => n !== undefined);
        const n = r.pick(lengths);
        setJson(replaced(json, site.path, r.pick(['a', 'é', '🎶']).repeat(n).slice(0, n)));
        mutation += ` ${n} at /${site.path.join('/')}`;
      } else if (qp.length) {
        const p = r.pick(qp);
        query.push([p.name, 'q'.repeat(p.schema.maxLength + r.int(0, 1))]);
        mutation += ` ?${p.name}`;
      } else fallback();
      break;
    }
    case 'number-bound': {
      const candidates = bodySites().filter((s) => typeof s.value === 'number');
      const qp = queryParams.filter((p) => p.schema.type === 'integer');
      if (qp.length && (r.chance(0.5) || !candidates.length)) {
        const p = r.pick(qp);
        const v = r.pick([p.schema.minimum - 1, p.schema.minimum, p.schema.maximum, p.schema.maximum + 1, '1.5', 'abc', '-0', '1e3', '', '0x10', '99999999999999999999'].filter((v) => v !== undefined && !Number.isNaN(v)));
        for (let i = query.length - 1; i >= 0; i--) if (query[i][0] === p.name) query.splice(i, 1);
        query.push([p.name, String(v)]);
        mutation += ` ?${p.name}=${v}`;
      } else if (candidates.length) {
        const site = r.pick(candidates);
        const { minimum, maximum } = site.schema;
        const v = r.pick([minimum, maximum, minimum !== undefined ? minimum - 1 : undefined, maximum !== undefined ? maximum + 1 : undefined, 0.5, -1, Number.MAX_SAFE_INTEGER + 2, -8.64e15 - 1, 8.64e15 + 1].filter((v) => v !== undefined));
        setJson(replaced(json, site.path, v));
        mutation += ` ${v} at /${site.path.join('/')}`;
      } else fallback();
      break;
    }
    case 'missing-required': {
      const candidates = json && typeof json === 'object' ? sites(shape.jsonBody!, json).filter((s) => s.value && typeof s.value === 'object' && !Array.isArray(s.value) && (s.schema.required ?? []).length) : [];
      if (candidates.length) {
        const site = r.pick(candidates);
        const key = r.pick(site.schema.required as string[]);
        setJson(replaced(json, [...site.path, key], DELETE));
        mutation += ` /${[...site.path, key].join('/')}`;
      } else if (pathParams.length || headerParams.some((p) => p.required)) {
        const h = headerParams.find((p) => p.required);
        if (h) {
          delete headers[h.name];
          mutation += ` header ${h.name}`;
        } else fallback();
      } else fallback();
      break;
    }
    case 'extra-property': {
      const objects = json && typeof json === 'object' ? sites(shape.jsonBody!, json).filter((s) => s.value && typeof s.value === 'object' && !Array.isArray(s.value)) : [];
      if (objects.length) {
        const site = r.pick(objects);
        const key = r.pick(['__proto__', 'constructor', 'extra', 'id', 'status', 'slug', 'ownerUserId', 'createdAt']);
        // JSON.parse keeps "__proto__" as an own property, so the raw text carries it.
        const text = JSON.stringify(replaced(json, [...site.path, key === '__proto__' ? '__proto_placeholder__' : key], key === '__proto__' ? { polluted: true } : 'x')).replace('__proto_placeholder__', '__proto__');
        body = { raw: text, contentType: 'application/json' };
        mutation += ` ${key} at /${site.path.join('/')}`;
      } else if (queryParams.length || r.chance(0.5)) {
        query.push([r.pick(['extra', 'limit', 'cursor', '__proto__']), 'x']);
        mutation += ' in query';
      } else fallback();
      break;
    }
    case 'invalid-enum': {
      const candidates = bodySites().filter((s) => Array.isArray(s.schema.enum));
      const qp = queryParams.filter((p) => Array.isArray(p.schema.enum) || p.schema.type === 'boolean');
      if (candidates.length) {
        const site = r.pick(candidates);
        setJson(replaced(json, site.path, r.pick(['NOT_AN_ENUM', '', String(site.value).toUpperCase(), `${String(site.value)} `])));
        mutation += ` at /${site.path.join('/')}`;
      } else if (qp.length) {
        const p = r.pick(qp);
        query.push([p.name, r.pick(['maybe', 'TRUE', '1', ''])]);
        mutation += ` ?${p.name}`;
      } else fallback();
      break;
    }
    case 'hostile-text': {
      const strings = bodySites().filter((s) => typeof s.value === 'string');
      const value = r.pick(HOSTILE_TEXT);
      if (strings.length && r.chance(0.8)) {
        const site = r.pick(strings);
        const next = r.chance(0.5) ? `${String(site.value)}${value}`.slice(-Math.max(1, site.schema.maxLength ?? 200)) : value;
        setJson(replaced(json, site.path, next));
        mutation += ` ${JSON.stringify(value)} at /${site.path.join('/')}`;
      } else if (queryParams.length) {
        const p = r.pick(queryParams);
        query.push([p.name, value]);
        mutation += ` ${JSON.stringify(value)} ?${p.name}`;
      } else if (pathParams.length) {
        const p = r.pick(pathParams);
        segments[p.name] = encodeURIComponent(value.replace(/[\ud800-\udfff]/g, ''));
        mutation += ` ${JSON.stringify(value)} in {${p.name}}`;
      } else fallback();
      break;
    }
    case 'path-segment': {
      if (!pathParams.length) {
        fallback();
        break;
      }
      const p = r.pick(pathParams);
      segments[p.name] = r.pick(HOSTILE_SEGMENTS);
      mutation += ` {${p.name}}`;
      break;
    }
    case 'query': {
      const junk: [string, string][] = [
        ['limit', '1&limit=2'],
        ['cursor', '%FF'],
        ['cursor', 'eyJ4IjoxfQ'],
        ['cursor', 'x'.repeat(600)],
        ['q', '%00'],
        ['type', 'nope'],
      ];
      const [k, v] = r.pick(junk);
      const extra = `${encodeURIComponent(k)}=${v.includes('%') ? v : encodeURIComponent(v)}`;
      const base = buildUrl(shape.path, segments, query);
      return { operationId: shape.id, mutation: `${mutation} ${extra.slice(0, 40)}`, method: shape.method, url: base + (base.includes('?') ? '&' : '?') + extra, auth, headers, body };
    }
    case 'empty-body':
      body = r.pick([{ raw: '', contentType: 'application/json' }, { raw: 'null', contentType: 'application/json' }, { raw: '[]', contentType: 'application/json' }, { raw: '{}', contentType: 'application/json' }, { raw: '""', contentType: 'application/json' }, undefined]);
      mutation += ` ${JSON.stringify(body && 'raw' in body ? String(body.raw) : 'none')}`;
      break;
    case 'malformed-body': {
      const options: [string, FuzzCase['body']][] = [
        ['truncated', { raw: '{"title": "x', contentType: 'application/json' }],
        ['invalid utf-8', { raw: Buffer.from([0x7b, 0x22, 0x74, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), contentType: 'application/json' }],
        ['utf-16', { raw: Buffer.from('{"title":"x"}', 'utf16le'), contentType: 'application/json' }],
        ['bom', { raw: '\ufeff' + JSON.stringify(json ?? {}), contentType: 'application/json' }],
        ['charset latin1', { raw: JSON.stringify(json ?? {}), contentType: 'application/json; charset=iso-8859-1' }],
        ['charset bogus', { raw: JSON.stringify(json ?? {}), contentType: 'application/json; charset=bogus-42' }],
        ['deep nesting', { raw: '['.repeat(5000) + ']'.repeat(5000), contentType: 'application/json' }],
        ['escaped lone surrogate', { raw: JSON.stringify(json ?? {}).replace(/"([^"]*)"(?=\s*[,}])/, '"\\ud800$1"'), contentType: 'application/json' }],
        ['nul escape', { raw: JSON.stringify(json ?? {}).replace(/"([^"]*)"(?=\s*[,}])/, '"\\u0000$1"'), contentType: 'application/json' }],
        ['duplicate keys', { raw: (JSON.stringify(json ?? {}).replace(/^\{/, '{"title":1,') || '{}'), contentType: 'application/json' }],
        ['gzip claimed', { raw: JSON.stringify(json ?? {}), contentType: 'application/json' }],
      ];
      const [label, b] = r.pick(options);
      body = b;
      if (label === 'gzip claimed') headers['Content-Encoding'] = 'gzip';
      mutation += ` ${label}`;
      break;
    }
    case 'huge-body': {
      const size = r.chance(0.5) ? maxJsonBytes + 1 : r.int(64 * 1024, 256 * 1024);
      const filler = JSON.stringify({ title: 'x'.repeat(size) });
      body = { raw: filler, contentType: shape.multipart ? 'multipart/form-data; boundary=fuzz' : 'application/json' };
      mutation += ` ${filler.length} bytes`;
      break;
    }
    case 'wrong-content-type': {
      const type = r.pick(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'multipart/form-data; boundary=x', 'application/xml', 'application/json-patch+json', 'application/merge-patch+json', '*/*', 'application/jsonx', 'image/png', ';;;', 'application/json; charset']);
      body = { raw: body && 'json' in body ? JSON.stringify(body.json) : 'title=x&a=%FF', contentType: type };
      mutation += ` ${type}`;
      break;
    }
    case 'headers': {
      const options: [string, Record<string, string>][] = [
        ['idempotency key junk', { 'Idempotency-Key': r.pick([' ', 'a b', 'cl\u00e9', 'x'.repeat(129), '../../etc']) }],
        ['if-none-match junk', { 'If-None-Match': r.pick(['*', 'W/"x"', '"unterminated', '"a", "b", *', 'x'.repeat(1025)]) }],
        ['accept odd', { Accept: r.pick(['application/xml', 'text/html', '*/*;q=0', 'application/problem+json']) }],
        ['cookie junk', { Cookie: r.pick(['marquee_session=%FF', 'marquee_session=a; marquee_session=b', `marquee_session=${'z'.repeat(8000)}`, '=;;=;', 'marquee_session="unclosed']) }],
        ['origin odd', { Origin: r.pick(['null', 'https://evil.example', 'file://', '%FF']) }],
        ['forwarded', { 'X-Forwarded-For': r.pick(['::1, 10.0.0.1', 'garbage', '999.999.1.1']) }],
      ];
      const [label, extra] = r.pick(options);
      Object.assign(headers, extra);
      mutation += ` ${label}`;
      break;
    }
    default:
      break;
  }
  return { operationId: shape.id, mutation, method: shape.method, url: buildUrl(shape.path, segments, query), auth, headers, body };
}

function buildUrl(template: string, segments: Record<string, string>, query: [string, string][]): string {
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => segments[name]);
  const qs = new URLSearchParams(query).toString();
  return qs ? `${path}?${qs}` : path;
}

/** A multipart form with the schema's text fields and a tiny file part. */
function multipartBody(schema: Record<string, any>, r: Rng, f: Fixtures): FuzzCase['body'] {
  const boundary = `fuzz${Math.floor(r.next() * 1e9)}`;
  const parts: string[] = [];
  for (const [name, sub] of Object.entries<any>(deref(schema).properties ?? {})) {
    if (name === 'file') continue;
    parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(validValue(sub, r, f, name))}\r\n`);
  }
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
  const head = Buffer.from(`${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`);
  const raw = Buffer.concat([head, png, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { raw, contentType: `multipart/form-data; boundary=${boundary}` };
}
