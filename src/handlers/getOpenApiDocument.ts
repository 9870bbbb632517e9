import { servedContract } from './servedContract.js';
import type { Handler } from './types.js';

export const getOpenApiDocument: Handler<'getOpenApiDocument'> = async (_req, services) => ({
  status: 200,
  body: servedContract(services.deps.config.publicBaseUrl).parsed,
  headers: { 'Cache-Control': 'public, max-age=300' },
});
