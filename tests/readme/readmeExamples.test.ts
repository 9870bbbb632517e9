import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { machinePath } from '../helpers/machinePath.js';

/**
 * The README's runnable shell examples (a `<!-- example -->` line before a ```sh or ```bash
 * block) run in order, in one bash session, against a server started as `make run` starts it:
 * the embedded default (a SQLite file in a fresh data directory, in-memory rate limits) with the
 * demo directory loaded. `BASE_URL` points at that server and the operator CLI works on the same
 * data directory. Every `curl` in a runnable block carries the status it must answer as a
 * comment (`# → 200`, or `# → 200 or 202`), and the statuses answered are compared in order.
 * The shell has the machine's own PATH, not the one `make` gives the suite (tests/helpers/
 * machinePath.ts): where the machine's `node` is older than 24, the examples (and the commands
 * the server's ready message offers) run as they would for a person who just ran `make run`.
 *
 * The examples always run against the embedded default, whatever database the rest of the
 * suite uses, so they run once: on the SQLite leg (skipped when DATABASE_URL is set).
 */

const ROOT = process.cwd();
const README = path.join(ROOT, 'README.md');
const MARKER = '<!-- example -->';
const STATUS_COMMENT = /#\s*→\s*(\d{3}(?:\s+or\s+\d{3})*)/;

/** One `curl` in a block: the lines its command spans (to the line stating its status). */
interface CurlSite {
  /** 0-based lines within the block, first and last. */
  from: number;
  to: number;
  allowed: string[];
}

interface Block {
  /** 1-based line of the opening fence. */
  line: number;
  code: string;
  sites: CurlSite[];
  /** Lines calling curl before any status comment (should be none). */
  unstated: number[];
}

const code = (line: string) => line.replace(/(^|\s)#.*$/, '');

function runnableBlocks(markdown: string): Block[] {
  const lines = markdown.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].trim() !== MARKER) continue;
    const fence = i + 1;
    if (!/^```(sh|bash)\s*$/.test(lines[fence] ?? '')) throw new Error(`README.md:${i + 1}: ${MARKER} must be followed by a \`\`\`sh or \`\`\`bash block`);
    const end = lines.findIndex((l, j) => j > fence && l.startsWith('```'));
    if (end < 0) throw new Error(`README.md:${fence + 1}: unterminated block`);
    const body = lines.slice(fence + 1, end);
    const sites: CurlSite[] = [];
    const unstated: number[] = [];
    let open: number | undefined;
    body.forEach((l, j) => {
      if (/\bcurl\b/.test(code(l))) {
        if (open !== undefined) unstated.push(fence + 2 + open);
        open = j;
      }
      const stated = STATUS_COMMENT.exec(l);
      if (stated && open !== undefined) {
        sites.push({ from: open, to: j, allowed: stated[1].split(/\s+or\s+/) });
        open = undefined;
      }
    });
    if (open !== undefined) unstated.push(fence + 2 + open);
    blocks.push({ line: fence + 1, code: body.join('\n'), sites, unstated });
    i = end;
  }
  return blocks;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Only what a person's shell would hold: no database or Redis of the surrounding test run. */
function baseEnv(): NodeJS.ProcessEnv {
  const keep = ['PATH', 'HOME', 'LANG', 'TMPDIR', 'TZ'];
  return Object.fromEntries(keep.filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k]]));
}

/** A person's shell: the machine's PATH and nothing of the test run. */
function shellEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...baseEnv(), PATH: machinePath(), ...extra };
}

/**
 * The commands the server's ready message offers ("Try:", "Then:" and the lines under them), each
 * without the note in parentheses after it.
 */
