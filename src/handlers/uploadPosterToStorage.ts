import { problems } from '../services/errors.js';
import type { Handler } from './types.js';

export const uploadPosterToStorage: Handler<'uploadPosterToStorage'> = async (req, services) => {
  // The signed policy is the only credential here; an API bearer sent along is refused, never used.
  if (req.headers.authorization) throw problems.forbidden('Send no Authorization header to the storage target: the signed policy in the form authorises the upload.');
  const form = req.uploadForm ?? { fields: {}, truncated: false };
  await services.posters.receiveUpload(form.fields, form.file, form.truncated);
  return { status: 204, body: undefined };
};
