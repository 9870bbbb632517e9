import { createAjv } from '../../src/contract/ajv.js';
import { componentSchema } from '../../src/mcp/schemas.js';
import { loadDemoData } from '../../seeds/demo.js';
import { MODERN } from '../helpers/mcp.js';
import { serveTestApp, type ServedTestApp } from '../helpers/oauthServer.js';
import { mcpUser } from '../mcp/writeTools.js';
import { DELETE, HOSTILE_TEXT, Rng, inlined, replaced, sites, validValue, type Hints } from './generator.js';

/**
 * Seeded fuzzing of the hosted MCP endpoint (`/mcp`, outside the API contract's operations):
 * `tools/call` of every hosted tool with arguments derived from its advertised input schema,
 * valid and near-valid (wrong types, missing and extra properties, hostile text, `__proto__`),
 * as a user holding every MCP scope, anonymously and with an unknown bearer; other methods,
 * notifications, batches, malformed JSON-RPC and JSON, and odd headers of both protocol eras.
 * Every answer must be below 500; an HTTP refusal a problem of the contract's Problem schema or
 * a JSON-RPC error; a JSON-RPC answer well formed (`jsonrpc` 2.0, a result or an integer-coded
 * error); and a tool result that is not an error must match the tool's output schema.
 *
 * FUZZ_SEED picks the seed (a fixed one by default) and FUZZ_CASES the case budget.
 */
const SEED = (Number(process.env.FUZZ_SEED ?? 20261121) ^ 0x3c9) >>> 0;
const CASES = Math.max(200, Math.floor(Number(process.env.FUZZ_CASES ?? (process.env.DATABASE_URL ? 3000 : 5000)) / 6));
const ajv = createAjv();
const problemValid = ajv.compile(componentSchema('Problem') as object);

interface Tool {
  name: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
}

let s: ServedTestApp;
let token: string;
let tools: Tool[];
let hints: Hints;
const outputChecks = new Map<string, ReturnType<typeof ajv.compile>>();

const meta = { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {} };

