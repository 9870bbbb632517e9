/**
 * Bundles the time-parse batch mode into one file (dist/time-parse.mjs), dependencies included,
 * so `npm run time-parse` starts in about the time node itself takes instead of compiling
 * TypeScript and resolving hundreds of modules on every run. Beside it, the list of source files
 * it was built from, so the launcher can tell when it is stale.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BUNDLE = path.join(root, 'dist', 'time-parse.mjs');
export const INPUTS = `${BUNDLE}.inputs.json`;

export async function bundleTimeParser() {
  const tmp = `${BUNDLE}.${process.pid}.tmp`;
  const result = await esbuild.build({
    entryPoints: [path.join(root, 'src', 'timeParseBatch.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: tmp,
    metafile: true,
    logLevel: 'warning',
    // CommonJS dependencies bundled into an ES module still call require().
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
  const sources = Object.keys(result.metafile.inputs).filter((f) => !f.includes('node_modules/'));
  fs.writeFileSync(INPUTS, JSON.stringify([...sources, 'package-lock.json']));
  fs.renameSync(tmp, BUNDLE); // atomic: a concurrent run sees the old bundle or the new one
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await bundleTimeParser();
}
