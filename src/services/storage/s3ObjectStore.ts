import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import type { Clock } from '../../lib/clock.js';
import { assertObjectKey, type ObjectStore, type UploadTarget } from './objectStore.js';

export interface S3ObjectStoreOptions {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, R2, …); AWS's own when absent. */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** Static credentials; the SDK's default provider chain when absent. */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  clock: Clock;
}

/** Objects in an S3-compatible bucket; clients upload straight to the bucket with a presigned POST. */
export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly clock: Clock;

  constructor(opts: S3ObjectStoreOptions) {
    this.bucket = opts.bucket;
    this.clock = opts.clock;
    this.client = new S3Client({
      region: opts.region,
      ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
      ...(opts.forcePathStyle ? { forcePathStyle: true } : {}),
      ...(opts.credentials ? { credentials: opts.credentials } : {}),
    });
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    assertObjectKey(key);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }),
    );
  }

  async get(key: string): Promise<Buffer | undefined> {
    assertObjectKey(key);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!out.Body) return undefined;
      return Buffer.from(await out.Body.transformToByteArray());
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertObjectKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }

  async uploadTarget(input: { key: string; contentType: string; byteLength: number; expiresAt: number }): Promise<UploadTarget> {
    assertObjectKey(input.key);
    // createPresignedPost counts from the wall clock; never below one second, never past expiresAt.
    const expires = Math.max(1, Math.floor((input.expiresAt - this.clock.now()) / 1000));
    const { url, fields } = await createPresignedPost(this.client, {
      Bucket: this.bucket,
      Key: input.key,
      Fields: { 'Content-Type': input.contentType },
      Conditions: [
        { key: input.key },
        ['eq', '$Content-Type', input.contentType],
        ['content-length-range', input.byteLength, input.byteLength],
      ],
      Expires: expires,
    });
    return { url, fields };
  }
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  // A missing bucket is also a 404, but that is a configuration error, not an absent object.
  if (e?.name === 'NoSuchBucket') return false;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}
