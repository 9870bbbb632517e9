/**
 * Contract-first code generation. The hand-written openapi.yaml (and the files it references)
 * is the source of truth; this writes into src/generated/:
 *   - openapi.json   the bundled document the server routes, validates and serves
 *   - openapi.ts     TypeScript types from openapi-typescript
 *   - contract.ts    operation metadata (route class, security, user authority) and enums
 * With --check it writes nothing and exits 1 when the committed output differs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundle, loadConfig } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'src', 'generated');
const HEADER = '// Generated from openapi.yaml by `make generate`. Do not edit.\n';
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

type Json = Record<string, any>;

function resolveLocal(doc: Json, node: Json): Json {
  let current = node;
  while (current && typeof current.$ref === 'string' && current.$ref.startsWith('#/')) {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce((acc: Json, key: string) => acc?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  return current;
}

function contractModule(doc: Json): string {
  const operations: Record<string, Json> = {};
  for (const [p, item] of Object.entries<Json>(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      if (!op.operationId) throw new Error(`${method.toUpperCase()} ${p} has no operationId`);
      if (!op['x-route-class']) throw new Error(`${op.operationId} has no x-route-class`);
      const security: Json[] = op.security ?? doc.security ?? [];
      const requestBody = op.requestBody ? resolveLocal(doc, op.requestBody) : undefined;
      operations[op.operationId] = {
        method,
        path: p,
        routeClass: op['x-route-class'],
        anonymousRouteClass: op['x-anonymous-route-class'] ?? null,
        userAuthority: op['x-user-authority'] === true,
        userAuthorityStatus: op['x-user-authority-status'] === 401 ? 401 : 403,
        anonymous: security.length === 0 || security.some((req) => Object.keys(req).length === 0),
        security,
        requestContentTypes: requestBody ? Object.keys(requestBody.content ?? {}) : [],
        requestBodyRequired: requestBody?.required === true,
      };
    }
  }
  const schemas = doc.components?.schemas ?? {};
  const scopes: string[] = schemas.Scope?.enum ?? [];
  const routeClasses: string[] = schemas.RouteClass?.enum ?? [];
  if (!scopes.length || !routeClasses.length) throw new Error('components.schemas Scope and RouteClass must be enums');
  const sorted = Object.fromEntries(Object.entries(operations).sort(([a], [b]) => a.localeCompare(b)));
  return (
    HEADER +
    `export const scopes = ${JSON.stringify(scopes)} as const;\n` +
    `export type Scope = (typeof scopes)[number];\n\n` +
    `export const routeClasses = ${JSON.stringify(routeClasses)} as const;\n` +
    `export type RouteClass = (typeof routeClasses)[number];\n\n` +
    `export interface OperationMeta {\n` +
    `  method: string;\n  path: string;\n  routeClass: RouteClass | 'one_time_token';\n` +
    `  anonymousRouteClass: RouteClass | null;\n  userAuthority: boolean;\n  userAuthorityStatus: 401 | 403;\n  anonymous: boolean;\n` +
    `  security: readonly Readonly<Record<string, readonly string[]>>[];\n` +
    `  requestContentTypes: readonly string[];\n  requestBodyRequired: boolean;\n}\n\n` +
    `export const operations = ${JSON.stringify(sorted, null, 2)} as const satisfies Record<string, OperationMeta>;\n` +
    `export type OperationId = keyof typeof operations;\n`
  );
}

async function main() {
  const check = process.argv.includes('--check');
  const config = await loadConfig({ configPath: path.join(root, 'redocly.yaml') });
  const { bundle: bundled, problems } = await bundle({ ref: path.join(root, 'openapi.yaml'), config, dereference: false });
  const errors = problems.filter((p) => p.severity === 'error');
  if (errors.length) {
    for (const e of errors) console.error(`${e.ruleId}: ${e.message}`);
    throw new Error('the contract does not bundle');
  }
  const doc = bundled.parsed as Json;
  const ast = await openapiTS(doc as any, { alphabetize: true });
  const files: Record<string, string> = {
    'openapi.json': JSON.stringify(doc, null, 2) + '\n',
    'openapi.ts': HEADER + '/* eslint-disable */\n' + astToString(ast),
    'contract.ts': contractModule(doc),
  };
  let drift = false;
  fs.mkdirSync(outDir, { recursive: true });
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(outDir, name);
    const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
    if (current === content) continue;
    if (check) {
      console.error(`src/generated/${name} differs from what openapi.yaml generates`);
      drift = true;
    } else {
      fs.writeFileSync(file, content);
      console.log(`wrote src/generated/${name}`);
    }
  }
  if (drift) {
    console.error('Run `make generate` and commit the result.');
    process.exit(1);
  }
  if (check) console.log('src/generated/ matches openapi.yaml');
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
