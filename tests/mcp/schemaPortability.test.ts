/**
 * Tool schemas as MCP clients with strict schema dialects read them: `tools/list` of the hosted
 * endpoint (the SDK's own client over HTTP) and of the stdio server (a real child process) has
 * no finding under the MCP Inspector's portability rules (tests/mcp/conformance/schemaPortability.ts),
 * and the listed spelling accepts exactly what the contract's spelling accepts.
 */
import { jest } from '@jest/globals';
import type { ValidateFunction } from 'ajv';
import { createAjv } from '../../src/contract/ajv.js';
import { HOSTED_TOOLS } from '../../src/mcp/hosted/server.js';
import { posterUploadBytesTool } from '../../src/mcp/local/posterUploadBytes.js';
import { componentSchema, portableSchema } from '../../src/mcp/schemas.js';
import { TOOLS } from '../../src/mcp/tools/index.js';
import type { JsonSchema } from '../../src/mcp/tool.js';
import { DELETE, Rng, inlined, replaced, sites, validValue } from '../fuzz/generator.js';
import { connectClient } from '../helpers/mcp.js';
import { serveTestApp, type ServedTestApp } from '../helpers/oauthServer.js';
import { lintTools } from './conformance/schemaPortability.js';
import { startStdio } from './stdioHarness.js';

jest.setTimeout(60_000);

describe('tools/list passes the Inspector’s portability rules, hosted and stdio', () => {
  let s: ServedTestApp;
  beforeAll(async () => {
    s = await serveTestApp({ rateLimitScale: 100 });
  });
  afterAll(() => s.close());

  test('when the contract’s own spelling is linted, then the rules find what the Inspector reported (bare false under PublicEventPreview, type arrays)', () => {
    const contract = lintTools(HOSTED_TOOLS.map((t) => ({ name: t.name, inputSchema: t.inputSchema, outputSchema: t.outputSchema })));
    expect(contract.errors).toBeGreaterThan(0);
    expect(contract.warnings).toBeGreaterThan(0);
    const paths = contract.byTool.flatMap((t) => t.findings.map((f) => `${f.rule} ${f.schema}.${f.path}`));
    expect(paths).toContain('boolean-schema outputSchema.$defs.PublicEventPreview.then.properties.startAt');
    expect(paths.some((p) => p.startsWith('type-union '))).toBe(true);
  });

  test('when a client lists the hosted tools, then no tool schema has a portability error or warning', async () => {
    const client = await connectClient(s);
    try {
      const { tools } = await client.listTools();
      expect(tools.length).toBe(HOSTED_TOOLS.length);
      const lint = lintTools(tools);
      expect(lint.byTool).toEqual([]);
      expect({ errors: lint.errors, warnings: lint.warnings }).toEqual({ errors: 0, warnings: 0 });
    } finally {
      await client.close();
    }
  });

  test('when a client lists the stdio server’s tools (with a credential: every local tool), then no tool schema has a portability error or warning', async () => {
    const stdio = await startStdio({ MARQUEE_API_BASE_URL: s.base, MARQUEE_API_TOKEN: 'service_not-a-real-token-at-all-0000000000', MARQUEE_ALLOW_INSECURE_LOCAL_STORAGE: '1' });
    try {
      expect(stdio.tools.map((t) => t.name)).toContain(posterUploadBytesTool.name);
      const lint = lintTools(stdio.tools);
      expect(lint.byTool).toEqual([]);
    } finally {
      await stdio.close();
    }
  });
});

describe('the listed spelling accepts exactly what the contract’s spelling accepts', () => {
  const ajv = createAjv();
  const verdicts = { accepted: 0, total: 0 };
  const schemas: [string, JsonSchema][] = [...TOOLS, posterUploadBytesTool].flatMap((t) => [
    [`${t.name} input`, t.inputSchema] as [string, JsonSchema],
    [`${t.name} output`, t.outputSchema] as [string, JsonSchema],
  ]);

  test.each(schemas)('when values made from %s (valid, and with one place changed) are checked, then both spellings agree on each', (_name, schema) => {
    const contract: ValidateFunction = ajv.compile(schema);
    const listed: ValidateFunction = ajv.compile(portableSchema(schema));
    expect(JSON.stringify(portableSchema(schema))).not.toMatch(/"type":\[/);
    const rng = new Rng(20261127);
    const plain = inlined(schema, schema.$defs as Record<string, unknown>) as JsonSchema;
    const hints = { communitySlug: 'quiet-lantern-society', personSlug: 'byte-bishop' };
    let accepted = 0;
    for (let i = 0; i < 150; i++) {
      const valid = validValue(plain, rng, hints);
      const at = rng.pick(sites(plain, valid));
      const value = rng.pick<() => unknown>([
        () => valid,
        () => replaced(valid, at.path, rng.pick([null, 0, -1, 1.5, true, [], {}, '', 'text', 'x'.repeat(3000), ['a'], { a: 1 }])),
        () => (at.path.length ? replaced(valid, at.path, DELETE) : valid),
        () => ({ ...(valid as object), unknownField: 1 }),
      ])();
      const verdict = contract(value);
      if (verdict) accepted++;
      expect([JSON.stringify(value).slice(0, 300), listed(value)]).toEqual([JSON.stringify(value).slice(0, 300), verdict]);
    }
    verdicts.accepted += accepted;
    verdicts.total += 150;
  });

  test('when the verdicts are added up, then both accepted and refused values were checked (the comparison is not vacuous)', () => {
    expect(verdicts.total).toBe(schemas.length * 150);
    expect(verdicts.accepted).toBeGreaterThan(verdicts.total / 5);
    expect(verdicts.accepted).toBeLessThan(verdicts.total);
  });

  test('when a date-only public event preview carries startAt, then both spellings refuse it (the contract’s `false` became `{"not": {}}`)', () => {
    const schema = componentSchema('PublicEventPreview');
    const listed = portableSchema(schema);
    expect((listed.then as { properties: Record<string, unknown> }).properties).toEqual({ startAt: { not: {} }, doorsOpenAt: { not: {} }, endAt: { not: {} }, nextSlots: { not: {} } });
    const rng = new Rng(7);
    const plain = inlined(schema, schema.$defs as Record<string, unknown>) as JsonSchema;
    let checked = 0;
    for (let i = 0; i < 50; i++) {
      const preview = validValue(plain, rng, { communitySlug: 'quiet-lantern-society', personSlug: 'byte-bishop' }) as Record<string, unknown>;
      const dated: Record<string, unknown> = { ...preview, scheduleKind: 'date_only', startAt: '2026-12-05T20:00:00Z' };
      expect(ajv.validate(schema, dated)).toBe(false);
      expect(ajv.validate(listed, dated)).toBe(false);
      const { startAt: _s, doorsOpenAt: _d, endAt: _e, nextSlots: _n, ...withoutTimes } = dated;
      const verdict = ajv.validate(schema, withoutTimes);
      expect(ajv.validate(listed, withoutTimes)).toBe(verdict);
      if (verdict) checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });
});
