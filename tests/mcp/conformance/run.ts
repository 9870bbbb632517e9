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
 *
 * Then the tool schemas, as clients with strict schema dialects read them: `tools/list` of the
 * hosted endpoint and of the stdio server (`marquee-mcp`, a real child process with a credential,
 * so every local tool is listed) is checked by the MCP Inspector's schema-portability rules
 * (`inspector --cli … --method tools/list --strict`), re-implemented in schemaPortability.ts
 * since the Inspector is not a dependency. Any error or warning fails the run.
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
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { lintTools } from './schemaPortability.js';

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
    const listings: [string, () => Transport][] = [
      ['hosted /mcp', () => new StreamableHTTPClientTransport(new URL(`${base}/mcp`))],
      [
        'stdio marquee-mcp',
        () =>
          new StdioClientTransport({
            command: process.execPath,
            args: [path.join(root, 'bin', 'marquee-mcp.mjs')],
            env: { ...getDefaultEnvironment(), MARQUEE_API_BASE_URL: base, MARQUEE_API_TOKEN: 'service_listing-only-token-0000000000000', MARQUEE_ALLOW_INSECURE_LOCAL_STORAGE: '1' },
            stderr: 'ignore',
            cwd: root,
          }),
      ],
    ];
    for (const [name, transport] of listings) {
      console.log(`\n== MCP tool schema portability (the Inspector's --strict rules): ${name}`);
      const client = new Client({ name: 'marquee-schema-portability', version: '1.0.0' });
      await client.connect(transport());
      const { tools } = await client.listTools();
      await client.close();
      const lint = lintTools(tools);
      for (const { name: tool, findings } of lint.byTool) {
        for (const f of findings) console.error(`${f.severity}: tool "${tool}" ${f.schema}.${f.path} (${f.rule})`);
      }
      console.log(`${tools.length} tools: ${lint.errors} errors, ${lint.warnings} warnings`);
      if (lint.errors || lint.warnings || tools.length === 0) {
        failed++;
        console.error(`MCP tool schema portability ${name}: ${lint.errors} errors, ${lint.warnings} warnings`);
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
