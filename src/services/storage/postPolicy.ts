import { constantTimeEqual, keyedHash } from '../../lib/crypto.js';
import { problems, type FieldError } from '../errors.js';

/**
 * The embedded store's upload policy: shaped like an S3 POST policy so clients send the same
 * form to either target, but signed with the server's own key (HMAC-SHA-256) instead of SigV4.
 */
const PURPOSE = 'storage-upload-policy';

/** The only form fields an upload to the embedded store may carry (besides the file). */
export const UPLOAD_POLICY_FIELDS = ['key', 'policy', 'signature', 'Content-Type'] as const;

export interface UploadPolicy {
  key: string;
  contentType: string;
  /** Exact length the file must have. */
  byteLength: number;
  /** Epoch ms after which the policy no longer admits an upload. */
  expiresAt: number;
}

interface PolicyDocument {
  expiration: string;
  conditions: [{ key: string }, { 'Content-Type': string }, ['content-length-range', number, number]];
}

export function signUploadPolicy(secretKey: Buffer, input: UploadPolicy): { policy: string; signature: string } {
  if (!Number.isSafeInteger(input.byteLength) || input.byteLength < 0) throw new Error('byteLength must be a non-negative integer');
  if (!Number.isFinite(input.expiresAt)) throw new Error('expiresAt must be epoch milliseconds');
  const document: PolicyDocument = {
    expiration: new Date(input.expiresAt).toISOString(),
    conditions: [
      { key: input.key },
      { 'Content-Type': input.contentType },
      ['content-length-range', input.byteLength, input.byteLength],
    ],
  };
  const policy = Buffer.from(JSON.stringify(document), 'utf8').toString('base64url');
  return { policy, signature: keyedHash(secretKey, PURPOSE, policy) };
}

/**
 * Checks an upload form against its signed policy. 403 when the policy is missing, forged or
 * expired; 400 when the form or the file does not match what the policy allows.
 */
export function verifyUploadPolicy(
  secretKey: Buffer,
  fields: Record<string, string>,
  file: { byteLength: number },
  now: number,
): UploadPolicy {
  const policy = own(fields, 'policy');
  const signature = own(fields, 'signature');
  if (policy === undefined || signature === undefined) {
    throw problems.forbidden('The upload form lacks a signed policy; request a new upload target.');
  }
  if (!constantTimeEqual(keyedHash(secretKey, PURPOSE, policy), signature)) {
    throw problems.forbidden('The upload policy signature is not valid; request a new upload target.');
  }
  const granted = parsePolicy(policy);
  if (!(now < granted.expiresAt)) {
    throw problems.forbidden('The upload policy has expired; request a new upload target.');
  }

  const errors: FieldError[] = [];
  const key = own(fields, 'key');
  if (key === undefined) errors.push({ pointer: '/key', message: 'is required' });
  else if (key !== granted.key) errors.push({ pointer: '/key', message: 'does not match the upload policy' });
  const contentType = own(fields, 'Content-Type');
  if (contentType === undefined) errors.push({ pointer: '/Content-Type', message: 'is required' });
  else if (contentType !== granted.contentType) {
    errors.push({ pointer: '/Content-Type', message: `must be ${granted.contentType} as declared for this upload` });
  }
  // As S3 does, a field the policy does not cover is refused rather than ignored.
  for (const name of Object.keys(fields)) {
    if (!(UPLOAD_POLICY_FIELDS as readonly string[]).includes(name)) {
      errors.push({ pointer: `/${escapePointer(name)}`, message: 'is not allowed by the upload policy' });
    }
  }
  if (file.byteLength !== granted.byteLength) {
    errors.push({ pointer: '/file', message: `must be exactly ${granted.byteLength} bytes as declared, not ${file.byteLength}` });
  }
  if (errors.length > 0) throw problems.validation(errors, 'The upload does not match its policy.');
  return granted;
}

function own(fields: Record<string, string>, name: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(fields, name) && typeof fields[name] === 'string' ? fields[name] : undefined;
}

function escapePointer(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Only called on a policy whose signature checked out, so a bad shape is our own bug; still refuse. */
function parsePolicy(policy: string): UploadPolicy {
  try {
    const document = JSON.parse(Buffer.from(policy, 'base64url').toString('utf8')) as PolicyDocument;
    const [keyCondition, typeCondition, range] = document.conditions;
    const expiresAt = Date.parse(document.expiration);
    if (
      typeof keyCondition?.key === 'string' &&
      typeof typeCondition?.['Content-Type'] === 'string' &&
      Array.isArray(range) &&
      range[0] === 'content-length-range' &&
      Number.isSafeInteger(range[1]) &&
      range[1] === range[2] &&
      Number.isFinite(expiresAt)
    ) {
      return { key: keyCondition.key, contentType: typeCondition['Content-Type'], byteLength: range[1], expiresAt };
    }
  } catch {
    // fall through
  }
  throw problems.forbidden('The upload policy is not valid; request a new upload target.');
}
