import crypto from 'node:crypto';

const ID_BYTES = 12;
/** Random bytes for ids, drawn from the CSPRNG 256 ids at a time (a publish makes ten ids). */
const idPool = Buffer.alloc(ID_BYTES * 256);
let idPoolAt = idPool.length;

/** Random opaque identifier with a readable kind prefix, e.g. `tok_3q…`. */
export function newId(prefix: string): string {
  if (idPoolAt === idPool.length) {
    crypto.randomFillSync(idPool);
    idPoolAt = 0;
  }
  const bytes = idPool.subarray(idPoolAt, (idPoolAt += ID_BYTES));
  const id = `${prefix}_${bytes.toString('base64url')}`;
  // Each id's bytes are used once.
  bytes.fill(0);
  return id;
}

export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

/**
 * The key as a KeyObject, made once per key: an HMAC over a raw Buffer key imports the key again
 * on every call, which costs several times the hashing itself (every request hashes its client
 * address, and every bearer its token).
 */
const keyObjects = new WeakMap<Buffer, crypto.KeyObject>();
function secretKeyOf(key: Buffer): crypto.KeyObject {
  let k = keyObjects.get(key);
  if (!k) keyObjects.set(key, (k = crypto.createSecretKey(key)));
  return k;
}

/** Keyed one-way hash (HMAC-SHA-256, base64url) used for verifiers and references. */
export function keyedHash(key: Buffer, purpose: string, value: string): string {
  return crypto.createHmac('sha256', secretKeyOf(key)).update(purpose).update('\0').update(value).digest('base64url');
}

export function constantTimeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && crypto.timingSafeEqual(ab, bb);
}
