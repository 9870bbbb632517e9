import crypto from 'node:crypto';

/**
 * The canonical JSON text of a parsed JSON value (RFC 8785, JCS): object members sorted by
 * their names' UTF-16 code units, no whitespace, strings and numbers as ECMAScript's
 * `JSON.stringify` writes them (which is what JCS specifies). Two bodies that differ only in
 * member order or spacing have the same text. Members whose value is `undefined` are left out,
 * as `JSON.stringify` does.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError('JSON has no non-finite numbers');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** SHA-256 (hex) of the canonical JSON of `value`. */
export const canonicalJsonHash = (value: unknown): string => crypto.createHash('sha256').update(canonicalJson(value)).digest('hex');
