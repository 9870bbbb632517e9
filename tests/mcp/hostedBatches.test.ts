/**
 * JSON-RPC batches on the hosted `/mcp` and the rate limits each message counts against
 * (decisions §7, contract 8.3): a batch is refused for the protocol revisions without batches;
 * where one is accepted (2025-03-26, also a request without MCP-Protocol-Version), every message
 * counts on its own, and hosted write tools count against `public_write` as their REST door does.
 * Real HTTP against the app on a loopback port, at the contract's limits (no scaling).
 */
import { callOp } from '../helpers/contractClient.js';
import { serveTestApp, type ServedTestApp } from '../helpers/oauthServer.js';
import { clientCredentialsToken, confidentialApp, expectContractProblem, MODERN } from '../helpers/mcp.js';
import { mcpUser } from './writeTools.js';

let ids = 0;
const searchCall = (query: string) => ({ jsonrpc: '2.0', id: ++ids, method: 'tools/call', params: { name: 'service_search', arguments: { query } } });
const draftSave = (title: string, draft: { draftId?: string; expectedVersion?: number } = {}) => ({
  jsonrpc: '2.0',
  id: ++ids,
  method: 'tools/call',
  params: { name: 'service_event_intake_draft_save', arguments: { ...draft, patch: { title } } },
});

