// bin/node24.mjs, which every npm script that runs node and every command in bin/ load first:
// with a `node` older than 24 (the machine's own, where it is older) a command runs on the Node 24
// of .runtime/ as if started there, or is refused with what to do when that runtime is missing.
// Run in a copy of bin/node24.mjs under a temporary checkout whose .runtime/ is this test's own
// Node 24 (or missing). Skipped where the machine's `node` is already 24 or newer.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { machineNode } from '../helpers/machinePath.js';

const ROOT = process.cwd();
const oldNode = machineNode(ROOT);
const oldMajor = oldNode ? Number(spawnSync(oldNode, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }).stdout.trim()) : NaN;
const withOlderNode = oldMajor < 24 ? describe : describe.skip;

/** A command as npm runs a script: the launcher first, node's own flags kept. */
const SCRIPT = `
const [, , ...args] = process.argv;
console.log(JSON.stringify({ version: process.version, execArgv: process.execArgv, args, semiSpace: process.execArgv.includes('--max-semi-space-size=4') }));
if (args[0] === 'echo') process.stdin.pipe(process.stdout);
if (args[0] === 'exit') process.exit(Number(args[1]));
if (args[0] === 'wait') {
  process.on('SIGTERM', () => { console.log('child got SIGTERM'); process.exit(0); });
  setInterval(() => {}, 1 << 30);
  console.log('waiting');
}
`;

function checkout(withRuntime: boolean): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-node24-'));
  fs.mkdirSync(path.join(dir, 'bin'));
  fs.copyFileSync(path.join(ROOT, 'bin', 'node24.mjs'), path.join(dir, 'bin', 'node24.mjs'));
  fs.writeFileSync(path.join(dir, 'script.mjs'), SCRIPT);
  if (withRuntime) {
    fs.mkdirSync(path.join(dir, '.runtime', 'node_modules', '.bin'), { recursive: true });
    fs.symlinkSync(process.execPath, path.join(dir, '.runtime', 'node_modules', '.bin', 'node'));
  }
  return dir;
}

function run(dir: string, args: string[], input?: string) {
  const child = spawn(oldNode!, ['--import', './bin/node24.mjs', '--max-semi-space-size=4', 'script.mjs', ...args], {
    cwd: dir,
    env: { PATH: '/usr/bin:/bin', HOME: os.tmpdir() },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  child.stdin.end(input ?? '');
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => child.once('exit', (code, signal) => r({ code, signal })));
  return { child, done, stdout: () => stdout, stderr: () => stderr };
}

withOlderNode(`bin/node24.mjs under the machine's older node (${oldNode})`, () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
  const make = (withRuntime: boolean) => {
    const dir = checkout(withRuntime);
    dirs.push(dir);
    return dir;
  };

  test('when the runtime is there, then the command runs once, on Node 24, with its flags, arguments and standard input', async () => {
    const r = run(make(true), ['echo', 'a b'], 'piped through\n');
    expect(await r.done).toEqual({ code: 0, signal: null });
    const [first, ...rest] = r.stdout().split('\n');
    expect(JSON.parse(first)).toEqual({ version: process.version, execArgv: ['--import', './bin/node24.mjs', '--max-semi-space-size=4'], args: ['echo', 'a b'], semiSpace: true });
    expect(rest.join('\n')).toBe('piped through\n');
    expect(r.stderr()).toBe('');
  });

  test('when the command exits with a code, then the old node exits with the same code', async () => {
    const r = run(make(true), ['exit', '7']);
    expect(await r.done).toEqual({ code: 7, signal: null });
  });

  test('when the old node is told to stop, then the command on Node 24 is told and the exit is its own', async () => {
    const r = run(make(true), ['wait']);
    await new Promise<void>((resolve) => r.child.stdout.on('data', () => r.stdout().includes('waiting') && resolve()));
    r.child.kill('SIGTERM');
    expect(await r.done).toEqual({ code: 0, signal: null });
    expect(r.stdout()).toContain('child got SIGTERM');
  });

  test('when the runtime is missing, then the command is refused with what to run, and none of it runs', async () => {
    const dir = make(false);
    const r = run(dir, ['echo']);
    expect(await r.done).toEqual({ code: 1, signal: null });
    expect(r.stdout()).toBe('');
    expect(r.stderr()).toContain(`Marquee needs Node.js 24 or newer, and this is Node.js v${oldMajor}.`);
    expect(r.stderr()).toContain(`Run \`make install\` in ${dir}`);
  });
});
