import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { contractDocument } from '../../src/contract/document.js';
import { handlers } from '../../src/handlers/index.js';
import { NOT_IMPLEMENTED } from '../../src/handlers/types.js';
import { operations, routeClasses, type OperationId } from '../../src/generated/contract.js';
import { ROUTE_CLASS_LIMITS } from '../../src/services/ratelimit/policy.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const HANDLERS_DIR = fileURLToPath(new URL('../../src/handlers/', import.meta.url));
/**
 * The files of src/handlers/ that are not handlers: the map and its types. Shared helpers of
 * several handlers live elsewhere (src/http, src/services); if one must live here, name it here.
 */
const NOT_HANDLER_FILES = ['index.ts', 'types.ts'];

type ContractOperation = { operationId?: string; 'x-route-class'?: string; 'x-anonymous-route-class'?: string };
const contractOperations = () => {
  const found: ContractOperation[] = [];
  for (const item of Object.values<Record<string, ContractOperation>>(contractDocument().paths)) {
    for (const m of METHODS) if (item[m]?.operationId) found.push(item[m]);
  }
  return found;
};
const implemented = () => (Object.keys(handlers) as OperationId[]).filter((id) => handlers[id] !== NOT_IMPLEMENTED).sort();

describe('operationIds ↔ handlers', () => {
  test('when the contract is read, then its operationIds are exactly the handler map keys', () => {
    const ids = contractOperations().map((op) => op.operationId!);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(Object.keys(handlers).sort());
    expect(Object.keys(operations).sort()).toEqual(ids);
  });

  test('when an operation is implemented, then src/handlers/<operationId>.ts exports a function of exactly that name, and the map holds it', async () => {
    for (const id of implemented()) {
      expect([id, fs.existsSync(`${HANDLERS_DIR}${id}.ts`)]).toEqual([id, true]);
      const mod = (await import(`../../src/handlers/${id}.js`)) as Record<string, unknown>;
      const exported = mod[id] as ((...args: unknown[]) => unknown) | undefined;
      expect([id, typeof exported]).toEqual([id, 'function']);
      expect([id, exported!.name]).toEqual([id, id]);
      expect([id, handlers[id] === exported]).toEqual([id, true]);
    }
  });

  test('when src/handlers/ is listed, then every file but the map and its types is the handler of an implemented operation', () => {
    const files = fs.readdirSync(HANDLERS_DIR).filter((f) => !NOT_HANDLER_FILES.includes(f));
    // An extra file, a handler of an operation still marked not implemented, or a non-TypeScript file fails here.
    expect(files.sort()).toEqual(implemented().map((id) => `${id}.ts`));
    for (const f of NOT_HANDLER_FILES) expect([f, fs.existsSync(`${HANDLERS_DIR}${f}`)]).toEqual([f, true]);
  });
});

describe('route classes ↔ rate-limit policy (contract 8.3)', () => {
  test('when each operation is read, then its class is a RouteClass or one_time_token, as the contract document says', () => {
    const byId = new Map(contractOperations().map((op) => [op.operationId!, op]));
    const allowed: string[] = [...routeClasses, 'one_time_token'];
    for (const [id, meta] of Object.entries(operations)) {
      expect([id, allowed.includes(meta.routeClass)]).toEqual([id, true]);
      if (meta.anonymousRouteClass !== null) expect([id, (routeClasses as readonly string[]).includes(meta.anonymousRouteClass)]).toEqual([id, true]);
      // The generated metadata is the document's, not a stale copy.
      const op = byId.get(id)!;
      expect([id, meta.routeClass, meta.anonymousRouteClass]).toEqual([id, op['x-route-class'], op['x-anonymous-route-class'] ?? null]);
      // one_time_token marks the upload transports: bounded by their single-use token, not a credential (rule 6).
      if (meta.routeClass === 'one_time_token') expect([id, meta.security]).toEqual([id, []]);
    }
  });

  test('when the policy table is read, then every RouteClass has a policy, and nothing else does', () => {
    expect(Object.keys(ROUTE_CLASS_LIMITS).sort()).toEqual([...routeClasses].sort());
    for (const [routeClass, [standard, trusted]] of Object.entries(ROUTE_CLASS_LIMITS)) {
      expect([routeClass, Number.isInteger(standard) && standard > 0, Number.isInteger(trusted) && trusted >= standard]).toEqual([routeClass, true, true]);
    }
  });
});
