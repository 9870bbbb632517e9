/**
 * The MCP Inspector's tool-schema portability rules (`inspector --cli … --method tools/list
 * --strict`, @modelcontextprotocol/inspector 2.12.0, `core/json/schemaLint.ts`), re-implemented
 * rule for rule: the Inspector is not a dependency of this project and its CLI runs only against
 * a server, so the conformance run and the tests apply the same rules to what `tools/list`
 * answers, hosted and stdio. Errors fail `--strict` (exit 6); warnings are reported.
 *
 * - boolean-schema (error): a bare `true`/`false` where a schema object is expected (anywhere but
 *   as the value of additionalProperties, unevaluatedProperties, additionalItems,
 *   unevaluatedItems).
 * - type-union (warning): `type` is an array of distinct JSON Schema type names.
 * - remote-ref (warning): a `$ref` not starting with `#`, when no subschema declares an `$id`.
 * - untyped-schema (warning): a schema object with no validation keyword (an `if` counts only
 *   with `then` or `else`), except directly under `not`.
 */
export interface Finding {
  rule: 'boolean-schema' | 'type-union' | 'remote-ref' | 'untyped-schema';
  severity: 'error' | 'warning';
  schema: 'inputSchema' | 'outputSchema';
  path: string;
}

const BOOLEAN_VALUED_KEYWORDS = new Set(['additionalProperties', 'unevaluatedProperties', 'additionalItems', 'unevaluatedItems']);
const SUBSCHEMA_KEYWORDS = ['items', 'contains', 'not', 'propertyNames', 'if', 'then', 'else', 'additionalProperties', 'unevaluatedProperties', 'additionalItems', 'unevaluatedItems', 'contentSchema'];
const SUBSCHEMA_ARRAY_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SUBSCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', 'dependentSchemas', 'dependencies', '$defs', 'definitions'];
const CONSTRAINING_KEYWORDS = new Set([
  'type', 'enum', 'const', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength',
  'pattern', 'format', 'contentMediaType', 'contentEncoding', 'contentSchema', 'maxItems', 'minItems', 'uniqueItems', 'maxContains',
  'minContains', 'maxProperties', 'minProperties', 'required', 'dependentRequired', 'allOf', 'anyOf', 'oneOf', 'not', 'items',
  'prefixItems', 'contains', 'additionalItems', 'unevaluatedItems', 'properties', 'patternProperties', 'additionalProperties',
  'unevaluatedProperties', 'propertyNames', 'dependentSchemas', 'dependencies', '$ref', '$dynamicRef', '$recursiveRef',
]);
const JSON_SCHEMA_TYPES = new Set(['null', 'boolean', 'object', 'array', 'number', 'string', 'integer']);
const MAX_DEPTH = 64;

type Node = Record<string, unknown>;
const isRecord = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

const constrainsInstance = (node: Node) => Object.keys(node).some((key) => CONSTRAINING_KEYWORDS.has(key)) || ('if' in node && ('then' in node || 'else' in node));
const isPortableTypeUnion = (type: unknown[]) =>
  type.length > 0 && type.every((t) => typeof t === 'string' && JSON_SCHEMA_TYPES.has(t)) && new Set(type).size === type.length;
const childPath = (parent: string, key: string) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? (parent === '' ? key : `${parent}.${key}`) : `${parent}[${JSON.stringify(key)}]`);

function forEachSubschema(node: Node, path: string, visit: (sub: unknown, path: string, keyword: string) => void): void {
  for (const key of SUBSCHEMA_MAP_KEYWORDS) {
    const map = node[key];
    if (!isRecord(map)) continue;
    for (const [name, sub] of Object.entries(map)) visit(sub, childPath(childPath(path, key), name), key);
  }
  for (const key of SUBSCHEMA_ARRAY_KEYWORDS) {
    const arr = node[key];
    if (Array.isArray(arr)) arr.forEach((sub, i) => visit(sub, `${childPath(path, key)}[${i}]`, key));
  }
  for (const key of SUBSCHEMA_KEYWORDS) {
    if (!(key in node)) continue;
    const value = node[key];
    if (key === 'items' && Array.isArray(value)) value.forEach((sub, i) => visit(sub, `${childPath(path, key)}[${i}]`, key));
    else visit(value, childPath(path, key), key);
  }
}

function declaresAnyId(node: unknown, depth = 0): boolean {
  if (depth > MAX_DEPTH || !isRecord(node)) return false;
  if (typeof node.$id === 'string' && node.$id !== '') return true;
  let found = false;
  forEachSubschema(node, '', (child) => {
    if (!found) found = declaresAnyId(child, depth + 1);
  });
  return found;
}

function lintSchema(schema: unknown, kind: Finding['schema'], findings: Finding[]): void {
  const hasEmbeddedIds = declaresAnyId(schema);
  const walk = (node: unknown, path: string, keyword: string | undefined, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    if (typeof node === 'boolean') {
      if (keyword !== undefined && BOOLEAN_VALUED_KEYWORDS.has(keyword)) return;
      findings.push({ rule: 'boolean-schema', severity: 'error', schema: kind, path });
      return;
    }
    if (!isRecord(node)) return;
    if (Array.isArray(node.type) && isPortableTypeUnion(node.type)) findings.push({ rule: 'type-union', severity: 'warning', schema: kind, path });
    if (typeof node.$ref === 'string' && node.$ref !== '' && !node.$ref.startsWith('#') && !hasEmbeddedIds) findings.push({ rule: 'remote-ref', severity: 'warning', schema: kind, path });
    if (!constrainsInstance(node) && keyword !== 'not') findings.push({ rule: 'untyped-schema', severity: 'warning', schema: kind, path });
    forEachSubschema(node, path, (child, childPathValue, childKeyword) => walk(child, childPathValue, childKeyword, depth + 1));
  };
  walk(schema, '', undefined, 0);
}

/** The Inspector's findings for one listed tool (its input and output schemas). */
export function lintTool(tool: { inputSchema?: unknown; outputSchema?: unknown }): Finding[] {
  const findings: Finding[] = [];
  if (tool.inputSchema !== undefined) lintSchema(tool.inputSchema, 'inputSchema', findings);
  if (tool.outputSchema !== undefined) lintSchema(tool.outputSchema, 'outputSchema', findings);
  return findings;
}

/** Errors and warnings over a `tools/list` answer, with the findings by tool name. */
export function lintTools(tools: { name: string; inputSchema?: unknown; outputSchema?: unknown }[]) {
  const byTool = tools.map((tool) => ({ name: tool.name, findings: lintTool(tool) })).filter((t) => t.findings.length > 0);
  const all = byTool.flatMap((t) => t.findings);
  return { errors: all.filter((f) => f.severity === 'error').length, warnings: all.filter((f) => f.severity === 'warning').length, byTool };
}
