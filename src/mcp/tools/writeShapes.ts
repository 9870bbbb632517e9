/**
 * Input and output shapes of the write tools, assembled from the contract's own schemas
 * (src/mcp/schemas.ts): a tool input is an operation's request body members beside the path
 * parameters (and optional headers) that the REST path needs; a write that reads its result
 * back answers the write response plus `canonicalUrl` and the public read-back.
 */
import { contractDocument } from '../../contract/document.js';
import { operations, type OperationId } from '../../generated/contract.js';
import { componentSchema, objectSchema, parameterSchema, requestBodySchema, responseSchema } from '../schemas.js';
import type { JsonSchema } from '../tool.js';

type ObjectJsonSchema = JsonSchema & { properties?: Record<string, JsonSchema>; required?: string[]; $defs?: Record<string, JsonSchema> };

/** The members of an object schema, each carrying the root's `$defs` so `objectSchema` can hoist them. */
function membersOf(schema: ObjectJsonSchema): { properties: Record<string, JsonSchema>; required: string[] } {
  if (schema.type !== 'object' || !schema.properties) throw new Error('Not an object schema with properties');
  const defs = schema.$defs;
  const properties = Object.fromEntries(Object.entries(schema.properties).map(([name, member]) => [name, defs ? { ...member, $defs: defs } : member]));
  return { properties, required: schema.required ?? [] };
}

/** The members of an operation's request body, each able to stand alone in another object schema. */
export function bodyMembers(operationId: OperationId): Record<string, JsonSchema> {
  return membersOf(requestBodySchema(operationId) as ObjectJsonSchema).properties;
}

/** An array of `items`, its `$defs` lifted to the array so `objectSchema` hoists them to the root. */
export function arrayOf(items: JsonSchema, extra: JsonSchema = {}): JsonSchema {
  const { $defs, ...rest } = items as ObjectJsonSchema;
  return { type: 'array', ...extra, items: rest, ...($defs ? { $defs } : {}) };
}

/**
 * The schema of a header parameter of an operation (e.g. `Idempotency-Key`), with the
 * parameter's description, from the contract document.
 */
export function headerSchema(operationId: OperationId, name: string): JsonSchema {
  const meta = operations[operationId];
  const document = contractDocument();
  const operation = (document.paths as Record<string, Record<string, any>>)[meta.path]?.[meta.method];
  const resolve = (p: any): any => {
    const ref = typeof p?.$ref === 'string' ? /^#\/components\/parameters\/(.+)$/.exec(p.$ref) : null;
    return ref ? document.components.parameters[ref[1]!] : p;
  };
  const parameter = ((operation?.parameters as unknown[]) ?? []).map(resolve).find((p) => p?.in === 'header' && String(p.name).toLowerCase() === name.toLowerCase());
  if (!parameter?.schema) throw new Error(`${operationId} has no header parameter ${name}`);
  return { description: parameter.description, ...structuredClone(parameter.schema) };
}

/**
 * A tool input made of an operation's path parameters (all required) and its request body's
 * members (required as the body requires them), plus optional `extra` members (e.g. a header).
 */
export function paramsAndBody(operationId: OperationId, pathParams: string[], description: string, extra: Record<string, JsonSchema> = {}): JsonSchema {
  const body = membersOf(requestBodySchema(operationId) as ObjectJsonSchema);
  const params = Object.fromEntries(pathParams.map((name) => [name, parameterSchema(operationId, name)]));
  return objectSchema({ ...params, ...body.properties, ...extra }, [...pathParams, ...body.required], description);
}

/** A tool input made of an operation's path parameters only (reads and deletes without a body). */
export function paramsOnly(operationId: OperationId, pathParams: string[], description: string): JsonSchema {
  return objectSchema(Object.fromEntries(pathParams.map((name) => [name, parameterSchema(operationId, name)])), pathParams, description);
}

/** A tool input of path parameters beside the whole request body under `bodyMember` (e.g. `{ slug, update }`). */
export function paramsWithBody(operationId: OperationId, pathParams: string[], bodyMember: string, description: string): JsonSchema {
  const params = Object.fromEntries(pathParams.map((name) => [name, parameterSchema(operationId, name)]));
  return objectSchema({ ...params, [bodyMember]: requestBodySchema(operationId) }, [...pathParams, bodyMember], description);
}

/** The body members of `input` (everything but the path parameters and `omit`). */
export function bodyOf(input: Record<string, unknown>, omit: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([name, value]) => !omit.includes(name) && value !== undefined));
}

const READ_BACK_COMPONENT = { event: 'PublicEvent', profile: 'PublicProfile' } as const;

/**
 * The output of a write that reads its result back (contract 4.12): the operation's response
 * members, `canonicalUrl` (the public URL of the written object) and, under `as`, the anonymous
 * public read-back. Both are required for events (always public once written); a profile write
 * may leave a profile that is not publicly viewable (`publiclyViewable: false`, contract 4.6
 * rule 10), which has no public read, so `canonicalUrl` and `profile` are then absent.
 */
export function writeWithReadBack(operationId: OperationId, as: 'event' | 'profile'): JsonSchema {
  const answer = membersOf(responseSchema(operationId) as ObjectJsonSchema);
  const unlessHidden = as === 'profile' ? ' Absent when the profile is not publicly viewable.' : '';
  const canonicalUrl: JsonSchema = { type: 'string', format: 'uri', description: `The absolute URL of the written ${as}'s public page on this deployment (${as === 'event' ? '`/events/{slug}`' : '`/people/{slug}` or `/communities/{slug}`, by its type'}).${unlessHidden}` };
  const readBack: JsonSchema = { ...componentSchema(READ_BACK_COMPONENT[as]), description: `The ${as} as the public reads it now, anonymously, right after the write.${unlessHidden}` };
  return objectSchema({ ...answer.properties, canonicalUrl, [as]: readBack }, [...answer.required, ...(as === 'event' ? ['canonicalUrl', as] : [])], `The write's answer, the public URL and the public read-back of the ${as}.`);
}
