import { contractDocument } from '../../src/contract/document.js';

/**
 * A seeded generator of requests from the bundled contract: for every operation, requests its
 * schemas declare valid (examples, defaults and enums first) and near-valid mutations of them.
 * The same seed always yields the same cases, so a failure is reproduced from its seed.
 */

/** mulberry32: small, fast and good enough to pick cases. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
}

type Schema = Record<string, any>;
const doc = contractDocument();

/** Follows local `$ref`s to the object they name. */
export function deref<T = Schema>(node: any): T {
  let current = node;
  for (let i = 0; current && typeof current.$ref === 'string' && i < 20; i++) {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce((acc: any, key: string) => acc?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  return current as T;
}

/** Values that fit the contract's patterns (it has few, so each gets its own). */
const PATTERNS: Record<string, (r: Rng) => string> = {
  '^/(?!/)': (r) => r.pick(['/', '/done', '/developer']),
  '^service_[A-Za-z0-9_-]{12}$': (r) => `service_${b64url(r, 12)}`,
  '^service_[A-Za-z0-9_-]{43}$': (r) => `service_${b64url(r, 43)}`,
  '^[A-Za-z0-9._:-]+$': (r) => `key-${b64url(r, r.int(4, 24))}`,
  '^[a-f0-9]{64}$': (r) => Array.from({ length: 64 }, () => '0123456789abcdef'[r.int(0, 15)]).join(''),
  '^([01][0-9]|2[0-3]):[0-5][0-9]$': (r) => `${String(r.int(0, 23)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')}`,
  '^[A-Za-z0-9_-]{43}$': (r) => b64url(r, 43),
  '^[A-Z]{2}$': (r) => r.pick(['DE', 'US', 'JP', 'GB']),
  '^[A-Z0-9]{1,3}$': (r) => r.pick(['BY', 'CA', '13']),
  '^"[A-Za-z0-9_-]{1,64}"$': (r) => `"${b64url(r, 16)}"`,
};
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const b64url = (r: Rng, n: number) => Array.from({ length: n }, () => B64[r.int(0, 63)]).join('');

/** Ordinary text of every kind users type: accents, CJK, emoji, quotes and markup. */
const WORDS = ['Night', 'Funk', 'Café', 'Ωmega', '東京', 'ライブ', '🎶', 'O\'Brien', '<b>bold</b>', 'a&b', 'Rave', 'Crew', 'Straße', 'x'];
function text(r: Rng, min: number, max: number): string {
  const target = r.int(min, Math.min(max, Math.max(min, 3) + 24));
  let out = '';
  while ([...out].length < target) out += (out ? ' ' : '') + r.pick(WORDS);
  const chars = [...out].slice(0, target);
  let s = chars.join('');
  // Slicing by code point may leave a trailing space; keep the length within bounds either way.
  while (s.length > max) s = s.slice(0, -1);
  if (s.length < min) s = s.padEnd(min, 'x');
  return s;
}

const SCOPES = ['public:read', 'events:contribute', 'events:read', 'events:write', 'profile:read', 'profile:write', 'developer:read', 'time:parse'];
export const FIXED_NOW = Date.UTC(2026, 10, 21, 12, 0, 0);

/** What the generator knows of the world it sends to: real slugs and ids where a name asks for one. */
export interface Hints {
  communitySlug: string;
  personSlug: string;
  worldSlug?: string;
  /** Current revisions of the targets (`expectedVersion`, `expectedUpdatedAt`), so valid writes get past optimistic concurrency. */
  expected?: Record<string, number>;
}

/** Values for properties whose name says more than their schema (times, zones, scopes, URLs). */
function byName(name: string, schema: Schema, r: Rng, hints: Hints): unknown {
  const types = ([] as string[]).concat(schema.type ?? []);
  if (hints.expected?.[name] !== undefined && r.chance(0.9)) return hints.expected[name];
  if (types.includes('integer') && /At$/.test(name)) {
    // One schedule for a whole request, so that doors, start, end and slots agree.
    const start = Date.UTC(2026, 11, 5, 19, 0, 0);
    return name === 'endAt' ? start + 3 * 3_600_000 : name === 'doorsOpenAt' ? start - 3_600_000 : start;
  }
  if (!types.includes('string')) return undefined;
  if (name === 'communitySlug' || name === 'ownerCommunitySlug') return hints.communitySlug;
  if (name === 'personSlug') return hints.personSlug;
  if (name === 'worldSlug' && hints.worldSlug) return hints.worldSlug;
  if (/^(timezone|timeZone)$/.test(name)) return r.pick(['Europe/Berlin', 'UTC', 'Asia/Tokyo', 'America/New_York']);
  if (name === 'eventDate') return `2026-12-${String(r.int(5, 28)).padStart(2, '0')}`;
  if (name === 'locale') return r.pick(['en-US', 'en-GB', 'de-DE', 'ja-JP']);
  if (name === 'country') return r.pick(['DE', 'US', 'JP']);
  if (/[uU]rl$|Uri$|^url$/.test(name) || schema.format === 'uri') return `https://example.test/${b64url(r, 6)}`;
  if (name === 'email') return `fuzz${b64url(r, 5)}@example.test`;
  if (name === 'referenceInstant') return new Date(FIXED_NOW).toISOString();
  return undefined;
}

/** Merges `allOf` parts into one object schema (enough for the contract's request bodies). */
function merged(schema: Schema): Schema {
  if (!schema.allOf) return schema;
  const parts = schema.allOf.map((p: Schema) => merged(deref(p)));
  const out: Schema = { ...schema, type: 'object', properties: {}, required: [] };
  delete out.allOf;
  for (const p of parts) {
    Object.assign(out.properties, p.properties ?? {});
    out.required.push(...(p.required ?? []));
    if (p.additionalProperties === false) out.additionalProperties = false;
  }
  return out;
}

/** A value the schema accepts (best effort: `oneOf` branches and cross-field rules may still refuse it). */
export function validValue(input: Schema, r: Rng, hints: Hints, name = '', depth = 0): unknown {
  const schema = merged(deref(input) ?? {});
  const named = name ? byName(name, schema, r, hints) : undefined;
  if (named !== undefined) return named;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return r.pick(schema.enum);
  if (Array.isArray(schema.examples) && schema.examples.length && r.chance(0.5)) return structuredClone(r.pick(schema.examples));
  if (schema.example !== undefined && r.chance(0.5)) return structuredClone(schema.example);
  if (schema.default !== undefined && r.chance(0.3)) return structuredClone(schema.default);
  const branches = schema.oneOf ?? schema.anyOf;
  if (branches && (schema.type || schema.properties)) {
    // Branches that only add constraints to an object (`oneOf: [{required: [a]}, {required: [b]}]`).
    const branch = merged(deref(r.pick(branches)));
    const { oneOf: _o, anyOf: _a, ...rest } = schema;
    const combined = { ...rest, properties: { ...(rest.properties ?? {}), ...(branch.properties ?? {}) }, required: [...(rest.required ?? []), ...(branch.required ?? [])] };
    return validValue(combined, r, hints, name, depth + 1);
  }
  if (branches) {
    const nonNull = branches.filter((b: Schema) => deref(b)?.type !== 'null');
    return validValue(r.chance(0.9) && nonNull.length ? r.pick(nonNull) : r.pick(branches), r, hints, name, depth + 1);
  }
  const types = ([] as string[]).concat(schema.type ?? (schema.properties ? 'object' : 'string'));
  const type = types.length > 1 && r.chance(0.85) ? types.find((t) => t !== 'null')! : r.pick(types);
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      return r.chance(0.5);
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
      const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : Math.max(min, 0) + 100);
      return r.int(Math.ceil(min), Math.floor(max));
    }
    case 'array': {
      const min = schema.minItems ?? 0;
      const max = Math.min(schema.maxItems ?? min + 3, min + 3);
      const n = depth > 4 ? min : r.int(min, max);
      const items = Array.from({ length: n }, () => validValue(schema.items ?? {}, r, hints, name === 'scopes' ? 'scope' : '', depth + 1));
      if (name === 'scopes') return [...new Set(Array.from({ length: Math.max(1, n) }, () => r.pick(SCOPES)))];
      return schema.uniqueItems ? [...new Map(items.map((i) => [JSON.stringify(i), i])).values()] : items;
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set<string>(schema.required ?? []);
      for (const [key, sub] of Object.entries<Schema>(schema.properties ?? {})) {
        if (deref(sub)?.readOnly) continue;
        if (required.has(key) || (depth < 4 && r.chance(0.5))) out[key] = validValue(sub, r, hints, key, depth + 1);
      }
      return out;
    }
    default: {
      if (schema.pattern && PATTERNS[schema.pattern]) return PATTERNS[schema.pattern](r);
      if (schema.format === 'date') return `2026-12-${String(r.int(5, 28)).padStart(2, '0')}`;
      if (schema.format === 'date-time') return new Date(FIXED_NOW + r.int(0, 30) * 86_400_000).toISOString();
      if (schema.format === 'uri' || schema.format === 'uri-reference') return `https://example.test/${b64url(r, 6)}`;
      if (schema.format === 'email') return `fuzz${b64url(r, 5)}@example.test`;
      return text(r, schema.minLength ?? 1, schema.maxLength ?? 60);
    }
  }
}

