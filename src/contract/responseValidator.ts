import type { ValidateFunction } from 'ajv';
import { createAjv } from './ajv.js';
import { contractDocument, type OpenApiDocument } from './document.js';

const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** Follows local $refs of non-schema objects (responses), keeping the JSON pointer of the target. */
function follow(doc: OpenApiDocument, pointer: string): { node: any; pointer: string } {
  let node = pointer
    .slice(2)
    .split('/')
    .reduce((acc: any, key) => acc?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  while (node && typeof node.$ref === 'string') {
    pointer = node.$ref;
    node = follow(doc, pointer).node;
  }
  return { node, pointer };
}

export interface ResponseCheck {
  ok: boolean;
  errors: string[];
}

/**
 * Checks a response (status, content type, body) against what the contract declares for an
 * operation, or against the Problem schema for responses outside any operation (404/405).
 */
export class ResponseValidator {
  private readonly ajv = createAjv();
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(private readonly doc: OpenApiDocument = contractDocument()) {
    this.ajv.addSchema(doc as object, 'openapi.json');
  }

  private compile(pointer: string): ValidateFunction {
    let fn = this.cache.get(pointer);
    if (!fn) {
      fn = this.ajv.compile({ $ref: `openapi.json${pointer}` });
      this.cache.set(pointer, fn);
    }
    return fn;
  }

  check(input: { method?: string; path?: string; status: number; contentType?: string; body: unknown }): ResponseCheck {
    const mediaType = (input.contentType ?? '').split(';')[0].trim().toLowerCase();
    let responsePointer: string;
    if (input.method && input.path) {
      const opPointer = `#/paths/${escape(input.path)}/${input.method.toLowerCase()}`;
      const op = follow(this.doc, opPointer).node;
      if (!op) return { ok: false, errors: [`no operation ${input.method} ${input.path} in the contract`] };
      const code = String(input.status);
      const key = op.responses?.[code] ? code : op.responses?.[`${code[0]}XX`] ? `${code[0]}XX` : op.responses?.default ? 'default' : undefined;
      if (!key) return { ok: false, errors: [`status ${code} is not declared for ${op.operationId}`] };
      responsePointer = `${opPointer}/responses/${key}`;
    } else {
      if (input.status < 400) return { ok: false, errors: ['a response outside any operation must be a problem'] };
      responsePointer = '#/components/responses/ProblemDefault';
    }
    const { node: response, pointer } = follow(this.doc, responsePointer);
    const content = response?.content as Record<string, { schema?: unknown }> | undefined;
    if (!content || Object.keys(content).length === 0) {
      return input.body === undefined || input.body === '' || input.body === null
        ? { ok: true, errors: [] }
        : { ok: false, errors: [`status ${input.status} declares no body`] };
    }
    if (!content[mediaType]) {
      return { ok: false, errors: [`content type "${mediaType}" is not declared (declared: ${Object.keys(content).join(', ')})`] };
    }
    if (!mediaType.includes('json')) return { ok: true, errors: [] };
    const validate = this.compile(`${pointer}/content/${escape(mediaType)}/schema`);
    if (validate(input.body)) return { ok: true, errors: [] };
    return { ok: false, errors: (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`) };
  }
}
