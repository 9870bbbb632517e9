import { identityTag } from './encoding.js';

/**
 * RFC 9110 §13.1.2: weak comparison of If-None-Match against the current tag. A tag of one of
 * its compressed codings (`"…-br"`, src/http/encoding.ts) matches too: the client holds the same
 * representation, coded, and the 304 names the coding it negotiates now.
 */
export function notModified(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const value = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch;
  if (value.trim() === '*') return true;
  return value.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === etag || identityTag(tag) === etag;
  });
}