beforeAll(async () => {
  s = await serveTestApp({ rateLimitScale: 100_000 });
  await loadDemoData(s.t.services);
  // Every scope the MCP tool tests give their agents (tests/mcp/writeTools.ts).
  const owner = await mcpUser(s, 'mcp:read mcp:write public:read events:contribute events:write profile:read profile:write profile:contribute assets:write assets:contribute');
  token = owner.token;
  const community = await s.t.services.directory.createProfile({ profileType: 'community', displayName: 'MCP Fuzz Crew', ownerUserId: owner.user.id, timezone: 'Europe/Berlin' });
  const person = await s.t.services.directory.createProfile({ profileType: 'person', displayName: 'MCP Fuzz Person', ownerUserId: owner.user.id });
  hints = { communitySlug: community.slug, personSlug: person.slug };
  const res = await fetch(`${s.base}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/list' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: meta } }),
  });
  tools = ((await res.json()) as { result: { tools: Tool[] } }).result.tools;
  for (const tool of tools) if (tool.outputSchema) outputChecks.set(tool.name, ajv.compile(tool.outputSchema));
  // The generator follows the contract's references; a tool's schema is self-contained (`$defs`).
  for (const tool of tools) tool.inputSchema = inlined(tool.inputSchema, tool.inputSchema.$defs as Record<string, unknown>) as Tool['inputSchema'];
}, 120_000);

afterAll(() => s.close());

/** The JSON-RPC messages of an answer, sent as JSON or as server-sent events. */
function messagesOf(text: string, contentType: string): unknown[] {
  if (contentType.startsWith('text/event-stream')) {
    return text
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)));
  }
  const parsed = JSON.parse(text);
  return Array.isArray(parsed) ? parsed : [parsed];
}

test('when the hosted MCP endpoint gets seeded valid and near-valid JSON-RPC, then none answers 5xx, refusals are problems or JSON-RPC errors, and every tool result matches its output schema', async () => {
  expect(tools.length).toBeGreaterThan(10);
  const rng = new Rng(SEED);
  const hostile = () => rng.pick([...HOSTILE_TEXT, 'x'.repeat(rng.int(1000, 70_000)), '../../etc/passwd', "' or 1=1 --", '<script>x</script>']);
  /** Arguments for `tool`: valid from its input schema, often with one place changed. */
  const argumentsFor = (tool: Tool): unknown => {
    const valid = validValue(tool.inputSchema, rng, hints);
    if (rng.chance(0.45)) return valid;
    const at = rng.pick(sites(tool.inputSchema, valid));
    return rng.pick<() => unknown>([
      () => replaced(valid, at.path, hostile()),
      () => replaced(valid, at.path, rng.pick([null, 0, -1, 1e308, true, [], {}, 'text', [hostile()]])),
      () => (at.path.length ? replaced(valid, at.path, DELETE) : valid),
      () => ({ ...(valid as object), [rng.pick(['__proto__', 'constructor', 'unknownField', hostile()])]: { polluted: true } }),
      () => rng.pick([null, [], 'string', 42]),
    ])();
  };
  const call = (id: unknown, method: string, params: Record<string, unknown>) => ({ jsonrpc: '2.0', id, method, params: { ...params, _meta: meta } });
  type Case = { headers: Record<string, string>; body: string; tool?: string };
  const makeCase = (): Case => {
    const owner = { authorization: `Bearer ${token}` };
    const auth = rng.pick<Record<string, string>>([owner, owner, owner, owner, owner, owner, {}, {}, { authorization: 'Bearer mq_pat_made_up' }, { authorization: 'Basic eDp5' }]);
    const base = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': MODERN, ...auth };
    const kind = rng.int(0, 9);
    if (kind <= 5) {
      const tool = rng.chance(0.95) ? rng.pick(tools) : { name: rng.pick(['no_such_tool', hostile(), '']), inputSchema: { type: 'object' } };
      const id = rng.pick<unknown>([rng.int(1, 1e6), `id-${rng.int(1, 1e6)}`]);
      const headers: Record<string, string> = { ...base, 'mcp-method': 'tools/call', 'mcp-name': tool.name.replace(/[^\x20-\x7e]/g, '?') };
      if (rng.chance(0.1)) headers['mcp-name'] = 'another_tool';
      if (rng.chance(0.05)) delete headers['mcp-name'];
      return { headers, body: JSON.stringify(call(id, 'tools/call', { name: tool.name, arguments: argumentsFor(tool) })), tool: tool.name };
    }
    if (kind === 6) {
      const method = rng.pick(['tools/list', 'server/discover', 'ping', 'resources/list', 'prompts/list', 'resources/read', 'logging/setLevel', 'completion/complete', 'tasks/get', 'no/such/method', hostile()]);
      const params = rng.chance(0.7) ? {} : { cursor: hostile(), level: hostile(), uri: hostile() };
      return { headers: { ...base, 'mcp-method': method.replace(/[^\x20-\x7e]/g, '?') }, body: JSON.stringify(call(rng.int(1, 1e6), method, params)) };
    }
    if (kind === 7) {
      // The legacy era: initialize, then whatever follows, without the 2026-07-28 headers.
      const { 'mcp-protocol-version': _v, ...legacy } = base;
      const body = rng.pick([
        { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: rng.pick(['2025-06-18', '2025-11-25', '1999-01-01', hostile()]), capabilities: {}, clientInfo: { name: hostile(), version: '1' } } },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} },
      ]);
      return { headers: rng.chance(0.5) ? legacy : { ...legacy, 'mcp-protocol-version': rng.pick(['2025-06-18', '2025-11-25', 'bogus']) }, body: JSON.stringify(body) };
    }
    if (kind === 8) {
      // Malformed JSON-RPC and JSON.
      return {
        headers: { ...base, 'mcp-method': 'tools/call' },
        body: rng.pick([
          '{',
          '[]',
          'null',
          '"x"',
          JSON.stringify([call(1, 'tools/list', {}), call(2, 'ping', {})]),
          JSON.stringify({ jsonrpc: '1.0', id: 1, method: 'tools/list' }),
          JSON.stringify({ jsonrpc: '2.0', id: { nested: true }, method: 'tools/list' }),
          JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: 'not an object' }),
          JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'service_search', arguments: { query: 'x' }, _meta: { 'io.modelcontextprotocol/protocolVersion': hostile() } } }),
          JSON.stringify({ jsonrpc: '2.0', id: 1, result: {} }),
          `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":${'['.repeat(3000)}`,
        ]),
      };
    }
    // Odd headers around a valid read.
    const headers: Record<string, string> = { ...base, 'mcp-method': 'tools/call', 'mcp-name': 'service_search' };
    rng.pick<() => void>([
      () => (headers['content-type'] = rng.pick(['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', ''])),
      () => (headers.accept = rng.pick(['text/html', 'application/json', '*/*', ''])),
      () => (headers['mcp-protocol-version'] = rng.pick(['2099-01-01', hostile().replace(/[^\x20-\x7e]/g, '?'), ''])),
      () => (headers.origin = rng.pick(['https://evil.example', 'null', 'http://localhost:1'])),
      () => (headers['mcp-method'] = 'tools/list'),
    ])();
    return { headers, body: JSON.stringify(call(rng.int(1, 1e6), 'tools/call', { name: 'service_search', arguments: { query: 'neon' } })), tool: 'service_search' };
  };

  const failures: string[] = [];
  let toolResults = 0;
  /** Answers by kind, printed with FUZZ_VERBOSE. */
  const seen = new Map<string, number>();
  const note = (key: string) => seen.set(key, (seen.get(key) ?? 0) + 1);
  for (let i = 0; i < CASES; i++) {
    const c = makeCase();
    const line = `mcp #${i} headers=${JSON.stringify(c.headers).slice(0, 220)} body=${c.body.slice(0, 300)}`;
    try {
      const res = await fetch(`${s.base}/mcp`, { method: 'POST', headers: Object.fromEntries(Object.entries(c.headers).filter(([, v]) => v !== '')), body: c.body });
      const contentType = res.headers.get('content-type') ?? '';
      const text = await res.text();
      if (process.env.FUZZ_VERBOSE) note(`${c.tool ?? '-'} ${res.status} ${contentType.split(';')[0]} ${/"isError":true/.test(text) ? 'isError ' + (text.match(/"code":"?([A-Z_]+)/)?.[1] ?? '') : /"error":\{"code":(-?\d+)/.exec(text)?.[1] ?? (/problem/.test(contentType) ? text.match(/"code":"([A-Z_]+)/)?.[1] : 'ok')}`);
      if (res.status >= 500) {
        failures.push(`${line}\n    → status ${res.status}: ${text.slice(0, 300)}`);
        continue;
      }
      if (contentType.startsWith('application/problem+json')) {
        if (!problemValid(JSON.parse(text))) failures.push(`${line}\n    → ${res.status} problem breaks the Problem schema: ${ajv.errorsText(problemValid.errors)}`);
        continue;
      }
      if (!text) {
        if (res.status !== 202 && res.status !== 204 && res.status !== 405) failures.push(`${line}\n    → ${res.status} with an empty body`);
        continue;
      }
      if (!/^(application\/json|text\/event-stream)/.test(contentType)) {
        failures.push(`${line}\n    → ${res.status} with content type "${contentType}"`);
        continue;
      }
      for (const message of messagesOf(text, contentType) as Record<string, any>[]) {
        const hasResult = message && 'result' in message;
        const hasError = message && 'error' in message;
        if (message?.jsonrpc !== '2.0' || hasResult === hasError) failures.push(`${line}\n    → not a JSON-RPC answer: ${JSON.stringify(message).slice(0, 300)}`);
        else if (hasError && (!Number.isInteger(message.error.code) || typeof message.error.message !== 'string')) failures.push(`${line}\n    → malformed JSON-RPC error: ${JSON.stringify(message.error).slice(0, 300)}`);
        else if (hasResult && c.tool && message.result && !message.result.isError && 'structuredContent' in message.result) {
          toolResults++;
          const check = outputChecks.get(c.tool);
          if (check && !check(message.result.structuredContent)) failures.push(`${line}\n    → ${c.tool} result breaks its output schema: ${ajv.errorsText(check.errors)}`);
        }
      }
    } catch (err) {
      failures.push(`${line}\n    → request failed: ${(err as Error).message}`);
    }
  }
  if (process.env.FUZZ_VERBOSE) console.log([...seen].sort().map(([k, n]) => `${String(n).padStart(5)} ${k}`).join('\n'));
  if (failures.length) throw new Error(`mcp fuzz seed=${SEED}: ${failures.length} of ${CASES} failing (first 30):\n${failures.slice(0, 30).join('\n')}`);
  // The fuzzer reaches past the refusals: tools answered with results checked against their schemas.
  expect(toolResults).toBeGreaterThan(CASES / 25);
}, 600_000);
