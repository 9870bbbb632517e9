import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { operations } from '../generated/openapi.js';
import type { OperationId, operations as operationMeta } from '../generated/contract.js';
import type { Actor, Credential } from '../services/context.js';
import type { Services } from '../services/index.js';

type Op<K> = K extends keyof operations ? operations[K] : never;
type Content<R> = R extends { content: infer C } ? (C extends Record<string, infer V> ? V : undefined) : undefined;
type ParamsIn<K, Where extends string> = Op<K> extends { parameters: infer P }
  ? P extends { [W in Where]?: infer X }
    ? [X] extends [never | undefined]
      ? Record<string, never>
      : NonNullable<X>
    : Record<string, never>
  : Record<string, never>;
type Body<K> = Op<K> extends { requestBody?: infer B } ? ([B] extends [never | undefined] ? undefined : Content<NonNullable<B>>) : undefined;

/**
 * The caller as the pipeline's security stage left it: operations whose contract admits no
 * anonymous call always have a credential (the pipeline refused the request otherwise).
 */
export type ActorOf<K extends OperationId> = (typeof operationMeta)[K]['anonymous'] extends false ? Actor & { credential: Credential } : Actor;

/** What a handler receives: the validated, typed request and the caller. */
export interface ApiRequest<K extends OperationId> {
  operationId: K;
  params: ParamsIn<K, 'path'>;
  query: ParamsIn<K, 'query'>;
  headers: IncomingHttpHeaders;
  body: Body<K>;
  actor: ActorOf<K>;
  /** This deployment's public base URL (absolute links such as `Location`). */
  baseUrl: string;
  /** The multipart upload of the storage transport (the bytes beside the validated form fields). */
  uploadForm?: import('../http/storageUpload.js').UploadForm;
  /**
   * Reads the request's multipart body on demand, holding at most `maxFileBytes` of its file:
   * for transports that check their own credential before taking any bytes in.
   */
  readMultipart?: (opts: { maxFileBytes: number }) => Promise<import('../http/multipart.js').UploadForm>;
}

type Responses<K> = Op<K> extends { responses: infer R } ? R : never;
/**
 * Statuses a handler answers itself. Other failures are thrown as problems; a 503 is here for
 * operations whose contract gives it a body of its own (the storage probe's result).
 */
type Success = 200 | 201 | 202 | 204 | 304 | 503;

/**
 * What a handler returns: one of the success responses the contract declares for it, with a
 * body of that response's type, or a body already serialized (`raw`, sent verbatim: files and
 * pre-rendered documents), or a body produced while it is sent (`stream`, piped: archives
 * too large to hold; its body is not checked against the contract, its status and media type
 * are), or none (204, 304).
 */
export type ApiResult<K extends OperationId> = {
  [S in keyof Responses<K> & Success]: {
    status: S;
    headers?: Record<string, string>;
    contentType?: string;
  } & (Content<Responses<K>[S]> extends undefined
    ? { body?: undefined; raw?: undefined; stream?: undefined }
    :
        | { body: Content<Responses<K>[S]>; raw?: undefined; stream?: undefined }
        | { raw: string | Buffer; body?: undefined; stream?: undefined }
        | { stream: Readable; body?: undefined; raw?: undefined });
}[keyof Responses<K> & Success];

export type Handler<K extends OperationId> = (req: ApiRequest<K>, services: Services) => Promise<ApiResult<K>>;

/** Marks an operation of the contract this server does not implement yet: it answers 501. */
export const NOT_IMPLEMENTED = Symbol('not implemented');

export type HandlerMap = { [K in OperationId]: Handler<K> | typeof NOT_IMPLEMENTED };
