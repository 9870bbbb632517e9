import zlib from 'node:zlib';
import { describe, expect, test } from '@jest/globals';
import sharp from 'sharp';
import { prepareAssetImage, sniffAsset } from '../../../src/services/directory/assetImages.js';
import { AppError } from '../../../src/services/errors.js';

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/** A small, valid-looking PNG that claims `edge`×`edge` pixels: a decompression bomb's header. */
function claimedHugePng(edge: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(edge, 0);
  ihdr.writeUInt32BE(edge, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const row = Buffer.alloc(edge + 1);
  // Rows of zeros compress to almost nothing: a few kilobytes claiming hundreds of megapixels.
  const idat = zlib.deflateSync(Buffer.concat(Array.from({ length: 64 }, () => row)));
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), pngChunk('IHDR', ihdr), pngChunk('IDAT', idat), pngChunk('IEND', Buffer.alloc(0))]);
}

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(400);
    return (err as AppError).options.errors?.[0]?.message ?? '';
  }
  throw new Error('expected a refusal');
}

describe('asset image checks', () => {
  test('when files are sniffed, then the content decides, not the name or declared type', async () => {
    expect(sniffAsset(await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } }).png().toBuffer())).toEqual({ type: 'image/png' });
    expect(sniffAsset(await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } }).jpeg().toBuffer())).toEqual({ type: 'image/jpeg' });
    expect(sniffAsset(await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } }).webp().toBuffer())).toEqual({ type: 'image/webp' });
    expect(sniffAsset(Buffer.from('\uFEFF<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual({ type: 'image/svg+xml' });
    expect(sniffAsset(Buffer.from('<!doctype html><html><body>hi</body></html>'))).toMatchObject({ type: undefined, name: 'HTML or other markup' });
    expect(sniffAsset(Buffer.from('GIF89a....'))).toMatchObject({ type: undefined, name: 'GIF' });
    expect(sniffAsset(Buffer.from('PK\x03\x04rest', 'latin1'))).toMatchObject({ type: undefined, name: 'ZIP' });
    expect(sniffAsset(Buffer.from('%PDF-1.7'))).toMatchObject({ type: undefined, name: 'PDF' });
  });

  test('when a PNG claims more than 50 million pixels, then it is refused before it is decoded', async () => {
    const bomb = claimedHugePng(20_000);
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(await refusal(prepareAssetImage(bomb, { mimeType: 'image/png', byteSize: null }))).toContain('50000000 pixels');
  });

  test('when a WebP is prepared, then it is re-encoded as WebP with its size', async () => {
    const webp = await sharp({ create: { width: 33, height: 21, channels: 4, background: { r: 10, g: 200, b: 30, alpha: 0.5 } } }).webp().toBuffer();
    const out = await prepareAssetImage(webp, { mimeType: 'image/webp', byteSize: webp.length });
    expect(out).toMatchObject({ mimeType: 'image/webp', width: 33, height: 21 });
    expect((await sharp(out.bytes).metadata()).format).toBe('webp');
  });

  test('when a JPEG is rotated by EXIF, then it is stored upright', async () => {
    const rotated = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#888' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const out = await prepareAssetImage(rotated, { mimeType: 'image/jpeg', byteSize: null });
    expect(out).toMatchObject({ width: 20, height: 40 });
    expect((await sharp(out.bytes).metadata()).orientation).toBeUndefined();
  });

  test('when the file is empty, then it is refused', async () => {
    expect(await refusal(prepareAssetImage(Buffer.alloc(0), { mimeType: 'image/png', byteSize: null }))).toContain('empty');
  });
});
