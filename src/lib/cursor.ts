import { problems } from '../services/errors.js';

/** Opaque keyset cursors (decisions §1): base64url of a JSON tuple; anything else is a 400. */
export function encodeCursor(values: (string | number)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

export function decodeCursor<T extends (string | number)[]>(cursor: string, shape: ('string' | 'number')[]): T {
  try {
    const values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(values) && values.length === shape.length && values.every((v, i) => typeof v === shape[i])) return values as T;
  } catch {
    /* fall through */
  }
  throw problems.validation([{ parameter: 'cursor', message: 'unknown or malformed cursor' }]);
}
