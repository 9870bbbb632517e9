import { spawn } from 'node:child_process';

/** Runs the batch mode as a script would (the launcher, which bundles on first use): JSON lines in, one result line per input, in order. */
function batch(lines: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bin/time-parse.mjs'], { cwd: process.cwd(), env: { PATH: process.env.PATH } });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out.trim().split('\n')) : reject(new Error(`exit ${code}`))));
    child.stdin.end(lines.join('\n') + '\n');
  });
}

test('when JSON lines are piped in, then one result line per input comes out, in order, bad lines included', async () => {
  const ref = '2026-11-21T15:00:00Z';
  const out = await batch([
    JSON.stringify({ text: 'next saturday at noon', timeZone: 'Europe/Berlin', referenceInstant: ref }),
    'not json',
    JSON.stringify({ text: 'score was 3-2', referenceInstant: ref }),
    JSON.stringify({ text: '' }),
  ]);
  expect(out).toHaveLength(4);
  const [first, second, third, fourth] = out.map((l) => JSON.parse(l));
  expect(first).toMatchObject({ status: 'resolved', epoch: Date.UTC(2026, 10, 28, 11) / 1000 });
  expect(second.error).toBeTruthy();
  expect(third.status).toBe('no_plan');
  expect(fourth.error).toMatch(/text/);
}, 30_000);
