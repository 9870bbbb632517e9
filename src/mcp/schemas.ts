/**
 * JSON Schemas of MCP tools, taken from the contract (the generated bundle of `openapi.yaml`,
 * src/generated/openapi.json), never retyped. Each schema returned here is self-contained: every
 * reference to a component is rewritten to `#/$defs/<Name>` and those components (transitively)
 * travel under `$defs`, so an MCP client can compile it on its own.
 *
 * No `$schema` member is added: MCP takes JSON Schema 2020-12 as the default dialect, and
 * clients that compile with a draft-07 validator (the SDK's default Ajv) refuse an unknown
 * `$schema` URI. The contract's schemas use only keywords both read alike.
 */
import { contractDocument } from '../contract/document.js';
import { operations, type OperationId } from '../generated/contract.js';
import type { JsonSchema } from './tool.js';

const COMPONENT_SCHEMA_REF = /^#\/components\/schemas\/([^/]+)$/;
const COMPONENT_REF = /^#\/components\/([^/]+)\/([^/]+)$/;

type Json = unknown;

function clone<T>(value: T): T {
  return structuredClone(value);
}

function componentsOf(section: string): Record<string, any> {
  const components = contractDocument().components as Record<string, Record<string, any>> | undefined;
  return components?.[section] ?? {};
}

function namedComponent(name: string): JsonSchema {
  const schema = componentsOf('schemas')[name] as JsonSchema | undefined;
  if (!schema) throw new Error(`The contract has no schema component ${name}`);
  return schema;
}

/** Follows a `$ref` to another kind of component (parameter, response, request body). */
function derefComponent<T>(node: T): T {
  let current: any = node;
  for (let hops = 0; current && typeof current === 'object' && typeof current.$ref === 'string'; hops++) {
    const match = COMPONENT_REF.exec(current.$ref);
    if (!match || hops > 8) throw new Error(`Unresolvable reference ${current.$ref}`);
    const target = componentsOf(match[1]!)[match[2]!];
    if (!target) throw new Error(`Unresolvable reference ${current.$ref}`);
    // Sibling members of a `$ref` (e.g. a response's own description) win over the target's.
    const { $ref: _ref, ...siblings } = current;
    current = { ...target, ...siblings };
  }
  return current as T;
}

/**
 * Copies `node`, rewriting schema-component references to `#/$defs/<Name>` and collecting every
 * referenced component (rewritten alike) into `defs`.
 */
function rewrite(node: Json, defs: Record<string, JsonSchema>): Json {
  if (Array.isArray(node)) return node.map((item) => rewrite(item, defs));
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (key === '$ref' && typeof value === 'string') {
      const match = COMPONENT_SCHEMA_REF.exec(value);
      if (!match) throw new Error(`Unsupported schema reference ${value}`);
      const name = match[1]!;
      out.$ref = `#/$defs/${name}`;
      if (!(name in defs)) {
        defs[name] = {}; // placeholder first: recursive components terminate
        defs[name] = rewrite(namedComponent(name), defs) as JsonSchema;
      }
    } else {
      out[key] = rewrite(value, defs);
    }
  }
  return out;
}

/**
 * A value satisfying `allOf` satisfies each member, so when one member is an object schema the
 * whole is: say so at the root, where MCP requires `type: "object"` on tool schemas.
 */
function withObjectRoot(schema: JsonSchema, defs: Record<string, JsonSchema>): JsonSchema {
  if (schema.type !== undefined || !Array.isArray(schema.allOf)) return schema;
  const isObject = (member: any): boolean => {
    if (!member || typeof member !== 'object') return false;
    if (member.type === 'object') return true;
    if (typeof member.$ref === 'string' && member.$ref.startsWith('#/$defs/')) {
      return isObject(defs[member.$ref.slice('#/$defs/'.length)]);
    }
    return Array.isArray(member.allOf) && member.allOf.some(isObject);
  };
  return (schema.allOf as unknown[]).some(isObject) ? { type: 'object', ...schema } : schema;
}

/** A self-contained schema of `schema` (a contract schema fragment). */
function selfContained(schema: JsonSchema): JsonSchema {
  // A bare reference to a component is inlined at the root (so the root keeps its own `type`).
  const ref = typeof schema.$ref === 'string' ? COMPONENT_SCHEMA_REF.exec(schema.$ref) : null;
  if (ref && Object.keys(schema).length === 1) return componentSchema(ref[1]!);
  if (ref) {
    const { $ref: _ref, ...siblings } = schema;
    return { ...componentSchema(ref[1]!), ...clone(siblings) };
  }
  const defs: Record<string, JsonSchema> = {};
  const root = withObjectRoot(rewrite(schema, defs) as JsonSchema, defs);
  return Object.keys(defs).length ? { ...root, $defs: sortedDefs(defs) } : root;
}

