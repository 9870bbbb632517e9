import { notModified, servedContract } from './servedContract.js';
import type { Handler } from './types.js';

export const getOpenApiYamlDocument: Handler<'getOpenApiYamlDocument'> = async (req, services) => {
  const { body, etag } = servedContract(services.deps.config.publicBaseUrl).yaml;
  const headers = { ETag: etag, 'Cache-Control': 'public, max-age=300' };
  if (notModified(req.headers['if-none-match'], etag)) return { status: 304, body: undefined, headers };
  return { status: 200, body: undefined as never, raw: body, contentType: 'application/yaml; charset=utf-8', headers };
};
