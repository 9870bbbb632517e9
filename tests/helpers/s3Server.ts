import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { Clock } from '../../src/lib/clock.js';
import { storageFromEnv } from '../../src/services/storage/config.js';
import type { ObjectStore } from '../../src/services/storage/objectStore.js';

/**
 * A real S3-protocol server (s3rver) on an ephemeral loopback port, its objects in a fresh
 * temporary directory, with one empty bucket made through the S3 API. It answers the requests
 * Marquee's S3 store sends (PutObject, GetObject, DeleteObject) and the presigned POST
 * (PostObject) browsers send; it does not check POST policies or signatures, so what a form may
 * carry is held by Marquee's completion checks (contract 4.2), not by this server.
 */
export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** The S3-compatible storage settings of a deployment that keeps its objects in this bucket. */
  env: NodeJS.ProcessEnv;
  /** A client of its own, to look into the bucket the way an operator would. */
  client: S3Client;
  /** The object's bytes and stored type; undefined when absent. */
  object(key: string): Promise<{ bytes: Buffer; contentType: string | undefined } | undefined>;
  /** The keys in the bucket under `prefix`, sorted. */
  keys(prefix?: string): Promise<string[]>;
  close(): Promise<void>;
}

/** s3rver's built-in account; any other access key is refused. */
const ACCESS_KEY = 'S3RVER';

export async function startS3Server(bucket = 'marquee-objects'): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, vhostBuckets: false });
  let client: S3Client | undefined;
  try {
    const { port } = await server.run();
    const endpoint = `http://127.0.0.1:${port}`;
    const env = {
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: '1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    };
    client = new S3Client({ region: env.S3_REGION, endpoint, forcePathStyle: true, credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY } });
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    const c = client;
    return {
      endpoint,
      bucket,
      env,
      client: c,
      async object(key) {
        try {
          const out = await c.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
          return { bytes: Buffer.from(await out.Body!.transformToByteArray()), contentType: out.ContentType };
        } catch (err) {
          if ((err as { name?: string }).name === 'NoSuchKey') return undefined;
          throw err;
        }
      },
      async keys(prefix = '') {
        const keys: string[] = [];
        let token: string | undefined;
        do {
          const page = await c.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
          keys.push(...(page.Contents ?? []).map((o) => o.Key!));
          token = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (token);
        return keys.sort();
      },
      async close() {
        c.destroy();
        await server.close();
        fs.rmSync(directory, { recursive: true, force: true });
      },
    };
  } catch (err) {
    client?.destroy();
    await server.close().catch(() => undefined);
    fs.rmSync(directory, { recursive: true, force: true });
    throw err;
  }
}

/**
 * The object store a deployment configured with `s3.env` builds (src/services/storage/config.ts).
 * `clock` is read on every call, so it may be the clock of an app built afterwards.
 */
export function s3Store(s3: S3TestServer, clock: Clock): ObjectStore {
  return storageFromEnv(s3.env, { dataDir: os.tmpdir(), secretKey: crypto.randomBytes(32), publicBaseUrl: 'http://marquee.test', clock });
}

/**
 * Sends a presigned POST the way a browser's form does: every field in order, then the file
 * under `file` (Node's fetch and FormData). Answers the storage's status and body.
 */
export async function postForm(transfer: { url: string; fields: Record<string, string> }, bytes: Buffer, contentType: string, fields = transfer.fields) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), 'poster');
  const res = await fetch(transfer.url, { method: 'POST', body: form });
  return { status: res.status, body: await res.text() };
}
