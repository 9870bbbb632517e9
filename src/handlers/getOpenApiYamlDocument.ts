import { servedContract } from './servedContract.js';
import type { Handler } from './types.js';

export const getOpenApiYamlDocument: Handler<'getOpenApiYamlDocument'> = async (_req, services) => ({
  status: 200,
  body: servedContract(services.deps.config.publicBaseUrl).yaml,
  contentType: 'application/yaml; charset=utf-8',
  headers: { 'Cache-Control': 'public, max-age=300' },
});
