import fs from 'node:fs';
import { stringify } from 'yaml';

export type OpenApiDocument = Record<string, any>;

let cached: OpenApiDocument | undefined;

/** The bundled contract generated from openapi.yaml (src/generated/openapi.json). */
export function contractDocument(): OpenApiDocument {
  cached ??= JSON.parse(fs.readFileSync(new URL('../generated/openapi.json', import.meta.url), 'utf8')) as OpenApiDocument;
  return cached;
}

/** The document as served (contract 9.2): the servers entry is this deployment's public base URL. */
export function servedDocument(publicBaseUrl: string): { json: string; yaml: string } {
  const doc = { ...contractDocument(), servers: [{ url: publicBaseUrl, description: 'This Marquee deployment' }] };
  return { json: JSON.stringify(doc), yaml: stringify(doc, { aliasDuplicateObjects: false }) };
}
