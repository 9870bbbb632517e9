import crypto from 'node:crypto';
import { randomToken } from '../../lib/crypto.js';
import type { AccountEmailTokenPurpose } from '../../repositories/accountEmailTokens.js';

/** How long a link sent by e-mail stays usable (decisions §6). */
export const ACCOUNT_TOKEN_TTL_MS: Record<AccountEmailTokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
  change_email: 24 * 60 * 60 * 1000,
};

/** 32 random bytes in base64url: 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A new link token: the value goes into the message only, the hash into the database. */
export function newAccountToken(): { value: string; hash: string } {
  const value = randomToken(32);
  return { value, hash: hashAccountToken(value) };
}

/** SHA-256 of the value (base64url): 256 random bits need no key or stretching. */
export function hashAccountToken(value: string): string {
  return crypto.createHash('sha256').update(value).digest('base64url');
}

/** True for a value that could be one of ours (anything else is refused without a query). */
export const wellFormedAccountToken = (value: unknown): value is string => typeof value === 'string' && TOKEN_SHAPE.test(value);
