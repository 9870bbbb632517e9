import { notModified, servedContract } from './servedContract.js';
import type { Handler } from './types.js';

export const getOpenApiDocument: Handler<'getOpenApiDocument'> = async (req, services) => {
  const { body, etag } = servedContract(services.deps.config.publicBaseUrl).json;
  const headers = { ETag: etag, 'Cache-Control': 'public, max-age=300' };
  if (notModified(req.headers['if-none-match'], etag)) return { status: 304, body: undefined, headers };
  return { status: 200, body: undefined as never, raw: body, headers };
};