function readyCommands(message: string): string[] {
  const lines = message.split('\n');
  const from = lines.findIndex((l) => /^\s+Try:\s/.test(l));
  const to = lines.findIndex((l, i) => i > from && /Stop with/.test(l));
  if (from < 0 || to < 0) return [];
  return lines
    .slice(from, to)
    .map((l) => l.replace(/^\s+(?:[A-Z][a-z]+:)?\s*/, '').split(/\s{2,}\(/)[0].trim())
    .filter(Boolean);
}

async function runShell(command: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  const shell = spawn('bash', ['-c', command], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = collect(shell);
  const code = await new Promise<number | null>((r) => shell.once('exit', r));
  return { code, output: output.text() };
}

function collect(child: ChildProcess): { text: () => string } {
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  return { text: () => out };
}

const blocks = runnableBlocks(fs.readFileSync(README, 'utf8'));

describe('README runnable examples: the marking', () => {
  test('when the README is read, then it has runnable blocks for each section that calls the API', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(8);
    const all = blocks.map((b) => b.code).join('\n');
    for (const used of ['/api/v0/search', '/developer/tokens', '/time/parse', '/event-intake', '/extract', '/publish', '/api/v0/events', 'audit list']) {
      expect(all).toContain(used);
    }
  });

  test('when a runnable block calls curl, then every curl states the status it must answer', () => {
    expect(blocks.flatMap((b) => b.unstated.map((line) => `README.md:${line}`))).toEqual([]);
    expect(blocks.every((b) => b.sites.length > 0 || !/\bcurl\b/.test(b.code))).toBe(true);
  });

  test('when a block installs or starts the server, then it is not marked runnable', () => {
    for (const b of blocks) expect(b.code).not.toMatch(/\bmake (run|test)\b|\bnpm (start|install|ci)\b|src\/server\.ts/);
  });

  test('when the README calls the API, then it honours BASE_URL and runs the CLI without npm\'s banner', () => {
    const readme = fs.readFileSync(README, 'utf8');
    const shell = [...readme.matchAll(/```(?:sh|bash)\n([\s\S]*?)```/g)].map((m) => m[1]).join('\n');
    expect(shell).not.toMatch(/curl[^\n]*http:\/\/localhost:3000/);
    expect(shell).not.toMatch(/npm run (cli|time-parse)\b/);
  });
});

test('when the code reads an environment variable, then the README documents it', () => {
  const readme = fs.readFileSync(README, 'utf8');
  const read = new Set<string>();
  for (const entry of fs.readdirSync(path.join(ROOT, 'src'), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.parentPath.includes(`${path.sep}generated`)) continue;
    const text = fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    for (const m of text.matchAll(/\benv(?:\.([A-Z][A-Z0-9_]+)|\[['"]([A-Z][A-Z0-9_]+)['"]\])/g)) read.add(m[1] ?? m[2]);
  }
  expect(read.size).toBeGreaterThan(20);
  expect([...read].filter((name) => !readme.includes(`\`${name}\``)).sort()).toEqual([]);
});

const onEmbeddedLeg = process.env.DATABASE_URL ? describe.skip : describe;

onEmbeddedLeg('README runnable examples: against a started demo server', () => {
  let dataDir: string;
  let server: ChildProcess | undefined;
  let serverLog: { text: () => string };
  let baseUrl: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-readme-'));
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: ROOT,
      env: { ...baseEnv(), NODE_ENV: 'development', HOST: '127.0.0.1', PORT: String(port), MARQUEE_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    serverLog = collect(server);
    const exited = new Promise<never>((_, reject) => server!.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${serverLog.text()}`))));
    // Demo data is loaded before the server listens, so the first answer means it is ready.
    const ready = (async () => {
      for (;;) {
        try {
          if ((await fetch(`${baseUrl}/api/v0/openapi.json`)).ok) return;
        } catch {
          // not listening yet
        }
        await new Promise((r) => setTimeout(r, 250));
      }
    })();
    await Promise.race([ready, exited]);
  }, 90_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const gone = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      await gone;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 20_000);

  test('when the runnable blocks run in order in one shell, then every command succeeds and every curl answers its stated status', async () => {
    // Each answer's status goes to standard error on a line of its own, with the script line
    // of the call (bash gives a command's first line, or a command substitution's last).
    const script = ['set -euo pipefail', `curl() { command curl -w "%{stderr}\\n@@status %{http_code} \${BASH_LINENO[0]}\\n" "$@"; }`];
    const offsets: number[] = [];
    blocks.forEach((b, i) => {
      script.push(`echo "@@block ${i}" >&2`);
      offsets.push(script.join('\n').split('\n').length + 1);
      script.push(b.code);
    });
    script.push('echo "@@done" >&2');
    const shell = spawn('bash', ['-c', script.join('\n')], {
      cwd: ROOT,
      env: shellEnv({ BASE_URL: baseUrl, MARQUEE_DATA_DIR: dataDir }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    shell.stderr.on('data', (d) => (stderr += d));
    const output = collect(shell);
    const killer = setTimeout(() => shell.kill('SIGKILL'), 240_000);
    const code = await new Promise<number | null>((r) => shell.once('exit', r));
    clearTimeout(killer);

    // Statuses answered, per block and curl site.
    const answered = blocks.map((b) => b.sites.map(() => [] as string[]));
    const strays: string[] = [];
    let current = -1;
    for (const line of stderr.split('\n')) {
      const block = /^@@block (\d+)$/.exec(line);
      if (block) current = Number(block[1]);
      const status = /^@@status (\d{3}) (\d+)$/.exec(line);
      if (!status) continue;
      const at = Number(status[2]);
      const b = blocks.findIndex((blk, i) => at >= offsets[i] && at < offsets[i] + blk.code.split('\n').length);
      const site = b < 0 ? -1 : blocks[b].sites.findIndex((st) => at - offsets[b] >= st.from && at - offsets[b] <= st.to);
      if (site < 0) strays.push(`${status[1]} from script line ${at}`);
      else answered[b][site].push(status[1]);
    }
    const report = `blocks reached: ${current + 1}/${blocks.length}; shell exit ${code}\n--- shell output (tail) ---\n${output.text().slice(-4000)}\n--- server log (tail) ---\n${serverLog.text().slice(-2000)}`;
    expect(code === 0 && stderr.includes('@@done') ? '' : report).toBe('');
    const mismatches = [
      ...strays.map((stray) => `a curl without a stated status answered ${stray}`),
      ...blocks.flatMap((b, i) =>
        b.sites.flatMap((st, j) =>
          answered[i][j].length > 0 && answered[i][j].every((got) => st.allowed.includes(got))
            ? []
            : [`README.md:${b.line + 1 + st.from}: expected ${st.allowed.join(' or ')}; answered ${answered[i][j].join(', ') || 'nothing'}`],
        ),
      ),
    ];
    expect(mismatches.length ? `${mismatches.join('\n')}\n${report}` : '').toBe('');
    // What the prose says the examples show: a question asked, and lineup rows made draft entries.
    const shown = output.text();
    expect(shown).toContain('"status":"needs_clarification"');
    expect(shown).toContain('{"time":"01:00","dayOffset":1}');
    expect(shown).toMatch(/"clientKey":"set-3","position":2,.*"start":\{"time":"00:30","dayOffset":1\}/);
    // The batch time parser and the stdio MCP server answered.
    expect(shown).toMatch(/"status":"resolved","kind":"time_range","range":\{"start":\{"epoch":1795838400,/);
    expect(shown).toContain('"serverInfo":{"name":"marquee"');
  }, 300_000);

  test('when the commands the ready message offers run as printed in a person\'s shell, then each succeeds', async () => {
    const commands = readyCommands(serverLog.text());
    expect(commands).toEqual(expect.arrayContaining([expect.stringMatching(/^curl /), expect.stringMatching(/^npm run -s cli -- token create /)]));
    // `make test` is the suite this test belongs to.
    const failed: string[] = [];
    for (const command of commands.filter((c) => c !== 'make test')) {
      const { code, output } = await runShell(command, shellEnv({ MARQUEE_DATA_DIR: dataDir }));
      if (code !== 0) failed.push(`${command}\n  exit ${code}: ${output.slice(-1500)}`);
    }
    expect(failed.join('\n')).toBe('');
  }, 120_000);
});
