import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { Options } from 'ajv';

// Both packages are CommonJS with a default export; unwrap once for native ESM.
const Ajv2020 = ((Ajv2020Module as any).default ?? Ajv2020Module) as typeof import('ajv/dist/2020.js').default;
const addFormats = ((addFormatsModule as any).default ?? addFormatsModule) as typeof import('ajv-formats').default;

/** OpenAPI 3.1 schemas are JSON Schema 2020-12: one Ajv setup for requests, responses and tools. */
export function createAjv(opts: Options = {}) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, ...opts });
  addFormats(ajv);
  // OpenAPI's own numeric and binary formats carry no extra string rules.
  for (const name of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password']) ajv.addFormat(name, true);
  ajv.addKeyword({ keyword: 'discriminator' });
  return ajv;
}
