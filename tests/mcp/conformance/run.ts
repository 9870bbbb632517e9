/**
 * `npm run test:mcp-conformance`: the MCP conformance suite (@modelcontextprotocol/conformance,
 * server scenarios) against the hosted `/mcp` of a real Marquee on an ephemeral loopback port,
 * with the demo data, once per protocol revision Marquee serves: 2025-11-25 (the `initialize`
 * handshake, served statelessly) and 2026-07-28 (per-request `_meta`, `server/discover`).
 *
 * Each revision runs exactly the scenarios it requires (`--requirements`). Scenarios built on the
 * suite's reference fixture (its `test_*` tools, prompts, resources, logging, completion, tasks)
 * cannot pass against a server that offers none of those; they are listed, each with its reason,
 * in expected-failures-<revision>.yaml. The run fails on any other failure, and on a listed
 * scenario that starts passing (the list is kept exact).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import { createDb, migrateLatest } from '../../../src/db/knex.js';
import { loadDemoDataIfEmpty } from '../../../seeds/demo.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const REVISIONS = ['2025-11-25', '2026-07-28'] as const;

function run(command: string, args: string[], cwd: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

async function main(): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-mcp-conformance-'));
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The suite sends a few hundred requests a minute from one address: the development-only scale
  // keeps the anonymous MCP window out of its way.
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_BASE_URL: base, MARQUEE_DATA_DIR: dir, RATE_LIMIT_SCALE: '1000' });
  const db = createDb({ sqliteFile: config.sqliteFile });
  let failed = 0;
  try {
    await migrateLatest(db);
    const app = await buildApp({ config, db });
    await loadDemoDataIfEmpty(app.services);
    server.on('request', app.app);
    console.log(`Marquee with demo data at ${base}; MCP conformance against ${base}/mcp`);
    const bin = path.join(root, 'node_modules', '.bin', 'conformance');
    for (const revision of REVISIONS) {
      console.log(`\n== MCP conformance, server scenarios required by ${revision}`);
      const code = await run(
        bin,
        ['server', '--url', `${base}/mcp`, '--requirements', revision, '--expected-failures', path.join(here, `expected-failures-${revision}.yaml`), '--output-dir', path.join(dir, `results-${revision}`)],
        dir,
      );
      if (code !== 0) {
        failed++;
        console.error(`MCP conformance ${revision}: unexpected results (exit ${code})`);
      }
    }
    await app.shutdown();
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
