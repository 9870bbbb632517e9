// The production build: `npm run build` (codegen/build.mjs) compiles the sources to JavaScript that
// plain `node` runs. Built here into a temporary directory (not dist/, which a running server or
// another build may be using), then started exactly as `npm start` starts dist/: no tsx, no
// TypeScript at run time.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ResponseValidator } from '../../src/contract/responseValidator.js';
import { operations } from '../../src/generated/contract.js';
import { PUBLIC_READ, startCommand, startServer, type RunningServer } from '../../bench/startup.js';

const ROOT = process.cwd();
const BUILD_TIMEOUT_MS = 240_000;
let outDir: string;
let dataDir: string;

beforeAll(() => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-build-'));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-build-data-'));
  const built = spawnSync(process.execPath, [path.join(ROOT, 'codegen', 'build.mjs'), '--out-dir', outDir], { cwd: ROOT, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`the build failed:\n${built.stdout}\n${built.stderr}`);
}, BUILD_TIMEOUT_MS);

afterAll(() => {
  for (const dir of [outDir, dataDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the production build', () => {
  test('when built, then every source is JavaScript beside the contract and a package.json, and nothing needs TypeScript', () => {
    const files = fs.readdirSync(path.join(outDir, 'src'), { recursive: true }).map(String);
    expect(files).toContain('main.js');
    expect(files).toContain('server.js');
    expect(files).toContain(path.join('services', 'time', 'parseWorkerEntry.js'));
    expect(files).toContain(path.join('generated', 'openapi.json'));
    expect(files.filter((f) => f.endsWith('.ts'))).toEqual([]);
    expect(JSON.parse(fs.readFileSync(path.join(outDir, 'package.json'), 'utf8'))).toMatchObject({ type: 'module' });
    // `npm start` runs the compiled entry with plain node: no loader, no tsx.
    expect(startCommand(outDir).join(' ')).not.toMatch(/tsx|--import|--loader/);
  });

  test('when the compiled server starts on the embedded default, then it answers /healthz and a public read that matches the contract', async () => {
    let server: RunningServer | undefined;
    try {
      server = await startServer({ distDir: outDir, dataDir, timeoutMs: 120_000 });
      const health = await fetch(`${server.base}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });

      // The server compiles each operation's validators on first use: the first request of an
      // operation, here a bad one, is still refused.
      const refused = await fetch(`${server.base}${PUBLIC_READ}?limit=not-a-number`);
      expect(refused.status).toBe(400);
      expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      await refused.arrayBuffer();
      const res = await fetch(`${server.base}${PUBLIC_READ}`);
      const body: unknown = await res.json();
      const op = operations.listPublicUpcomingEvents;
      expect(op.path).toBe(PUBLIC_READ);
      expect(res.status).toBe(200);
      expect(new ResponseValidator().check({ method: op.method, path: op.path, status: res.status, contentType: res.headers.get('content-type') ?? '', body })).toEqual({ ok: true, errors: [] });
      // The demo data loaded on first start (not production), and the ready message says how to sign in.
      expect((body as { events: unknown[] }).events.length).toBeGreaterThan(0);
      expect(server.output()).toContain(`Marquee is ready: http://localhost:${server.port}`);
      expect(server.output()).toMatch(/Demo account: +demo@marquee\.test/);
      // Every address the message prints answers: the contribution wizard sends a visitor to sign in first.
      const contribute = /Contribute: +(\S+)/.exec(server.output())?.[1];
      expect(contribute).toBe(`http://localhost:${server.port}/contribute`);
      const wizard = await fetch(contribute!, { redirect: 'manual' });
      expect(wizard.status).toBe(303);
      expect(wizard.headers.get('location')).toMatch(/^\/login\?next=%2Fcontribute/);
    } finally {
      await server?.stop();
    }
  }, 150_000);
});