/** POSTs a raw JSON-RPC body (a batch or one message) to /mcp. */
async function post(s: ServedTestApp, body: unknown, opts: { token?: string; version?: string } = {}): Promise<Response> {
  return fetch(`${s.base}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(opts.version ? { 'mcp-protocol-version': opts.version } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** Every JSON-RPC message of an answer, sent as JSON (one message or an array) or as SSE events. */
async function messagesOf(res: Response): Promise<Record<string, any>[]> {
  const text = await res.text();
  const parsed = (res.headers.get('content-type') ?? '').startsWith('text/event-stream')
    ? text
        .split('\n')
        .filter((line) => line.startsWith('data: ') && line.length > 6)
        .map((line) => JSON.parse(line.slice(6)))
    : [JSON.parse(text)];
  return parsed.flat();
}

const toolCalls = async (s: ServedTestApp, name: string) => (await s.t.services.audit.list({ action: 'mcp.tools_call', limit: 1000 })).filter((r) => r.resourceId === name);

describe('batches of the protocol revisions without batches', () => {
  let s: ServedTestApp;
  beforeAll(async () => {
    s = await serveTestApp();
  });
  afterAll(() => s.close());

  test.each(['2025-06-18', '2025-11-25', MODERN])(
    'when an anonymous address posts 100 tools/call in one batch under %s, then 400 with one JSON-RPC -32600 error and no tool runs',
    async (version) => {
      const res = await post(s, Array.from({ length: 100 }, (_, i) => searchCall(`neon ${i}`)), { version });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const body = await res.json();
      expect(body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringContaining(`not supported in protocol version ${version}`) } });
      expect(await toolCalls(s, 'service_search')).toHaveLength(0);
    },
  );

  test('when a batch carries a 2026-07-28 envelope claim but no version header, then it is refused as a batch of that revision', async () => {
    const claimed = { ...searchCall('neon'), params: { name: 'service_search', arguments: { query: 'neon' }, _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN } } };
    const res = await post(s, [claimed, claimed]);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ code: -32600, message: expect.stringContaining(MODERN) });
    expect(await toolCalls(s, 'service_search')).toHaveLength(0);
  });

  test('when a batch holds an initialize of 2025-06-18, then the body\'s protocolVersion decides and the batch is refused', async () => {
    const init = { jsonrpc: '2.0', id: ++ids, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
    const res = await post(s, [init]);
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toContain('2025-06-18');
  });
});

describe('batches of 2025-03-26: every message counts against the anonymous window (60 a minute)', () => {
  let s: ServedTestApp;
  beforeAll(async () => {
    s = await serveTestApp();
  });
  afterAll(() => s.close());

  test('when an anonymous address posts 100 tools/call without a version header, then the batch is refused whole with 429 and the headers; a batch that fits is served; at most 60 calls run in the window', async () => {
    const refused = await post(s, Array.from({ length: 100 }, (_, i) => searchCall(`neon ${i}`)));
    const problem = await expectContractProblem(refused, 429);
    expect(problem).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('ratelimit-limit')).toBe('60');
    // The refused request kept one point, as any refused request does; its other 99 were handed back.
    expect(refused.headers.get('ratelimit-remaining')).toBe('59');
    expect(await toolCalls(s, 'service_search')).toHaveLength(0);

    // 59 more messages fit the window exactly, declared as 2025-03-26 this time.
    const served = await post(s, Array.from({ length: 59 }, (_, i) => searchCall(`neon ${i}`)), { version: '2025-03-26' });
    expect(served.status).toBe(200);
    expect(served.headers.get('ratelimit-remaining')).toBe('0');
    const answers = await messagesOf(served);
    expect(answers).toHaveLength(59);
    expect(answers.every((m) => m.result && !m.result.isError)).toBe(true);

    // The window is spent: one more message, alone or in a batch, is refused.
    await expectContractProblem(await post(s, [searchCall('neon')]), 429);
    await expectContractProblem(await post(s, searchCall('neon')), 429);
    expect((await toolCalls(s, 'service_search')).length).toBe(59);
    const blocks = await s.t.services.audit.list({ action: 'rate_limit.blocked' });
    expect(blocks.some((b) => b.routeClass === 'anonymous_mcp_public_read')).toBe(true);
  });
});

describe('concurrent batches of 2025-03-26 from one address share its window', () => {
  let s: ServedTestApp;
  beforeAll(async () => {
    s = await serveTestApp();
  });
  afterAll(() => s.close());

  test('when five batches of 20 arrive at once, then whole batches are served or refused (two or three of them, however they interleave) and never more than 60 calls run', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, (_, b) => post(s, Array.from({ length: 20 }, (_, i) => searchCall(`neon ${b}-${i}`)), { version: '2025-03-26' })));
    let served = 0;
    for (const res of answers) {
      if (res.status === 429) {
        await expectContractProblem(res, 429);
        continue;
      }
      expect(res.status).toBe(200);
      const messages = await messagesOf(res);
      // A batch is admitted whole: every one of its calls answered, none refused in part.
      expect(messages).toHaveLength(20);
      expect(messages.every((m) => m.result && !m.result.isError)).toBe(true);
      served += messages.length;
    }
    // Each request takes its first point on arrival, so two batches always fit (5 + 2 × 19 = 43)
    // and a third only when it counts before the others' first points (3 × 20 = 60).
    expect([40, 60]).toContain(served);
    expect(await toolCalls(s, 'service_search')).toHaveLength(served);
    // What the window has left is what was not served, less one point kept by each refused batch.
    const left = await post(s, searchCall('neon'), { version: '2025-03-26' });
    const refusedBatches = 5 - served / 20;
    if (60 - served - refusedBatches > 0) {
      expect(left.status).toBe(200);
      expect(Number(left.headers.get('ratelimit-remaining'))).toBe(60 - served - refusedBatches - 1);
    } else {
      await expectContractProblem(left, 429);
    }
  });
});

describe('hosted write tools count against public_write (30 a minute), message by message', () => {
  let s: ServedTestApp;
  beforeAll(async () => {
    s = await serveTestApp();
  });
  afterAll(() => s.close());

  test('when a user token saves drafts in batches, then each save counts: 31 in one batch are refused whole, 18 are saved, and the 12th single save after them is refused', async () => {
    const { user, token } = await mcpUser(s, 'mcp:read mcp:write events:contribute');
    const drafts = async () => (await s.t.services.audit.list({ action: 'mcp.tools_call', limit: 1000 })).filter((r) => r.resourceId === 'service_event_intake_draft_save' && r.result === 'ok').length;

    const tooMany = await post(s, Array.from({ length: 31 }, (_, i) => draftSave(`Draft ${i}`)), { token });
    await expectContractProblem(tooMany, 429);
    expect(tooMany.headers.get('ratelimit-limit')).toBe('30');
    expect(await drafts()).toBe(0);

    const batch = await post(s, Array.from({ length: 18 }, (_, i) => draftSave(`Draft ${i}`)), { token });
    expect(batch.status).toBe(200);
    const saved = await messagesOf(batch);
    expect(saved).toHaveLength(18);
    expect(saved.every((m) => m.result?.structuredContent?.version === 1)).toBe(true);
    expect(batch.headers.get('ratelimit-limit')).toBe('30');
    // One point kept by the refused batch, 18 for this one.
    expect(batch.headers.get('ratelimit-remaining')).toBe('11');
    expect(await drafts()).toBe(18);

    // Eleven more saves, one a request (edits of the first draft), fill the window.
    const { draftId } = saved[0]!.result.structuredContent;
    for (let version = 1; version <= 11; version++) {
      const single = await post(s, draftSave(`Edit ${version}`, { draftId, expectedVersion: version }), { token });
      expect(single.status).toBe(200);
      const [answer] = await messagesOf(single);
      expect(answer!.result).toMatchObject({ structuredContent: { draftId, version: version + 1 } });
    }
    const refused = await post(s, draftSave('One too many', { draftId, expectedVersion: 12 }), { token });
    await expectContractProblem(refused, 429);
    expect(refused.headers.get('ratelimit-limit')).toBe('30');
    expect(await drafts()).toBe(29);
    expect((await s.t.services.audit.list({ action: 'mcp.tools_call', limit: 1000 })).filter((r) => r.resourceId === 'service_event_intake_draft_save' && r.result !== 'ok')).toHaveLength(0);
    // Reads are not writes: the token's MCP window (300) still serves them.
    expect((await post(s, { jsonrpc: '2.0', id: ++ids, method: 'tools/list' }, { token })).status).toBe(200);
    expect(user.id).toBeDefined();
  });

  test("when an application's REST and MCP tokens share its client-wide public_write bucket (10 × 30), then REST saves leave MCP saves only the rest of it, and MCP saves count on the REST side", async () => {
    const app = await confidentialApp(s, ['events:contribute', 'mcp:read', 'mcp:write']);
    const mcp = await clientCredentialsToken(s, app, 'mcp:write events:contribute');
    // API-resource tokens of the same client spend 290 of the 300 (each token 30 at most; counted
    // before authority, as every REST call is).
    const rest = await Promise.all(Array.from({ length: 10 }, () => clientCredentialsToken(s, app, 'events:contribute')));
    for (const [i, token] of rest.entries()) {
      const answers = await Promise.all(Array.from({ length: i < 9 ? 30 : 20 }, () => callOp(s.t.app, 'saveEventIntakeDraft', { token, body: { patch: { title: 'x' } } })));
      expect(answers.every((r) => r.status !== 429)).toBe(true);
    }
    // The MCP token (its own bucket 30) gets the last 10 of the client's 300.
    for (let i = 0; i < 10; i++) {
      const res = await post(s, draftSave(`via MCP ${i}`), { token: mcp });
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-remaining')).toBe(String(9 - i));
    }
    const refused = await post(s, draftSave('via MCP, one too many'), { token: mcp });
    expect(await expectContractProblem(refused, 429)).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.headers.get('ratelimit-limit')).toBe('300');
    expect((await toolCalls(s, 'service_event_intake_draft_save')).filter((r) => r.result === 'tool_error')).toHaveLength(10);
    // Its reads are still served: only the write class is spent.
    expect((await post(s, { jsonrpc: '2.0', id: ++ids, method: 'tools/list' }, { token: mcp })).status).toBe(200);

    // The other way: REST spent only 290, yet a fresh REST token of the client is refused.
    const fresh = await clientCredentialsToken(s, app, 'events:contribute');
    const viaRest = await callOp(s.t.app, 'saveEventIntakeDraft', { token: fresh, body: { patch: { title: 'x' } } });
    expect(viaRest.status).toBe(429);
    expect(viaRest.headers['ratelimit-limit']).toBe('300');
  });
});
