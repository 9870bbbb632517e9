import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ManualClock } from '../../../src/lib/clock.js';
import { ConfigError } from '../../../src/config.js';
import { storageFromEnv } from '../../../src/services/storage/config.js';
import { LocalObjectStore } from '../../../src/services/storage/objectStore.js';
import { verifyUploadPolicy } from '../../../src/services/storage/postPolicy.js';
import { S3ObjectStore } from '../../../src/services/storage/s3ObjectStore.js';

const secretKey = crypto.randomBytes(32);
let dir: string;
let root: string;
let store: LocalObjectStore;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-objects-'));
  root = path.join(dir, 'objects');
  store = new LocalObjectStore({ root, secretKey, publicBaseUrl: 'https://marquee.example/' });
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function listFiles(at: string): Promise<string[]> {
  const entries = await fs.readdir(at, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(at, path.join(e.parentPath, e.name))).sort();
}

describe('local object store', () => {
  test('when an object is put under a nested key, then get returns the same bytes', async () => {
    const bytes = crypto.randomBytes(3000);
    await store.put('posters/evt_1/pst_a', bytes, 'image/png');
    expect(await store.get('posters/evt_1/pst_a')).toEqual(bytes);
  });

  test('when an object is put twice, then the second wins and no temporary file is left behind', async () => {
    await store.put('art/one.webp', Buffer.from('first'), 'image/webp');
    await store.put('art/one.webp', Buffer.from('second'), 'image/webp');
    expect((await store.get('art/one.webp'))?.toString()).toBe('second');
    expect(await listFiles(path.join(root, 'art'))).toEqual(['one.webp']);
  });

  test('when a key was never put, then get returns undefined', async () => {
    expect(await store.get('posters/none')).toBeUndefined();
    expect(await store.get('posters/evt_1/pst_a/below-a-file')).toBeUndefined();
  });

  test('when an object is deleted, then it is gone, and deleting it again is fine', async () => {
    await store.put('tmp/gone', Buffer.from('x'), 'application/octet-stream');
    await store.delete('tmp/gone');
    expect(await store.get('tmp/gone')).toBeUndefined();
    await expect(store.delete('tmp/gone')).resolves.toBeUndefined();
    await expect(store.delete('never/existed')).resolves.toBeUndefined();
  });

  test.each([
    [JSON.stringify('../escape'), '../escape'],
    [JSON.stringify('a/../../escape'), 'a/../../escape'],
    [JSON.stringify('..'), '..'],
    [JSON.stringify('a..b'), 'a..b'],
    [JSON.stringify('/etc/passwd'), '/etc/passwd'],
    [JSON.stringify('a//b'), 'a//b'],
    [JSON.stringify('a/'), 'a/'],
    [JSON.stringify('./a'), './a'],
    [JSON.stringify('a/./b'), 'a/./b'],
    [JSON.stringify('with space'), 'with space'],
    [JSON.stringify('back\\slash'), 'back\\slash'],
    [JSON.stringify('ümlaut'), 'ümlaut'],
    [JSON.stringify('nul\0byte'), 'nul\0byte'],
    [JSON.stringify(''), ''],
    ['513 characters long', 'x'.repeat(513)],
  ])('when the key is %s, then every operation refuses it', async (_label, key) => {
    await expect(store.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid object key/);
    await expect(store.get(key)).rejects.toThrow(/Invalid object key/);
    await expect(store.delete(key)).rejects.toThrow(/Invalid object key/);
    await expect(store.uploadTarget({ key, contentType: 'image/png', byteLength: 1, expiresAt: Date.now() + 1000 })).rejects.toThrow(
      /Invalid object key/,
    );
    await expect(fs.access(path.join(dir, 'escape'))).rejects.toThrow();
  });

  test('when an upload target is made, then it posts to this server with exactly key, policy, signature and Content-Type', async () => {
    const expiresAt = Date.UTC(2026, 10, 21, 12, 10, 0);
    const target = await store.uploadTarget({ key: 'posters/evt_1/pst_b', contentType: 'image/webp', byteLength: 777, expiresAt });
    expect(target.url).toBe('https://marquee.example/storage/uploads');
    expect(Object.keys(target.fields)).toEqual(['key', 'policy', 'signature', 'Content-Type']);
    expect(target.fields).toMatchObject({ key: 'posters/evt_1/pst_b', 'Content-Type': 'image/webp' });
    expect(verifyUploadPolicy(secretKey, target.fields, { byteLength: 777 }, expiresAt - 1)).toEqual({
      key: 'posters/evt_1/pst_b',
      contentType: 'image/webp',
      byteLength: 777,
      expiresAt,
    });
  });
});

