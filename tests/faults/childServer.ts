import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Express } from 'express';
import type { TestApp } from '../helpers/testApp.js';
import { waitFor } from './backends.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A loopback port free at the moment of asking (the server is told it, so it can be reached). */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export interface ChildServer {
  url: string;
  /** supertest takes a base URL: requests go over real loopback HTTP to the child. */
  target: Express;
  process: ChildProcess;
  /** Resolves when the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything the process wrote so far (for failure messages). */
  output(): string;
  /** Ends the process now (SIGKILL) unless it has already ended. */
  kill(): Promise<void>;
}

/**
 * The deployment a child server runs as: production mode on the test app's database schema and
 * secret key (so tokens the test made are valid there), with its own rate-limit keys.
 */
export function productionEnv(t: TestApp, over: { databaseUrl: string; redisUrl: string }): Record<string, string> {
  return {
    NODE_ENV: 'production',
    PUBLIC_BASE_URL: 'http://marquee.test',
    MARQUEE_DATA_DIR: t.config.dataDir,
    OAUTH_SIGNING_KEYS_FILE: t.config.oauthSigningKeysFile,
    MARQUEE_SECRET_KEY: t.config.secretKey.toString('base64url'),
    DATABASE_URL: over.databaseUrl,
    DATABASE_SCHEMA: t.config.databaseSchema!,
    REDIS_URL: over.redisUrl,
    // Tests connect directly: the TCP peer is the client.
    CLIENT_IP_HEADER: 'socket',
    RATE_LIMIT_KEY_PREFIX: `${t.config.rateLimitKeyPrefix}:child-${crypto.randomBytes(3).toString('hex')}`,
    LOG_REQUESTS: '0',
    MARQUEE_DEMO_DATA: '0',
  };
}

/** Starts `node --import tsx src/server.ts` and waits until it answers /healthz. */
export async function startServer(env: Record<string, string>): Promise<ChildServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let ended = false;
  void exited.then(() => (ended = true));
  const url = `http://127.0.0.1:${port}`;
  const server: ChildServer = {
    url,
    target: url as unknown as Express,
    process: child,
    exited,
    output: () => output,
    async kill() {
      if (!ended) child.kill('SIGKILL');
      await exited;
    },
  };
  try {
    await waitFor(
      'the server to answer /healthz',
      async () => ended || (await fetch(`${url}/healthz`)).ok,
      45_000,
      100,
    );
    if (ended) throw new Error('the server exited during start');
  } catch (err) {
    await server.kill();
    throw new Error(`${String(err)}\n${output}`);
  }
  return server;
}