function sortedDefs(defs: Record<string, JsonSchema>): Record<string, JsonSchema> {
  return Object.fromEntries(Object.entries(defs).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * The named component of the contract, self-contained: its references rewritten to
 * `#/$defs/<Name>` and the referenced components (transitively) under `$defs`. A component that
 * refers to itself is also listed under its own name.
 */
export function componentSchema(name: string): JsonSchema {
  const defs: Record<string, JsonSchema> = {};
  const root = withObjectRoot(rewrite(namedComponent(name), defs) as JsonSchema, defs);
  return Object.keys(defs).length ? { ...root, $defs: sortedDefs(defs) } : root;
}

function operationObject(operationId: OperationId): { pathItem: Record<string, any>; operation: Record<string, any> } {
  const meta = operations[operationId];
  if (!meta) throw new Error(`Unknown operation ${operationId}`);
  const pathItem = (contractDocument().paths as Record<string, Record<string, any>>)[meta.path];
  const operation = pathItem?.[meta.method];
  if (!pathItem || !operation) throw new Error(`The contract has no ${meta.method} ${meta.path}`);
  return { pathItem, operation };
}

/** The application/json request body schema of an operation, self-contained. */
export function requestBodySchema(operationId: OperationId): JsonSchema {
  const { operation } = operationObject(operationId);
  const body = operation.requestBody ? derefComponent(operation.requestBody) : undefined;
  const schema = body?.content?.['application/json']?.schema as JsonSchema | undefined;
  if (!schema) throw new Error(`${operationId} has no application/json request body`);
  return selfContained(schema);
}

/**
 * The schema of one path or query parameter of an operation, self-contained. The parameter's
 * description is carried into the schema when the schema has none, so a tool input built from it
 * keeps the contract's words.
 */
export function parameterSchema(operationId: OperationId, name: string): JsonSchema {
  const { pathItem, operation } = operationObject(operationId);
  const parameters = [...((operation.parameters as unknown[]) ?? []), ...((pathItem.parameters as unknown[]) ?? [])]
    .map((parameter) => derefComponent(parameter) as Record<string, any>)
    .filter((parameter) => parameter.in === 'path' || parameter.in === 'query');
  const parameter = parameters.find((candidate) => candidate.name === name);
  if (!parameter?.schema) throw new Error(`${operationId} has no path or query parameter ${name}`);
  const schema = selfContained(parameter.schema as JsonSchema);
  return schema.description === undefined && typeof parameter.description === 'string'
    ? { description: parameter.description, ...schema }
    : schema;
}

/**
 * The JSON response schema of an operation for `status` (default: its first 2xx answer with a
 * JSON body), self-contained.
 */
export function responseSchema(operationId: OperationId, status?: string): JsonSchema {
  const { operation } = operationObject(operationId);
  const responses = (operation.responses ?? {}) as Record<string, unknown>;
  const jsonSchemaOf = (response: unknown): JsonSchema | undefined => {
    const content = (derefComponent(response) as Record<string, any>)?.content as Record<string, any> | undefined;
    return (content?.['application/json']?.schema ?? content?.['application/problem+json']?.schema) as
      | JsonSchema
      | undefined;
  };
  const chosen =
    status !== undefined
      ? responses[status]
      : Object.entries(responses).find(([code, response]) => /^2\d\d$/.test(code) && jsonSchemaOf(response))?.[1];
  const schema = chosen === undefined ? undefined : jsonSchemaOf(chosen);
  if (!schema) throw new Error(`${operationId} has no JSON response${status ? ` for ${status}` : ' for 2xx'}`);
  return selfContained(schema);
}

/**
 * An object of the given members (e.g. a tool input `{ slug, update }`), hoisting the members'
 * `$defs` into one `$defs` at the root. Unknown members are refused unless
 * `options.additionalProperties` is true.
 */
export function objectSchema(
  properties: Record<string, JsonSchema>,
  required: string[],
  description?: string,
  options: { additionalProperties?: boolean } = {},
): JsonSchema {
  const defs: Record<string, JsonSchema> = {};
  const members: Record<string, JsonSchema> = {};
  for (const [name, member] of Object.entries(properties)) {
    const { $defs, ...rest } = clone(member) as JsonSchema & { $defs?: Record<string, JsonSchema> };
    for (const [defName, def] of Object.entries($defs ?? {})) {
      if (defName in defs && JSON.stringify(defs[defName]) !== JSON.stringify(def)) {
        throw new Error(`Two different schemas named ${defName} under $defs`);
      }
      defs[defName] = def;
    }
    members[name] = rest;
  }
  for (const name of required) {
    if (!(name in members)) throw new Error(`Required member ${name} is not a property`);
  }
  return {
    type: 'object',
    ...(description === undefined ? {} : { description }),
    properties: members,
    ...(required.length ? { required } : {}),
    ...(options.additionalProperties ? {} : { additionalProperties: false }),
    ...(Object.keys(defs).length ? { $defs: sortedDefs(defs) } : {}),
  };
}

/*
 * Portable tool schemas. The contract's schemas are JSON Schema 2020-12 and use two spellings
 * that clients with strict or single-`type` schema dialects refuse or misread (the MCP
 * Inspector's schema-portability rules: a bare boolean where a schema object is expected is an
 * error, a `type` array a warning). Tools are listed with an equivalent spelling of the same
 * schema — same instances accepted, same refused:
 *  - a bare `false` schema → `{ "not": {} }`, a bare `true` → `{}` (boolean values of
 *    `additionalProperties`, `unevaluatedProperties`, `additionalItems`, `unevaluatedItems`
 *    stay: there a boolean is the keyword's own form, not a schema position);
 *  - `type: [T1, T2, …]` → `anyOf: [{ type: T1, … }, { type: T2, … }]`, each branch carrying the
 *    keywords that only constrain its own type (`maxLength` with `string`, `items` with `array`,
 *    …: a keyword of one type says nothing about values of another, so moving it into that
 *    type's branch changes nothing); keywords for every type (`enum`, `const`, `format`,
 *    `$ref`, applicators) and annotations stay beside the `anyOf` (into `allOf` when the node
 *    has its own `anyOf`).
 * The servers validate with the contract's spelling (execute.ts, local/outputCheck.ts), so
 * validation and its error messages are unchanged.
 */
const BOOLEAN_VALUED = new Set(['additionalProperties', 'unevaluatedProperties', 'additionalItems', 'unevaluatedItems']);
const SCHEMA_VALUED = ['items', 'contains', 'not', 'propertyNames', 'if', 'then', 'else', 'additionalProperties', 'unevaluatedProperties', 'additionalItems', 'unevaluatedItems', 'contentSchema'];
const SCHEMA_ARRAYS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SCHEMA_MAPS = ['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions'];
const TYPE_KEYWORDS: Record<string, readonly string[]> = {
  string: ['minLength', 'maxLength', 'pattern', 'contentEncoding', 'contentMediaType', 'contentSchema'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  array: ['items', 'prefixItems', 'contains', 'minContains', 'maxContains', 'minItems', 'maxItems', 'uniqueItems', 'additionalItems', 'unevaluatedItems'],
  object: ['properties', 'patternProperties', 'additionalProperties', 'unevaluatedProperties', 'required', 'minProperties', 'maxProperties', 'propertyNames', 'dependentRequired', 'dependentSchemas', 'dependencies'],
};
const familyOf = (type: string) => (type === 'integer' ? 'number' : type);

function portableNode(node: Json, keyword?: string): Json {
  if (typeof node === 'boolean') {
    if (keyword !== undefined && BOOLEAN_VALUED.has(keyword)) return node;
    return node ? {} : { not: {} };
  }
  if (!node || typeof node !== 'object' || Array.isArray(node)) return node;
  const out: Record<string, unknown> = { ...(node as Record<string, unknown>) };
  for (const key of SCHEMA_VALUED) {
    if (!(key in out)) continue;
    out[key] = key === 'items' && Array.isArray(out[key]) ? (out[key] as Json[]).map((s) => portableNode(s)) : portableNode(out[key], key);
  }
  for (const key of SCHEMA_ARRAYS) {
    if (Array.isArray(out[key])) out[key] = (out[key] as Json[]).map((s) => portableNode(s));
  }
  for (const key of SCHEMA_MAPS) {
    const map = out[key];
    if (map && typeof map === 'object' && !Array.isArray(map)) {
      out[key] = Object.fromEntries(Object.entries(map as Record<string, Json>).map(([name, s]) => [name, portableNode(s)]));
    }
  }
  const type = out.type;
  if (!Array.isArray(type)) return out;
  const types = type as string[];
  const branches = types.map((t): Record<string, unknown> => ({ type: t }));
  // A string format stays with strings; where numbers are among the types it stays beside them all.
  const moved = new Set<string>();
  const keywordsOf = (family: string) => [...(TYPE_KEYWORDS[family] ?? []), ...(family === 'string' && !types.some((t) => familyOf(t) === 'number') ? ['format'] : [])];
  for (const [i, t] of types.entries()) {
    for (const key of keywordsOf(familyOf(t))) {
      if (key in out) {
        branches[i]![key] = out[key];
        moved.add(key);
      }
    }
  }
  delete out.type;
  for (const key of moved) delete out[key];
  if (out.anyOf === undefined) return { ...out, anyOf: branches };
  return { ...out, allOf: [...((out.allOf as Json[] | undefined) ?? []), { anyOf: branches }] };
}

const portable = new WeakMap<JsonSchema, JsonSchema>();

/**
 * The spelling of a tool's schema that tools are listed with (hosted and stdio alike; see
 * above): equivalent to `schema`, without bare boolean schemas or `type` arrays.
 */
export function portableSchema(schema: JsonSchema): JsonSchema {
  let out = portable.get(schema);
  if (!out) {
    out = portableNode(schema) as JsonSchema;
    portable.set(schema, out);
  }
  return out;
}
