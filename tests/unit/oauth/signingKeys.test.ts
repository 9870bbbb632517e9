import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SignJWT, jwtVerify, createLocalJWKSet, importJWK } from 'jose';
import { SigningKeyFile, publicJwks } from '../../../src/services/oauth/signingKeys.js';

const tmp = () => new SigningKeyFile(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mq-keys-')), 'keys.json'));
const HOUR = 3600;

describe('OAuth signing keys (contract 5.6, decisions §6)', () => {
  test('when no key file exists, then the first start creates one private ES256 key, readable by the owner only, and the next start reads the same key', async () => {
    const file = tmp();
    const [key] = await file.loadOrCreate(Date.UTC(2026, 10, 24));
    expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', kid: expect.any(String), d: expect.any(String) });
    expect(fs.statSync(file.file).mode & 0o777).toBe(0o600);
    expect(await file.loadOrCreate(Date.UTC(2026, 10, 25))).toEqual([key]);
  });

  test('when keys are rotated, then the new key signs, the previous stays published for the keep period, and keys retired longer ago are dropped', async () => {
    const file = tmp();
    const t0 = Date.UTC(2026, 10, 24);
    const [k0] = await file.loadOrCreate(t0);
    const r1 = await file.rotate(t0 + HOUR * 1000, 2 * 600);
    expect(r1.kept).toEqual([k0.kid]);
    // Rotating again within the keep period keeps both predecessors' successor windows honest:
    const r2 = await file.rotate(t0 + HOUR * 1000 + 60_000, 2 * 600);
    expect(r2.kept).toEqual([r1.kid, k0.kid]);
    // Much later, only the key that signed until now survives beside the new one.
    const r3 = await file.rotate(t0 + 10 * HOUR * 1000, 2 * 600);
    expect(r3.kept).toEqual([r2.kid]);
    const keys = await file.loadOrCreate(t0 + 10 * HOUR * 1000);
    expect(keys.map((k) => k.kid)).toEqual([r3.kid, r2.kid]);
  });

  test('when the key set is published, then it carries no private part, and a token signed by a still-published older key verifies against it', async () => {
    const file = tmp();
    const [old] = await file.loadOrCreate(0);
    await file.rotate(1000, 1200);
    const published = publicJwks(await file.loadOrCreate(2000));
    for (const k of published.keys) for (const part of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(k).not.toHaveProperty(part);
    const token = await new SignJWT({ sub: 'x' }).setProtectedHeader({ alg: 'ES256', kid: old.kid }).sign(await importJWK(old, 'ES256'));
    await expect(jwtVerify(token, createLocalJWKSet(published))).resolves.toBeTruthy();
  });
});
