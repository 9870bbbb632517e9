/**
 * MCP tool schemas come from the contract (src/mcp/schemas.ts): each is self-contained (every
 * reference under its own `$defs`), compiles with Ajv 2020 (and with the draft-07 Ajv the MCP
 * SDK client uses by default), and accepts what the real service answers.
 */
import AjvModule from 'ajv';
import { createAjv } from '../../src/contract/ajv.js';
import { contractDocument } from '../../src/contract/document.js';
import { operations, type OperationId } from '../../src/generated/contract.js';
import { componentSchema, objectSchema, parameterSchema, requestBodySchema, responseSchema } from '../../src/mcp/schemas.js';
import { loadDemoData } from '../../seeds/demo.js';
import { bodyOf, callOp } from '../helpers/contractClient.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

const ajv2020 = createAjv();
// The MCP SDK client's default validator: Ajv's draft-07 class, formats not loaded.
const AjvDraft07 = ((AjvModule as any).default ?? AjvModule) as typeof import('ajv').default;
const ajvDraft07 = new AjvDraft07({ strict: false, validateSchema: false, allErrors: true, logger: false });

/** Every `$ref` in `schema` and the names it points at; fails on any reference that leaves the schema. */
function refsOf(schema: unknown): string[] {
  const found: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref') found.push(value as string);
      else walk(value);
    }
  };
  walk(schema);
  return found;
}

function expectSelfContained(schema: Record<string, unknown>): void {
  const defs = (schema.$defs ?? {}) as Record<string, unknown>;
  for (const ref of refsOf(schema)) {
    expect(ref).toMatch(/^#\/\$defs\/[A-Za-z0-9]+$/);
    expect(defs).toHaveProperty(ref.slice('#/$defs/'.length));
  }
  expect(JSON.stringify(schema)).not.toContain('#/components/');
  expect(schema).not.toHaveProperty('$schema');
}

const operationIds = Object.keys(operations) as OperationId[];
const document = contractDocument();
const operationOf = (id: OperationId) => document.paths[operations[id].path][operations[id].method];
const withJsonBody = operationIds.filter((id) => operationOf(id).requestBody?.content?.['application/json']);
const withJsonAnswer = operationIds.filter((id) =>
  Object.entries(operationOf(id).responses ?? {}).some(([code, r]: [string, any]) => /^2/.test(code) && (r.content?.['application/json'] || (r.$ref && document.components.responses[r.$ref.split('/').pop()]?.content?.['application/json']))),
);

describe('schemas from the contract', () => {
  test('when a component is taken, then it is self-contained, with exactly the components it reaches under $defs', () => {
    const schema = componentSchema('PublicEvent');
    expectSelfContained(schema);
    expect(schema.title).toBe('PublicEvent');
    // PublicEvent is an allOf whose first member is an object: MCP needs the object type at the root.
    expect(schema.type).toBe('object');
    expect(Object.keys(schema.$defs as object)).toEqual(expect.arrayContaining(['PublicEventPreview', 'PublicEventSlot', 'EventSource', 'EpochMillis']));
    // Nothing unreachable is carried along.
    expect(schema.$defs).not.toHaveProperty('DraftFields');
    expect(componentSchema('ProfileType')).toEqual({ title: 'ProfileType', type: 'string', enum: ['person', 'community'] });
  });

  test('when every JSON response and request body of the contract is taken, then each is self-contained and compiles with Ajv 2020 and with draft-07 Ajv', () => {
    expect(withJsonAnswer.length).toBeGreaterThan(30);
    expect(withJsonBody.length).toBeGreaterThan(10);
    for (const id of withJsonAnswer) {
      const schema = responseSchema(id);
      expectSelfContained(schema);
      expect(() => ajv2020.compile(schema)).not.toThrow();
      expect(() => ajvDraft07.compile(schema)).not.toThrow();
    }
    for (const id of withJsonBody) {
      const schema = requestBodySchema(id);
      expectSelfContained(schema);
      expect(() => ajv2020.compile(schema)).not.toThrow();
    }
  });

  test('when a parameter is taken, then its schema keeps the contract limits and its description', () => {
    expect(parameterSchema('searchPublicCatalog', 'limit')).toMatchObject({ type: 'integer', minimum: 1, maximum: 50, description: expect.stringContaining('1 to 50') });
    expect(parameterSchema('getPublicEventBySlug', 'slug')).toMatchObject({ type: 'string', minLength: 1, maxLength: 160 });
    // Path-level parameters count too.
    expect(parameterSchema('getEventIntakeDraft', 'draftId')).toMatchObject({ type: 'string', maxLength: 200 });
    expect(() => parameterSchema('getPublicEventBySlug', 'nope')).toThrow(/no path or query parameter/);
    expect(() => requestBodySchema('searchPublicCatalog')).toThrow(/no application\/json request body/);
    expect(() => componentSchema('NoSuchThing')).toThrow(/no schema component/);
  });

  test('when members are combined with objectSchema, then their $defs are hoisted to the root and unknown members are refused', () => {
    const schema = objectSchema(
      { slug: parameterSchema('updateCurrentUserCommunityEvent', 'slug'), update: requestBodySchema('updateCurrentUserCommunityEvent') },
      ['slug', 'update'],
      'An owner event update.',
    );
    expect(schema).toMatchObject({ type: 'object', required: ['slug', 'update'], additionalProperties: false, description: 'An owner event update.' });
    expect((schema.properties as Record<string, object>).update).not.toHaveProperty('$defs');
    expectSelfContained(schema);
    const validate = ajv2020.compile(schema);
    expect(validate({ slug: 'neon-night', update: { title: 'Neon night' } })).toBe(true);
    expect(validate({ slug: 'neon-night', update: { title: 'Neon night' }, extra: 1 })).toBe(false);
    expect(validate({ slug: 'neon-night', update: { slotLinks: [] } })).toBe(false);
    expect(validate({ slug: 'neon-night' })).toBe(false);
    expect(() => objectSchema({ a: { type: 'string' } }, ['b'])).toThrow(/Required member b/);
    expect(() => objectSchema({ a: { $defs: { X: { type: 'string' } } }, b: { $defs: { X: { type: 'number' } } } }, [])).toThrow(/Two different schemas named X/);
  });
});

describe('schemas against real answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await loadDemoData(t.services);
  });
  afterAll(() => t.close());

  test('when the service answers a public event read and a search, then the schemas accept the answers and refuse a broken copy', async () => {
    const upcoming = bodyOf(await callOp(t.app, 'listPublicUpcomingEvents', { query: { limit: 1 } }), 200);
    expect(ajv2020.validate(responseSchema('listPublicUpcomingEvents'), upcoming)).toBe(true);
    const event = bodyOf(await callOp(t.app, 'getPublicEventBySlug', { params: { slug: upcoming.events[0]!.slug! } }), 200);
    const validate = ajv2020.compile(responseSchema('getPublicEventBySlug'));
    expect(validate(event)).toBe(true);
    const { title: _title, ...untitled } = event;
    expect(validate(untitled)).toBe(false);
    expect(validate({ ...event, status: 'postponed' })).toBe(false);

    const found = bodyOf(await callOp(t.app, 'searchPublicCatalog', { query: { q: 'neon' } }), 200);
    expect(found.results.length).toBeGreaterThan(0);
    expect(ajv2020.validate(responseSchema('searchPublicCatalog'), found)).toBe(true);
  });
});
