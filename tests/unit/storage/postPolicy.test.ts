import crypto from 'node:crypto';
import { describe, expect, test } from '@jest/globals';
import { AppError } from '../../../src/services/errors.js';
import { signUploadPolicy, verifyUploadPolicy, type UploadPolicy } from '../../../src/services/storage/postPolicy.js';

const secretKey = crypto.randomBytes(32);
const now = Date.UTC(2026, 10, 21, 12, 0, 0);
const grant: UploadPolicy = {
  key: 'posters/evt_1/pst_abc',
  contentType: 'image/png',
  byteLength: 4096,
  expiresAt: now + 10 * 60_000,
};

function form(overrides: Record<string, string> = {}, input: UploadPolicy = grant): Record<string, string> {
  const { policy, signature } = signUploadPolicy(secretKey, input);
  return { key: input.key, policy, signature, 'Content-Type': input.contentType, ...overrides };
}

function refusal(run: () => unknown): { status: number; code?: string; pointers: string[]; message: string } {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    const e = err as AppError;
    return { status: e.status, code: e.options.code, pointers: (e.options.errors ?? []).map((f) => f.pointer ?? ''), message: JSON.stringify(e.options) };
  }
  throw new Error('expected a refusal');
}

describe('upload policy', () => {
  test('when a policy is signed, then it reads as an S3-style POST policy binding key, type and exact length', () => {
    const { policy, signature } = signUploadPolicy(secretKey, grant);
    expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.parse(Buffer.from(policy, 'base64url').toString('utf8'))).toEqual({
      expiration: new Date(grant.expiresAt).toISOString(),
      conditions: [{ key: grant.key }, { 'Content-Type': 'image/png' }, ['content-length-range', 4096, 4096]],
    });
  });

  test('when the form and file match the policy, then the granted upload comes back', () => {
    expect(verifyUploadPolicy(secretKey, form(), { byteLength: 4096 }, now)).toEqual(grant);
  });

  test('when the policy is altered but the signature kept, then 403', () => {
    const original = form();
    const widened = signUploadPolicy(secretKey, { ...grant, byteLength: 99_999_999 }).policy;
    const r = refusal(() => verifyUploadPolicy(secretKey, { ...original, policy: widened }, { byteLength: 99_999_999 }, now));
    expect(r.status).toBe(403);
  });

  test('when the policy was signed with another key, then 403', () => {
    const other = signUploadPolicy(crypto.randomBytes(32), grant);
    const r = refusal(() => verifyUploadPolicy(secretKey, form(other), { byteLength: 4096 }, now));
    expect(r.status).toBe(403);
    expect(r.message).not.toContain(secretKey.toString('base64url'));
  });

  test.each([['signature'], ['policy']])('when the %s field is missing, then 403', (name) => {
    const fields = form();
    delete fields[name];
    expect(refusal(() => verifyUploadPolicy(secretKey, fields, { byteLength: 4096 }, now)).status).toBe(403);
  });

  test('when the signature is garbage of another length, then 403 without throwing a raw error', () => {
    expect(refusal(() => verifyUploadPolicy(secretKey, form({ signature: 'x' }), { byteLength: 4096 }, now)).status).toBe(403);
  });

  test('when the policy has expired, then 403', () => {
    expect(refusal(() => verifyUploadPolicy(secretKey, form(), { byteLength: 4096 }, grant.expiresAt)).status).toBe(403);
    expect(verifyUploadPolicy(secretKey, form(), { byteLength: 4096 }, grant.expiresAt - 1).key).toBe(grant.key);
  });

  test('when the form names another key, then 400 at /key', () => {
    const r = refusal(() => verifyUploadPolicy(secretKey, form({ key: 'posters/evt_1/other' }), { byteLength: 4096 }, now));
    expect(r).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', pointers: ['/key'] });
  });

  test('when the form names another Content-Type, then 400 at /Content-Type', () => {
    const r = refusal(() => verifyUploadPolicy(secretKey, form({ 'Content-Type': 'image/gif' }), { byteLength: 4096 }, now));
    expect(r).toMatchObject({ status: 400, pointers: ['/Content-Type'] });
  });

  test.each([[4095], [4097], [0]])('when the file holds %i bytes instead of the exact 4096, then 400 at /file', (byteLength) => {
    const r = refusal(() => verifyUploadPolicy(secretKey, form(), { byteLength }, now));
    expect(r).toMatchObject({ status: 400, pointers: ['/file'] });
  });

  test('when the form carries a field the policy does not cover, then 400 at that field', () => {
    const r = refusal(() => verifyUploadPolicy(secretKey, form({ acl: 'public-read' }), { byteLength: 4096 }, now));
    expect(r).toMatchObject({ status: 400, pointers: ['/acl'] });
  });

  test('when several things differ, then all are reported at once', () => {
    const fields = form({ 'Content-Type': 'image/jpeg' });
    delete fields.key;
    const r = refusal(() => verifyUploadPolicy(secretKey, fields, { byteLength: 1 }, now));
    expect(r).toMatchObject({ status: 400, pointers: ['/key', '/Content-Type', '/file'] });
  });
});