describe('S3 object store upload target (offline: presigning is local computation)', () => {
  const clock = new ManualClock(Date.now());
  const s3 = new S3ObjectStore({
    bucket: 'marquee-posters',
    region: 'eu-central-1',
    endpoint: 'http://127.0.0.1:9/',
    forcePathStyle: true,
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' },
    clock,
  });

  test('when an upload target is made, then it is a presigned POST binding key, type and exact length', async () => {
    const expiresAt = clock.now() + 15 * 60_000;
    const target = await s3.uploadTarget({ key: 'posters/evt_1/pst_c', contentType: 'image/jpeg', byteLength: 123456, expiresAt });

    expect(target.url).toBe('http://127.0.0.1:9/marquee-posters');
    expect(target.fields).toMatchObject({
      key: 'posters/evt_1/pst_c',
      'Content-Type': 'image/jpeg',
      bucket: 'marquee-posters',
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    });
    expect(target.fields['X-Amz-Credential']).toMatch(/^AKIDEXAMPLE\/\d{8}\/eu-central-1\/s3\/aws4_request$/);
    expect(target.fields['X-Amz-Signature']).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(target)).not.toContain('wJalrXUtnFEMI');

    const policy = JSON.parse(Buffer.from(target.fields.Policy, 'base64').toString('utf8')) as {
      expiration: string;
      conditions: unknown[];
    };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        { key: 'posters/evt_1/pst_c' },
        ['eq', '$Content-Type', 'image/jpeg'],
        ['content-length-range', 123456, 123456],
        { bucket: 'marquee-posters' },
      ]),
    );
    // Counted by the SDK from the wall clock, which the manual clock was set to.
    expect(Math.abs(Date.parse(policy.expiration) - expiresAt)).toBeLessThan(5000);
  });

  test('when the target is already past its expiry, then the presigned POST still lives at least one second', async () => {
    const target = await s3.uploadTarget({ key: 'posters/x', contentType: 'image/png', byteLength: 1, expiresAt: clock.now() - 60_000 });
    const policy = JSON.parse(Buffer.from(target.fields.Policy, 'base64').toString('utf8')) as { expiration: string };
    expect(Date.parse(policy.expiration)).toBeGreaterThan(Date.now() - 5000);
  });

  test('when the key is unsafe, then the S3 store refuses it too', async () => {
    await expect(s3.uploadTarget({ key: '../x', contentType: 'image/png', byteLength: 1, expiresAt: clock.now() + 1000 })).rejects.toThrow(
      /Invalid object key/,
    );
  });
});

describe('storage from the environment', () => {
  const deps = { dataDir: '/srv/marquee', secretKey, publicBaseUrl: 'https://marquee.example', clock: new ManualClock() };

  test('when S3_BUCKET is unset, then the embedded store keeps objects under the data dir', () => {
    const chosen = storageFromEnv({}, deps);
    expect(chosen.kind).toBe('local');
    expect(chosen).toBeInstanceOf(LocalObjectStore);
  });

  test('when S3_BUCKET is set, then an S3 store is used', () => {
    const chosen = storageFromEnv(
      { S3_BUCKET: 'b', S3_ENDPOINT: 'http://127.0.0.1:9', S3_FORCE_PATH_STYLE: '1', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 's' },
      deps,
    );
    expect(chosen.kind).toBe('s3');
  });

  test('when only one half of the S3 credentials is set, then it is a configuration error', () => {
    expect(() => storageFromEnv({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'a' }, deps)).toThrow(ConfigError);
  });

  test('when S3_ENDPOINT is not a URL, then it is a configuration error', () => {
    expect(() => storageFromEnv({ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' }, deps)).toThrow(ConfigError);
  });
});
