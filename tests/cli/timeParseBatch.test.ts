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
    JSON.stringify({ text: 'x'.repeat(501) }),
  ]);
  expect(out).toHaveLength(4);
  const [first, second, third, fourth] = out.map((l) => JSON.parse(l));
  expect(first).toMatchObject({ status: 'resolved', epoch: Date.UTC(2026, 10, 28, 11) / 1000 });
  expect(second.error).toBeTruthy();
  expect(third.status).toBe('no_plan');
  expect(fourth.error).toMatch(/text/);
}, 30_000);

test('when a text is empty, white space, emoji or punctuation only, then its line answers no_plan with a reason, not an error', async () => {
  const texts = ['', '   ', '\n\t', '\u3000', '\u00a0', '🎉🎉', 'ok!', '🎉'.repeat(500)];
  const out = await batch([...texts.map((text) => JSON.stringify({ text, locale: 'ja-JP' })), JSON.stringify({ text: 'noon', timeZone: 'UTC', referenceInstant: '2026-11-21T09:00:00Z' })]);
  expect(out).toHaveLength(texts.length + 1);
  const results = out.map((l) => JSON.parse(l));
  for (const r of results.slice(0, -1)) {
    expect(r.error).toBeUndefined();
    expect(r).toEqual({ status: 'no_plan', reason: expect.stringMatching(/\S\s\S/) });
  }
  expect(results[0].reason).toMatch(/empty/);
  expect(results[5].reason).toMatch(/emoji/);
  // Lines stay aligned: the time after them is still read.
  expect(results.at(-1)).toMatchObject({ status: 'resolved', epoch: Date.UTC(2026, 10, 21, 12) / 1000 });
}, 30_000);
