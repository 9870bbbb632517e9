import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { signUploadPolicy } from './postPolicy.js';

export interface UploadTarget {
  url: string;
  fields: Record<string, string>;
}

/** Private blob storage for uploads and derived images: a local directory or an S3-compatible bucket. */
export interface ObjectStore {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** undefined when absent */
  get(key: string): Promise<Buffer | undefined>;
  /** absent is fine */
  delete(key: string): Promise<void>;
  /** Where a client sends the bytes of one upload; binds key, type and exact length until expiresAt (epoch ms). */
  uploadTarget(input: { key: string; contentType: string; byteLength: number; expiresAt: number }): Promise<UploadTarget>;
}

const KEY_PATTERN = /^[A-Za-z0-9._/-]+$/;
const KEY_MAX_LENGTH = 512;

/**
 * Keys become file paths on the embedded store, so only a plain relative path is accepted:
 * `[A-Za-z0-9._/-]`, no `..`, no leading `/`, no empty or `.` segments.
 */
export function assertObjectKey(key: string): void {
  const ok =
    typeof key === 'string' &&
    key.length > 0 &&
    key.length <= KEY_MAX_LENGTH &&
    KEY_PATTERN.test(key) &&
    !key.includes('..') &&
    !key.startsWith('/') &&
    !key.endsWith('/') &&
    key.split('/').every((segment) => segment !== '' && segment !== '.');
  if (!ok) throw new Error(`Invalid object key: ${JSON.stringify(String(key).slice(0, 80))}`);
}

/** The embedded default: files under a directory, uploads received by this server's own form endpoint. */
export class LocalObjectStore implements ObjectStore {
  readonly kind = 'local' as const;
  private readonly root: string;
  private readonly secretKey: Buffer;
  private readonly uploadUrl: string;

  constructor(opts: { root: string; secretKey: Buffer; publicBaseUrl: string }) {
    this.root = path.resolve(opts.root);
    this.secretKey = opts.secretKey;
    this.uploadUrl = `${opts.publicBaseUrl.replace(/\/+$/, '')}/storage/uploads`;
  }

  async put(key: string, bytes: Buffer, _contentType: string): Promise<void> {
    const file = this.fileFor(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write beside the target, then rename: readers see the old object or the new one, never half.
    const temp = path.join(path.dirname(file), `.${path.basename(file)}.${crypto.randomBytes(6).toString('hex')}.partial`);
    try {
      const handle = await fs.open(temp, 'wx', 0o600);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temp, file);
    } catch (err) {
      await fs.rm(temp, { force: true }).catch(() => undefined);
      throw err;
    }
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await fs.readFile(this.fileFor(key));
    } catch (err) {
      if (isAbsent(err)) return undefined;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await fs.unlink(this.fileFor(key));
    } catch (err) {
      if (!isAbsent(err)) throw err;
    }
  }

  async uploadTarget(input: { key: string; contentType: string; byteLength: number; expiresAt: number }): Promise<UploadTarget> {
    assertObjectKey(input.key);
    const { policy, signature } = signUploadPolicy(this.secretKey, input);
    return {
      url: this.uploadUrl,
      fields: { key: input.key, policy, signature, 'Content-Type': input.contentType },
    };
  }

  private fileFor(key: string): string {
    assertObjectKey(key);
    const file = path.resolve(this.root, key);
    // Belt and braces: the key rules already keep paths inside root.
    if (!file.startsWith(this.root + path.sep)) throw new Error('Invalid object key: outside the store');
    return file;
  }
}

function isAbsent(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}
