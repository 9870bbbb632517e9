import { OpenAPIBackend, type Document, type Request as BackendRequest } from 'openapi-backend';
import { contractDocument } from '../../../src/contract/document.js';
import { compileRouting } from '../../../src/http/pipeline/compiledRouter.js';
import { operations } from '../../../src/generated/contract.js';

/** What a router answers for one request: the operation, or the refusal it throws. */
function outcome(api: OpenAPIBackend, method: string, path: string): string {
  try {
    return api.router.matchOperation({ method, path, headers: {} }, true)?.operationId ?? 'none';
  } catch (err) {
    return (err as Error).message.slice(0, 3);
  }
}

describe('compiled routing', () => {
  test("when every operation's path, its neighbours and unknown paths are routed, then the compiled router answers as openapi-backend's own", async () => {
    const original = new OpenAPIBackend({ definition: structuredClone(contractDocument()) as Document, quick: true, validate: false });
    const compiled = new OpenAPIBackend({ definition: structuredClone(contractDocument()) as Document, quick: true, validate: false });
    await original.init();
    await compiled.init();
    compileRouting(compiled);
    const paths = Object.values(operations).flatMap((o) => {
      const concrete = o.path.replace(/\{[^}]+\}/g, 'abc-1');
      return [concrete, `${concrete}/`, `${concrete}/extra`, concrete.replace('/api/v0', '/api/v1'), o.path];
    });
    paths.push('/', '/api', '/api/v0', '/api/v0/events/calendar.ics', '/api/v0/events/upcoming', '/api/v0/events/x.ics', '/nope');
    let compared = 0;
    for (const path of new Set(paths)) {
      for (const method of ['GET', 'POST', 'PATCH', 'DELETE', 'PUT']) {
        expect(`${method} ${path} → ${outcome(compiled, method, path)}`).toBe(`${method} ${path} → ${outcome(original, method, path)}`);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(500);
    expect(compiled.router.getOperations()).toHaveLength(original.router.getOperations().length);
    expect(compiled.router.getOperation('getPublicEventBySlug')?.path).toBe('/api/v0/events/{slug}');
  });

  test("when requests of every operation are parsed (params, query, headers, cookies, body), then the compiled parser gives openapi-backend's result", async () => {
    const original = new OpenAPIBackend({ definition: structuredClone(contractDocument()) as Document, quick: true, validate: false });
    const compiled = new OpenAPIBackend({ definition: structuredClone(contractDocument()) as Document, quick: true, validate: false });
    await original.init();
    await compiled.init();
    compileRouting(compiled);
    for (const id of Object.keys(operations)) {
      const op = original.router.getOperation(id)!;
      const path = op.path.replace(/\{[^}]+\}/g, 'caf%C3%A9-1');
      const requests: BackendRequest[] = [
        { method: op.method.toUpperCase(), path, headers: { 'content-type': 'application/json', Cookie: 'a=1; b=two' }, query: { limit: '5', tag: ['x', 'y'] }, body: { patch: { title: 't' } } },
        { method: op.method.toUpperCase(), path: `${path}/`, headers: {}, query: {} },
      ];
      for (const req of requests) {
        expect(compiled.router.parseRequest(structuredClone(req))).toEqual(original.router.parseRequest(structuredClone(req)));
        expect(compiled.router.parseRequest(structuredClone(req), compiled.router.getOperation(id))).toEqual(original.router.parseRequest(structuredClone(req), op));
      }
    }
  });
});
