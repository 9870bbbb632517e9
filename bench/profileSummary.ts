/**
 * Summarises a `.cpuprofile` (node --cpu-prof) by self time: per pipeline stage and per module.
 *
 *   node --import tsx bench/profileSummary.ts <file.cpuprofile> [top modules, default 25]
 *
 * A sample is charged to a stage by the library or file of the sampled frame when that names a
 * stage (knex and the drivers are "queries", Ajv is "validation"), else by its innermost frame of
 * our own code (src/…), so node internals called from a repository count as "queries".
 */
import fs from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const STAGES: [string, RegExp][] = [
  ['rate limit', /src\/services\/ratelimit\/|rate-limiter|ioredis/],
  ['security', /src\/http\/pipeline\/security|src\/http\/auth\.ts|src\/services\/identity\/|src\/services\/oauth\/|jose|oidc-provider/],
  ['validation', /src\/http\/pipeline\/validateRequest|src\/contract\/ajv|\/ajv\/|ajv-formats/],
  ['routing', /src\/http\/pipeline\/route|src\/http\/pipeline\/index|openapi-backend|openapi-types|src\/http\/clientAddress/],
  ['response cache', /src\/http\/responseCache|src\/services\/publicReadCache/],
  ['serialization + send', /src\/http\/pipeline\/send|src\/http\/conditional|src\/contract\/responseValidator|fast-json-stringify/],
  ['queries', /src\/repositories\/|src\/db\/|\/knex\/|better-sqlite3|\/pg\/|pg-protocol|pg-pool|tarn/],
  ['handler/service', /src\/handlers\/|src\/services\//],
  ['express + http', /\/express\/|\/router\/|body-parser|cookie|src\/app\.ts|src\/http\/|node:_http|node:net|node:stream|node:events/],
];

function moduleOf(url: string): string {
  if (!url) return '(native / generated)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const src = url.indexOf('/src/');
  if (src >= 0) return url.slice(src + 1);
  return url.replace(/^file:\/\//, '');
}

function stageOf(urls: string[]): string {
  // The sampled frame's library decides when it names a stage; else the innermost frame of our own code.
  const own = urls.find((u) => u.includes('/src/') && !u.includes('node_modules'));
  for (const candidate of own ? [urls[0], own] : [urls[0]]) {
    for (const [stage, re] of STAGES) if (re.test(candidate ?? '')) return stage;
  }
  return urls.length ? 'other (node internals, gc)' : 'idle';
}

const file = process.argv[2];
const top = Number(process.argv[3] ?? 25);
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const stackUrls = (id: number): string[] => {
  const urls: string[] = [];
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const u = byId.get(cur)!.callFrame.url;
    if (u) urls.push(u);
  }
  return urls;
};

const selfByModule = new Map<string, number>();
const byStage = new Map<string, number>();
let total = 0;
let idle = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  const node = byId.get(id)!;
  const fn = node.callFrame.functionName;
  if (fn === '(idle)' || fn === '(program)') {
    idle += dt;
    return;
  }
  total += dt;
  const mod = fn === '(garbage collector)' ? '(garbage collector)' : moduleOf(node.callFrame.url);
  selfByModule.set(mod, (selfByModule.get(mod) ?? 0) + dt);
  const stage = fn === '(garbage collector)' ? 'gc' : stageOf(stackUrls(id));
  byStage.set(stage, (byStage.get(stage) ?? 0) + dt);
});

const pct = (v: number) => `${((100 * v) / total).toFixed(1).padStart(5)} %`;
const ms = (v: number) => `${(v / 1000).toFixed(0).padStart(7)} ms`;
console.log(`busy ${ms(total)}, idle ${ms(idle)} (${((100 * total) / (total + idle)).toFixed(0)} % busy)\n`);
console.log('by stage (innermost own frame)');
for (const [k, v] of [...byStage].sort((a, b) => b[1] - a[1])) console.log(`  ${k.padEnd(28)} ${ms(v)} ${pct(v)}`);
console.log('\nby module (self time)');
for (const [k, v] of [...selfByModule].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${k.padEnd(60)} ${ms(v)} ${pct(v)}`);