/** Every place in a JSON value, as a path of keys, with the schema that describes it (when known). */
export interface Site {
  path: (string | number)[];
  schema: Schema;
  value: unknown;
}

/** Resolves the schema of a value (the branch that fits its type when there are several). */
function schemaFor(input: Schema, value: unknown): Schema {
  const schema = merged(deref(input) ?? {});
  const branches = schema.oneOf ?? schema.anyOf;
  if (!branches) return schema;
  const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' ? 'number' : typeof value;
  for (const b of branches) {
    const s = merged(deref(b));
    const types = ([] as string[]).concat(s.type ?? (s.properties ? 'object' : []));
    if (types.some((t) => t === kind || (t === 'integer' && kind === 'number'))) return schemaFor(s, value);
  }
  return schema;
}

export function sites(schema: Schema, value: unknown, path: (string | number)[] = []): Site[] {
  const s = schemaFor(schema, value);
  const out: Site[] = [{ path, schema: s, value }];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...sites(s.items ?? {}, v, [...path, i])));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) out.push(...sites(s.properties?.[k] ?? {}, v, [...path, k]));
  }
  return out;
}

/** A copy of `root` with the value at `path` replaced (or deleted when `value` is `DELETE`). */
export const DELETE = Symbol('delete');
export function replaced(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value === DELETE ? undefined : value;
  const copy: any = structuredClone(root);
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key];
  const last = path[path.length - 1];
  if (value === DELETE) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
  return copy;
}

