import type { S3Client } from '@aws-sdk/client-s3';
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

interface Sdk {
  s3: typeof import('@aws-sdk/client-s3');
  client: S3Client;
  createPresignedPost: (typeof import('@aws-sdk/s3-presigned-post'))['createPresignedPost'];
}

/**
 * Objects in an S3-compatible bucket; clients upload straight to the bucket with a presigned POST.
 * The AWS SDK (tens of megabytes resident) is loaded on the first storage call, so a server on
 * the embedded storage, or one that has not touched storage yet, does not hold it.
 */
export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3' as const;
  private sdk: Promise<Sdk> | undefined;
  private readonly bucket: string;
  private readonly clock: Clock;

  constructor(private readonly opts: S3ObjectStoreOptions) {
    this.bucket = opts.bucket;
    this.clock = opts.clock;
  }

  private load(): Promise<Sdk> {
    this.sdk ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-presigned-post')]).then(([s3, post]) => ({
      s3,
      createPresignedPost: post.createPresignedPost,
      client: new s3.S3Client({
        region: this.opts.region,
        ...(this.opts.endpoint ? { endpoint: this.opts.endpoint } : {}),
        ...(this.opts.forcePathStyle ? { forcePathStyle: true } : {}),
        ...(this.opts.credentials ? { credentials: this.opts.credentials } : {}),
      }),
    }));
    return this.sdk;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    assertObjectKey(key);
    const { s3, client } = await this.load();
    await client.send(
      new s3.PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }),
    );
  }

  async get(key: string): Promise<Buffer | undefined> {
    assertObjectKey(key);
    const { s3, client } = await this.load();
    try {
      const out = await client.send(new s3.GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!out.Body) return undefined;
      return Buffer.from(await out.Body.transformToByteArray());
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertObjectKey(key);
    const { s3, client } = await this.load();
    try {
      await client.send(new s3.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }

  async uploadTarget(input: { key: string; contentType: string; byteLength: number; expiresAt: number }): Promise<UploadTarget> {
    assertObjectKey(input.key);
    const { client, createPresignedPost } = await this.load();
    // createPresignedPost counts from the wall clock; never below one second, never past expiresAt.
    const expires = Math.max(1, Math.floor((input.expiresAt - this.clock.now()) / 1000));
    const { url, fields } = await createPresignedPost(client, {
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
