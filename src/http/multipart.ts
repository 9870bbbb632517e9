import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { problems, type AppError } from '../services/errors.js';

export interface UploadForm {
  fields: Record<string, string>;
  file?: { bytes: Buffer; filename?: string; mimeType?: string };
  /** The file exceeded maxFileBytes; `file.bytes` then holds only the first maxFileBytes. */
  truncated: boolean;
}

const MAX_FIELDS = 10;
const DEFAULT_MAX_FIELD_BYTES = 8 * 1024;

/**
 * Reads one upload form (the fields of an upload target plus one file under `fileField`) into
 * memory. The request is always read to its end, even when the form is refused, so the client
 * gets its answer instead of a stalled socket.
 */
export function readUploadForm(
  req: IncomingMessage,
  opts: { maxFileBytes: number; maxFieldBytes?: number; fileField?: string },
): Promise<UploadForm> {
  const contentType = req.headers['content-type'];
  if (!contentType || !/^multipart\/form-data\s*(;|$)/i.test(contentType)) {
    return drainThen(req, problems.malformed('Send the upload as multipart/form-data.'));
  }
  const fileField = opts.fileField ?? 'file';
  const maxFieldBytes = Math.min(opts.maxFieldBytes ?? DEFAULT_MAX_FIELD_BYTES, DEFAULT_MAX_FIELD_BYTES);

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      defParamCharset: 'utf8',
      // busboy flags a part that reaches its limit exactly as truncated, so allow one byte more
      // and treat reaching that as exceeding the real limit.
      limits: { files: 1, fields: MAX_FIELDS, fieldSize: maxFieldBytes + 1, fileSize: opts.maxFileBytes + 1, fieldNameSize: 100 },
    });
  } catch {
    return drainThen(req, problems.malformed('The multipart/form-data content type lacks a usable boundary.'));
  }

  return new Promise<UploadForm>((resolve, reject) => {
    const fields = new Map<string, string>();
    let file: UploadForm['file'];
    let truncated = false;
    // The first reason to refuse the form; reported once the body has been read.
    let refusal: AppError | undefined;
    let settled = false;
    const refuse = (problem: AppError) => {
      refusal ??= problem;
    };
    const finish = (err?: AppError) => {
      if (settled) return;
      settled = true;
      const problem = err ?? refusal;
      if (problem) reject(problem);
      else resolve({ fields: Object.fromEntries(fields), ...(file ? { file } : {}), truncated });
    };

    parser.on('field', (name, value, info) => {
      if (name === fileField) {
        // busboy treats a part as a file only when it names a filename or is application/octet-stream.
        refuse(problems.malformed(`Send "${fileField}" as a file part with a filename.`));
      } else if (info.nameTruncated || info.valueTruncated) {
        refuse(problems.malformed(`Form field ${JSON.stringify(name)} is longer than ${maxFieldBytes} bytes.`));
      } else if (fields.has(name)) {
        refuse(problems.malformed(`Form field ${JSON.stringify(name)} appears more than once.`));
      } else {
        fields.set(name, value);
      }
    });

    parser.on('file', (name, stream, info) => {
      if (name !== fileField) {
        refuse(problems.malformed(`Send the file under the form field "${fileField}".`));
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      // Past the limit busboy discards the rest of the part itself and keeps parsing the form.
      stream.on('limit', () => {
        truncated = true;
      });
      // A form cut short mid-file errors the file stream as well as the parser; the parser reports it.
      stream.on('error', () => undefined);
      stream.on('end', () => {
        const bytes = Buffer.concat(chunks);
        file = {
          bytes: truncated ? bytes.subarray(0, opts.maxFileBytes) : bytes,
          ...(info.filename !== undefined ? { filename: info.filename } : {}),
          ...(info.mimeType ? { mimeType: info.mimeType } : {}),
        };
      });
    });

    parser.on('filesLimit', () => refuse(problems.malformed('Send exactly one file per upload.')));
    parser.on('fieldsLimit', () => refuse(problems.malformed(`An upload form carries at most ${MAX_FIELDS} fields.`)));
    parser.on('error', () => {
      // busboy stops at a broken form; read the rest of the body so the socket is free to answer.
      req.unpipe(parser);
      req.resume();
      finish(problems.malformed('The multipart form is broken or incomplete.'));
    });
    parser.on('close', () => finish());

    req.on('error', () => finish(problems.malformed('The upload was interrupted.')));
    req.on('close', () => {
      if (!req.complete) finish(problems.malformed('The upload was interrupted.'));
    });
    req.pipe(parser);
  });
}

function drainThen(req: IncomingMessage, problem: AppError): Promise<never> {
  req.resume();
  return Promise.reject(problem);
}
