import type { Handler } from './types.js';

export const uploadPosterToStorage: Handler<'uploadPosterToStorage'> = async (req, services) => {
  const form = req.uploadForm ?? { fields: {}, truncated: false };
  await services.posters.receiveUpload(form.fields, form.file, form.truncated);
  return { status: 204, body: undefined };
};
