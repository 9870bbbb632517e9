import { UPLOAD_TOKEN_HEADER } from '../services/directory/assetUploads.js';
import { problems } from '../services/errors.js';
import type { Handler } from './types.js';

// The upload token is the only credential: the pipeline has already refused any Authorization
// header and a call without the token header (security stage `refuseBearerOnOwnCredentialRoute`).
export const completeProfileAssetUploadIntent: Handler<'completeProfileAssetUploadIntent'> = async (req, services) => {
  const { headers } = req;
  const token = headers[UPLOAD_TOKEN_HEADER];
  const length = headers['content-length'];
  const body = {
    present: (length !== undefined && length !== '0') || headers['transfer-encoding'] !== undefined,
    multipart: /^multipart\/form-data\s*(;|$)/i.test(String(headers['content-type'] ?? '')),
    read: (maxFileBytes: number) => {
      if (!req.readMultipart) throw problems.malformed('This request carries no readable body.');
      return req.readMultipart({ maxFileBytes });
    },
  };
  return {
    status: 200,
    body: await services.assetUploads.complete(req.params.intentId, typeof token === 'string' ? token : undefined, body),
    headers: { 'Cache-Control': 'no-store' },
  };
};