/** Strings users should never get stored or echoed as they are: NUL, lone surrogates, bidi overrides, other controls. */
export const HOSTILE_TEXT = ['a\u0000b', '\u0000', 'x\ud800y', '\udc00', 'abc\ud83d', '\u202eevil\u202c', '\u2066iso\u2069', 'bell\u0007', 'line\r\nbreak', 'tab\tstop', '\u001b[31mred', '\ufeffbom', '\u200bzero-width', 'a\u0301\u0301\u0301'];

/** Path parameter values that try to leave their segment or break decoding. */
export const HOSTILE_SEGMENTS = ['..%2f..%2fetc%2fpasswd', '..%2F', '%2e%2e', '..', '.', '%00', 'a%00b', '%FF', '%E0%A4%A', '%', '%2', '%C0%AE%C0%AE', '%ED%A0%80', '%E2%80%AE', '%20', '%252e%252e%252f', 'a%2fb', 'a%5cb', "'%20or%201=1--", '%3Cscript%3E', 'x'.repeat(161), 'x'.repeat(5000), '%F0%9F%8E%B6'];

/**
 * `schema` with its `#/$defs/…` references replaced by what they name (a few levels deep): MCP
 * tool schemas are self-contained, and the value generator follows only the contract's references.
 */
export function inlined(schema: unknown, defs: Record<string, unknown> = {}, depth = 0): unknown {
  if (Array.isArray(schema)) return schema.map((s) => inlined(s, defs, depth));
  if (!schema || typeof schema !== 'object') return schema;
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/$defs/')) return depth > 8 ? {} : inlined(defs[ref.slice(8)], defs, depth + 1);
  return Object.fromEntries(Object.entries(schema).filter(([k]) => k !== '$defs').map(([k, v]) => [k, inlined(v, defs, depth)]));
}
