/**
 * `npx tsx bench/posterOcr.ts`: renders every synthetic poster of tests/fixtures/posters, reads it
 * with the poster OCR reader and prints, per poster, ms per read, Tesseract's confidence,
 * character-level accuracy (1 − Levenshtein / length of the expected text, whitespace and case
 * normalised) and the recall of title words, times and lineup names; then totals.
 *
 * Env: OCR_BENCH_REPEAT (reads per poster, default 3), OCR_BENCH_WORKERS (default 1),
 * OCR_BENCH_FORMAT (png | jpeg | webp: override every spec's format), OCR_BENCH_VERBOSE=1 (print text).
 */
import os from 'node:os';
import { createPosterTextReader } from '../src/services/posters/ocr.js';
import {
  POSTER_SPECS,
  charAccuracy,
  expectedLines,
  expectedTokens,
  renderPoster,
  tokenRecall,
} from '../tests/fixtures/posters/generate.js';

const REPEAT = Math.max(1, Number(process.env.OCR_BENCH_REPEAT ?? 3));
const WORKERS = Math.max(1, Number(process.env.OCR_BENCH_WORKERS ?? 1));
const FORMAT = process.env.OCR_BENCH_FORMAT as 'png' | 'jpeg' | 'webp' | undefined;
const VERBOSE = process.env.OCR_BENCH_VERBOSE === '1';

interface Row {
  id: string;
  format: string;
  size: string;
  msMean: number;
  msMin: number;
  confidence: number;
  charAcc: number;
  title: [number, number];
  times: [number, number];
  names: [number, number];
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const frac = ([a, b]: [number, number]) => `${a}/${b}`;
const found = (tokens: string[], text: string): [number, number] => [
  Math.round(tokenRecall(tokens, text) * tokens.length),
  tokens.length,
];
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

async function main() {
  console.log(
    `poster OCR bench: ${POSTER_SPECS.length} posters × ${REPEAT} reads, ${WORKERS} worker(s), ` +
      `node ${process.version}, ${os.cpus().length} CPU(s) (${os.cpus()[0]?.model ?? '?'})`,
  );
  const images = await Promise.all(POSTER_SPECS.map((s) => renderPoster(s, FORMAT ? { format: FORMAT } : {})));
  const reader = createPosterTextReader({ workers: WORKERS });
  const rows: Row[] = [];
  try {
    // Cold start: worker thread + wasm core + 3 MB model, then one recognition.
    let t = performance.now();
    await reader.read(images[0]);
    const cold = performance.now() - t;
    console.log(`cold first read (worker start + model load + read of ${POSTER_SPECS[0].id}): ${cold.toFixed(0)} ms`);

    for (const [i, spec] of POSTER_SPECS.entries()) {
      const times: number[] = [];
      let result = { text: '', confidence: 0 };
      for (let r = 0; r < REPEAT; r++) {
        t = performance.now();
        result = await reader.read(images[i]);
        times.push(performance.now() - t);
      }
      const tokens = expectedTokens(spec);
      rows.push({
        id: spec.id,
        format: FORMAT ?? spec.format ?? 'png',
        size: `${spec.width}×${spec.height}`,
        msMean: times.reduce((a, b) => a + b, 0) / times.length,
        msMin: Math.min(...times),
        confidence: result.confidence,
        charAcc: charAccuracy(expectedLines(spec).join('\n'), result.text),
        title: found(tokens.title, result.text),
        times: found(tokens.times, result.text),
        names: found(tokens.names, result.text),
      });
      if (VERBOSE) console.log(`--- ${spec.id}\n${result.text}\n`);
    }
  } finally {
    await reader.close();
  }

  const head = ['poster', 'format', 'size', 'ms/read', 'min ms', 'conf', 'char acc', 'title', 'times', 'names', 'recall'];
  const body = rows.map((r) => {
    const hit = r.title[0] + r.times[0] + r.names[0];
    const all = r.title[1] + r.times[1] + r.names[1];
    return [
      r.id,
      r.format,
      r.size,
      r.msMean.toFixed(0),
      r.msMin.toFixed(0),
      r.confidence.toFixed(2),
      pct(r.charAcc),
      frac(r.title),
      frac(r.times),
      frac(r.names),
      pct(hit / all),
    ];
  });
  const sum = (f: (r: Row) => [number, number]): [number, number] =>
    rows.reduce<[number, number]>((acc, r) => [acc[0] + f(r)[0], acc[1] + f(r)[1]], [0, 0]);
  const [tt, tm, tn] = [sum((r) => r.title), sum((r) => r.times), sum((r) => r.names)];
  const mean = (f: (r: Row) => number) => rows.reduce((a, r) => a + f(r), 0) / rows.length;
  body.push([
    'TOTAL/mean',
    '',
    '',
    mean((r) => r.msMean).toFixed(0),
    mean((r) => r.msMin).toFixed(0),
    mean((r) => r.confidence).toFixed(2),
    pct(mean((r) => r.charAcc)),
    frac(tt),
    frac(tm),
    frac(tn),
    pct((tt[0] + tm[0] + tn[0]) / (tt[1] + tm[1] + tn[1])),
  ]);
  const widths = head.map((h, c) => Math.max(h.length, ...body.map((row) => row[c].length)));
  const line = (cells: string[]) => cells.map((x, c) => (c < 3 ? x.padEnd(widths[c]) : x.padStart(widths[c]))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  body.forEach((row, i) => {
    if (i === body.length - 1) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    console.log(line(row));
  });
  const mem = process.memoryUsage();
  console.log(
    `total OCR time ${rows.reduce((a, r) => a + r.msMean * REPEAT, 0).toFixed(0)} ms for ${rows.length * REPEAT} reads; ` +
      `process RSS ${mb(mem.rss)} (heap ${mb(mem.heapUsed)}, external ${mb(mem.external)})`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
