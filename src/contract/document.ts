import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { stringify } from 'yaml';

export type OpenApiDocument = Record<string, any>;

let cached: OpenApiDocument | undefined;

/** The bundled contract generated from openapi.yaml (src/generated/openapi.json). */
export function contractDocument(): OpenApiDocument {
  cached ??= JSON.parse(fs.readFileSync(new URL('../generated/openapi.json', import.meta.url), 'utf8')) as OpenApiDocument;
  return cached;
}

/** The document as served (contract 9.2): the servers entry is this deployment's public base URL. */
function withServer(publicBaseUrl: string): OpenApiDocument {
  return { ...contractDocument(), servers: [{ url: publicBaseUrl, description: 'This Marquee deployment' }] };
}

/** The served document as JSON. */
export function servedJson(publicBaseUrl: string): string {
  return JSON.stringify(withServer(publicBaseUrl));
}

/** The served document as YAML; the YAML library loads with the first YAML answer. */
export function servedYaml(publicBaseUrl: string): string {
  const yaml = createRequire(import.meta.url)('yaml') as { stringify: typeof stringify };
  return yaml.stringify(withServer(publicBaseUrl), { aliasDuplicateObjects: false });
}
