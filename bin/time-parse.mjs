#!/usr/bin/env node
/**
 * Time-parse batch mode: JSON lines of parse inputs on standard input, one JSON result line per
 * input on standard output (see src/timeParseBatch.ts). Runs the bundled build, making it on
 * first use and again whenever a source it was built from has changed, on Node.js 24
 * (./node24.mjs: the project's own runtime when `node` is older).
 */
import './node24.mjs';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bundle = path.join(root, 'dist', 'time-parse.mjs');

function fresh() {
  try {
    const built = fs.statSync(bundle).mtimeMs;
    const inputs = JSON.parse(fs.readFileSync(`${bundle}.inputs.json`, 'utf8'));
    return inputs.every((file) => fs.statSync(path.join(root, file)).mtimeMs <= built);
  } catch {
    return false;
  }
}

if (!fresh()) {
  fs.mkdirSync(path.dirname(bundle), { recursive: true });
  const { bundleTimeParser } = await import('../codegen/bundle.mjs');
  await bundleTimeParser();
}
await import(pathToFileURL(bundle).href);
