import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { AppError } from '../../../src/services/errors.js';
import { readUploadForm } from '../../../src/http/multipart.js';

const MAX_FILE_BYTES = 1024;
let server: http.Server;
let origin: string;

// A real HTTP server: each request's form is read and summarised back as JSON.
beforeAll(async () => {
  server = http.createServer((req, res) => {
    readUploadForm(req, { maxFileBytes: MAX_FILE_BYTES }).then(
      (form) => {
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            fields: form.fields,
            truncated: form.truncated,
            file: form.file && {
              base64: form.file.bytes.toString('base64'),
              filename: form.file.filename,
              mimeType: form.file.mimeType,
            },
          }),
        );
      },
      (err: unknown) => {
        res.statusCode = err instanceof AppError ? err.status : 500;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(err instanceof AppError ? { code: err.options.code, detail: err.options.detail } : { code: 'RAW' }));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

type Part = { name: string; value: string } | { name: string; filename: string; type: string; bytes: Buffer };

function multipart(parts: Part[], boundary = `----marquee${crypto.randomBytes(8).toString('hex')}`, close = true) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
        ),
        part.bytes,
        Buffer.from('\r\n'),
      );
    }
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

interface Reply {
  status: number;
  body: {
    fields?: Record<string, string>;
    truncated?: boolean;
    file?: { base64: string; filename?: string; mimeType?: string };
    code?: string;
  };
}

function post(body: Buffer, contentType: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${origin}/storage/uploads`,
      { method: 'POST', headers: { 'content-type': contentType, 'content-length': body.length } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const policyFields = [
  { name: 'key', value: 'posters/evt_1/pst_a' },
  { name: 'policy', value: 'eyJleHBpcmF0aW9uIjoi' },
  { name: 'signature', value: 'c2lnbmF0dXJl' },
  { name: 'Content-Type', value: 'image/png' },
];

describe('reading an upload form', () => {
  test('when the fields come before the file, then all fields and the exact file bytes are read', async () => {
    const bytes = crypto.randomBytes(MAX_FILE_BYTES);
    const { body, contentType } = multipart([...policyFields, { name: 'file', filename: 'poster.png', type: 'image/png', bytes }]);
    const reply = await post(body, contentType);
    expect(reply.status).toBe(200);
    expect(reply.body.fields).toEqual({
      key: 'posters/evt_1/pst_a',
      policy: 'eyJleHBpcmF0aW9uIjoi',
      signature: 'c2lnbmF0dXJl',
      'Content-Type': 'image/png',
    });
    expect(reply.body.truncated).toBe(false);
    expect(reply.body.file).toEqual({ base64: bytes.toString('base64'), filename: 'poster.png', mimeType: 'image/png' });
  });

  test('when fields come after the file, then they are still collected', async () => {
    const bytes = crypto.randomBytes(100);
    const { body, contentType } = multipart([
      policyFields[0],
      { name: 'file', filename: 'p.webp', type: 'image/webp', bytes },
      ...policyFields.slice(1),
    ]);
    const reply = await post(body, contentType);
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body.fields ?? {})).toEqual(['key', 'policy', 'signature', 'Content-Type']);
    expect(Buffer.from(reply.body.file?.base64 ?? '', 'base64')).toEqual(bytes);
  });

  test('when the file is larger than the limit, then the form is read to its end and marked truncated', async () => {
    const bytes = crypto.randomBytes(MAX_FILE_BYTES * 64);
    const { body, contentType } = multipart([
      ...policyFields.slice(0, 2),
      { name: 'file', filename: 'big.png', type: 'image/png', bytes },
      ...policyFields.slice(2),
    ]);
    const reply = await post(body, contentType);
    expect(reply.status).toBe(200);
    expect(reply.body.truncated).toBe(true);
    expect(Buffer.from(reply.body.file?.base64 ?? '', 'base64').length).toBe(MAX_FILE_BYTES);
    expect(reply.body.fields?.['Content-Type']).toBe('image/png');
  });

  test('when the form has no file, then only the fields come back', async () => {
    const { body, contentType } = multipart(policyFields);
    const reply = await post(body, contentType);
    expect(reply.status).toBe(200);
    expect(reply.body.file).toBeUndefined();
    expect(reply.body.truncated).toBe(false);
  });

  test.each([['application/json'], ['application/x-www-form-urlencoded'], ['text/plain']])(
    'when the body is %s, then it is refused as malformed',
    async (type) => {
      const reply = await post(Buffer.from('key=a'.repeat(2000)), type);
      expect(reply).toEqual({ status: 400, body: expect.objectContaining({ code: 'MALFORMED_REQUEST' }) });
    },
  );

  test('when the multipart type has no boundary, then it is refused as malformed', async () => {
    const reply = await post(multipart(policyFields).body, 'multipart/form-data');
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('MALFORMED_REQUEST');
  });

  test('when the form ends without its closing boundary, then it is refused as malformed', async () => {
    const { body, contentType } = multipart(
      [...policyFields, { name: 'file', filename: 'p.png', type: 'image/png', bytes: crypto.randomBytes(200) }],
      undefined,
      false,
    );
    const reply = await post(body.subarray(0, body.length - 50), contentType);
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('MALFORMED_REQUEST');
  });

  test('when two files are sent, then it is refused as malformed', async () => {
    const file = { name: 'file', filename: 'p.png', type: 'image/png', bytes: crypto.randomBytes(10) };
    const { body, contentType } = multipart([...policyFields, file, file]);
    const reply = await post(body, contentType);
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('MALFORMED_REQUEST');
  });

  test('when the file comes under another field name, then it is refused as malformed', async () => {
    const { body, contentType } = multipart([...policyFields, { name: 'upload', filename: 'p.png', type: 'image/png', bytes: crypto.randomBytes(10) }]);
    const reply = await post(body, contentType);
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('MALFORMED_REQUEST');
  });

  test('when a field is exactly 8 KiB, then it is accepted whole', async () => {
    const { body, contentType } = multipart([{ name: 'policy', value: 'p'.repeat(8 * 1024) }]);
    const reply = await post(body, contentType);
    expect(reply.status).toBe(200);
    expect(reply.body.fields?.policy).toHaveLength(8 * 1024);
  });

  test('when a field is longer than 8 KiB, then it is refused as malformed', async () => {
    const { body, contentType } = multipart([...policyFields.slice(0, 1), { name: 'policy', value: 'p'.repeat(8 * 1024 + 1) }]);
    const reply = await post(body, contentType);
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('MALFORMED_REQUEST');
  });

  test('when the form carries more than ten fields, then it is refused as malformed', async () => {
    const many = Array.from({ length: 11 }, (_, i) => ({ name: `f${i}`, value: 'v' }));
    const { body, contentType } = multipart(many);
    const reply = await post(body, contentType);
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('MALFORMED_REQUEST');
  });

  test('when a field repeats, then it is refused as malformed', async () => {
    const { body, contentType } = multipart([...policyFields, policyFields[0]]);
    const reply = await post(body, contentType);
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('MALFORMED_REQUEST');
  });
});
