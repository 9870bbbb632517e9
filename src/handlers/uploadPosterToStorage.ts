import type { Handler } from './types.js';

// The signed policy in the form is the only credential here: the pipeline has already refused
// any Authorization header (security stage `refuseBearerOnOwnCredentialRoute`).
export const uploadPosterToStorage: Handler<'uploadPosterToStorage'> = async (req, services) => {
  const form = req.uploadForm ?? { fields: {}, truncated: false };
  await services.posters.receiveUpload(form.fields, form.file, form.truncated);
  return { status: 204, body: undefined };
};
