import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import { Redis } from 'ioredis';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createDb, migrateLatest } from '../../src/db/knex.js';
import { callOp } from '../helpers/contractClient.js';

describe('the shared rate-limit store', () => {
  test('when the store cannot be reached, then requests are refused with a 503 problem (fail closed)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-store-'));
    const config = loadConfig({ NODE_ENV: 'test', MARQUEE_DATA_DIR: dir }, { secretKey: crypto.randomBytes(32), validateResponses: true, logRequests: false });
    const db = createDb({ sqliteFile: path.join(dir, 'db.sqlite') });
    await migrateLatest(db);
    // Nothing listens on port 1: every command fails at once.
    const redis = new Redis({ host: '127.0.0.1', port: 1, lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
    redis.on('error', () => {});
    try {
      const { app } = await buildApp({ config, db, redis });
      const res = await callOp(app, 'getOpenApiDocument');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: 5 });
      expect(res.headers['retry-after']).toBe('5');
    } finally {
      redis.disconnect();
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('when production is configured without a shared store, then the service refuses to start', async () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://m.example', MARQUEE_SECRET_KEY: crypto.randomBytes(32).toString('base64url') })).toThrow(/REDIS_URL/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-prod-'));
    const config = loadConfig(
      { NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://m.example', MARQUEE_SECRET_KEY: crypto.randomBytes(32).toString('base64url'), REDIS_URL: 'redis://127.0.0.1:6379', CLIENT_IP_HEADER: 'socket' },
      { logRequests: false },
    );
    const db = createDb({ sqliteFile: path.join(dir, 'db.sqlite') });
    try {
      await expect(buildApp({ config, db })).rejects.toThrow(/in-process rate-limit store/);
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('when production lacks its secret key or public base URL, then configuration fails', () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => loadConfig({ NODE_ENV: 'production', REDIS_URL: 'redis://x', PUBLIC_BASE_URL: 'https://m.example' })).toThrow(/MARQUEE_SECRET_KEY/);
    expect(() => loadConfig({ NODE_ENV: 'production', REDIS_URL: 'redis://x', MARQUEE_SECRET_KEY: crypto.randomBytes(32).toString('base64url') })).toThrow(/PUBLIC_BASE_URL/);
  });

  test('when production does not say where client addresses come from, then configuration fails; each explicit choice is accepted', () => {
    const env = { NODE_ENV: 'production', REDIS_URL: 'redis://x', PUBLIC_BASE_URL: 'https://m.example', MARQUEE_SECRET_KEY: crypto.randomBytes(32).toString('base64url') };
    // Behind a reverse proxy the TCP peer is the proxy: the default cannot be assumed.
    expect(() => loadConfig(env)).toThrow(/CLIENT_IP_HEADER/);
    expect(() => loadConfig({ ...env, CLIENT_IP_HEADER: '  ' })).toThrow(/CLIENT_IP_HEADER/);
    expect(loadConfig({ ...env, CLIENT_IP_HEADER: 'X-Real-IP' }).clientIp).toEqual({ source: 'header', header: 'x-real-ip' });
    expect(loadConfig({ ...env, CLIENT_IP_HEADER: 'socket' }).clientIp).toEqual({ source: 'socket' });
    expect(loadConfig({ ...env, CLIENT_IP_HEADER: 'none' }).clientIp).toEqual({ source: 'none' });
    // Development keeps the TCP peer as its default.
    expect(loadConfig({ NODE_ENV: 'development', MARQUEE_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-dev-')) }).clientIp).toEqual({ source: 'socket' });
  });
});
