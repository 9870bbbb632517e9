import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { readUploadForm } from './multipart.js';
import { POSTER_MAX_BYTES } from '../services/posters/image.js';

export interface UploadForm {
  fields: Record<string, string>;
  file?: { bytes: Buffer };
  truncated: boolean;
}

type FormRequest = Request & { uploadForm?: UploadForm };

/** The form `storageUploadForm` read for this request, if any (handed to the handler beside the body). */
export const uploadFormOf = (req: Request): UploadForm | undefined => (req as FormRequest).uploadForm;

/**
 * Reads the multipart form of the embedded storage target (`uploadPosterToStorage`) before
 * the pipeline: the form fields become the body the contract validates, the bytes travel
 * beside it. At most one poster's worth of bytes is ever held; a larger file is cut off and
 * refused when the posters service receives the upload.
 */
export function storageUploadForm(): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const type = String(req.headers['content-type'] ?? '').toLowerCase();
    if (!type.startsWith('multipart/form-data')) return next();
    readUploadForm(req, { maxFileBytes: POSTER_MAX_BYTES })
      .then((form) => {
        req.body = { ...form.fields, ...(form.file ? { file: '' } : {}) };
        (req as Request & { _body?: boolean })._body = true;
        (req as FormRequest).uploadForm = { fields: form.fields, file: form.file, truncated: form.truncated };
        next();
      })
      .catch(next);
  };
}
