/**
 * The production build: compiles src/ and seeds/ (tsconfig.build.json) to ES-module JavaScript
 * that plain `node` runs (`npm start` runs dist/src/main.js, the server's entry), then adds what the compiled
 * code reads beside itself at run time:
 *  - src/generated/openapi.json (the bundled contract, read by src/contract/document.ts);
 *  - a package.json (`"type": "module"` and the version the MCP endpoints report, read as
 *    `../../../package.json` from src/mcp/*).
 *
 * `node codegen/build.mjs [--out-dir DIR] [--if-stale]`: DIR defaults to dist/. A DIR outside
 * the checkout gets a node_modules link to the checkout's, so its imports resolve as they do from
 * dist/. `--if-stale` builds only when a source is newer than the last build (its package.json,
 * written last). Exits non-zero when the TypeScript does not compile.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The files a build reads: every file under src/ and seeds/, and the compiler settings. */
function* inputs() {
  for (const dir of ['src', 'seeds']) {
    for (const entry of fs.readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) yield path.join(entry.parentPath, entry.name);
    }
  }
  for (const file of ['tsconfig.json', 'tsconfig.build.json', 'package.json', fileURLToPath(import.meta.url)]) yield path.resolve(root, file);
}

/** True when `outDir` holds no finished build or a source changed after it. */
export function isStale(outDir = path.join(root, 'dist')) {
  let built;
  try {
    built = fs.statSync(path.join(outDir, 'package.json')).mtimeMs;
    fs.statSync(path.join(outDir, 'src', 'server.js'));
  } catch {
    return true;
  }
  for (const file of inputs()) if (fs.statSync(file).mtimeMs > built) return true;
  return false;
}

export function build(outDir = path.join(root, 'dist')) {
  outDir = path.resolve(outDir);
  const startedAt = new Date();
  // Compiled beside the previous build and swapped in at the end, so a server or CLI starting
  // meanwhile (or a second build) never finds half a tree.
  const staging = path.join(outDir, `.staging-${process.pid}`);
  fs.rmSync(staging, { recursive: true, force: true });
  const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json'), '--outDir', staging], { cwd: root, stdio: 'inherit' });
  try {
    if (!fs.existsSync(path.join(staging, 'src'))) throw new Error(`TypeScript emitted nothing (tsc exit ${result.status ?? result.signal})`);
    fs.mkdirSync(path.join(staging, 'src', 'generated'), { recursive: true });
    fs.copyFileSync(path.join(root, 'src', 'generated', 'openapi.json'), path.join(staging, 'src', 'generated', 'openapi.json'));
    // Compiled files of sources that no longer exist do not linger: whole trees are replaced.
    for (const dir of ['src', 'seeds']) {
      const old = path.join(staging, `${dir}.old`);
      try {
        fs.renameSync(path.join(outDir, dir), old);
      } catch {}
      fs.renameSync(path.join(staging, dir), path.join(outDir, dir));
    }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }

  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const manifest = path.join(outDir, 'package.json');
  fs.writeFileSync(`${manifest}.${process.pid}`, JSON.stringify({ name: pkg.name, version: pkg.version, private: true, type: 'module' }, null, 2) + '\n');
  fs.renameSync(`${manifest}.${process.pid}`, manifest);
  // Dated when the compiler started reading, so a source saved during the build counts as newer.
  // tsc emits despite type errors: that output stays runnable but counts as stale.
  fs.utimesSync(manifest, result.status === 0 ? startedAt : 0, result.status === 0 ? startedAt : 0);
  if (result.status !== 0) {
    throw new Error(`TypeScript did not compile (tsc exit ${result.status ?? result.signal})`);
  }

  const modules = path.join(outDir, 'node_modules');
  const outside = path.relative(root, outDir).startsWith('..');
  if (outside && !fs.existsSync(modules)) fs.symlinkSync(path.join(root, 'node_modules'), modules, 'dir');
  return outDir;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--out-dir');
  const outDir = at > 0 ? process.argv[at + 1] : undefined;
  try {
    if (process.argv.includes('--if-stale') && !isStale(outDir)) process.exit(0);
    // stderr: the CLI's own output on stdout stays machine-readable.
    console.error('Compiling TypeScript to JavaScript (tsc -p tsconfig.build.json)…');
    const out = build(outDir);
    console.error(`Built ${path.relative(process.cwd(), path.join(out, 'src', 'server.js')) || out}`);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
