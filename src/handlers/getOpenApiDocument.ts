import { notModified } from '../http/conditional.js';
import type { Handler } from './types.js';

export const getOpenApiDocument: Handler<'getOpenApiDocument'> = async (req, services) => {
  const { body, etag } = services.servedContract.json();
  const headers = { ETag: etag, 'Cache-Control': 'public, max-age=300' };
  if (notModified(req.headers['if-none-match'], etag)) return { status: 304, headers };
  return { status: 200, raw: body, headers };
};
