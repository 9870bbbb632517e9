import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createDb } from '../../src/db/knex.js';
import { SigningKeyFile } from '../../src/services/oauth/signingKeys.js';

describe('OAuth signing keys in production (decisions §6)', () => {
  test('when production starts without a persistent key file, then it refuses instead of generating keys; with the file made by the operator command, it starts', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-prod-keys-'));
    const env = {
      NODE_ENV: 'production',
      PUBLIC_BASE_URL: 'https://m.example',
      MARQUEE_SECRET_KEY: crypto.randomBytes(32).toString('base64url'),
      REDIS_URL: 'redis://127.0.0.1:6379',
      CLIENT_IP_HEADER: 'x-real-ip',
      MARQUEE_DATA_DIR: dir,
    };
    const config = loadConfig(env, { logRequests: false });
    const db = createDb({ sqliteFile: path.join(dir, 'db.sqlite') });
    // Never connected: the refusal comes before any use of the store.
    const redis = new Redis({ lazyConnect: true });
    try {
      await expect(buildApp({ config, db, redis })).rejects.toThrow(/signing keys/);
      expect(fs.existsSync(config.oauthSigningKeysFile)).toBe(false);
      await new SigningKeyFile(config.oauthSigningKeysFile).rotate(Date.now(), 1200);
      const built = await buildApp({ config, db, redis });
      await built.shutdown();
    } finally {
      redis.disconnect();
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
