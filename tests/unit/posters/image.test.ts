import crypto from 'node:crypto';
import { beforeAll, describe, expect, test } from '@jest/globals';
import sharp from 'sharp';
import { AppError } from '../../../src/services/errors.js';
import { deriveArtwork, inspectPoster, POSTER_MAX_BYTES } from '../../../src/services/posters/image.js';

type Format = 'png' | 'jpeg' | 'webp' | 'gif';

function image(format: Format, width = 240, height = 160): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })[format]().toBuffer();
}

/** A declaration that matches the bytes exactly, so only the thing a test changes can fail. */
function declare(bytes: Buffer, contentType: string) {
  return { contentType, byteLength: bytes.length, sha256: crypto.createHash('sha256').update(bytes).digest('hex') };
}

async function refusal(pending: Promise<unknown>): Promise<{ status: number; pointers: string[]; messages: string[] }> {
  try {
    await pending;
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    const e = err as AppError;
    const errors = e.options.errors ?? [];
    return { status: e.status, pointers: errors.map((f) => f.pointer ?? ''), messages: errors.map((f) => f.message) };
  }
  throw new Error('expected the poster to be refused');
}

const images = {} as Record<Format, Buffer>;
beforeAll(async () => {
  for (const format of ['png', 'jpeg', 'webp', 'gif'] as const) images[format] = await image(format);
});

describe('inspecting an uploaded poster', () => {
  test.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['webp', 'image/webp'],
  ] as const)('when a %s poster matches its declaration, then it is accepted with its size', async (format, type) => {
    await expect(inspectPoster(images[format], declare(images[format], type))).resolves.toEqual({
      width: 240,
      height: 160,
      contentType: type,
    });
  });

  test('when PNG bytes are declared as JPEG, then 400 at /contentType', async () => {
    const r = await refusal(inspectPoster(images.png, declare(images.png, 'image/jpeg')));
    expect(r).toMatchObject({ status: 400, pointers: ['/contentType'] });
  });

  test('when the declared length differs from the file, then 400 at /byteLength', async () => {
    const declared = { ...declare(images.png, 'image/png'), byteLength: images.png.length + 1 };
    const r = await refusal(inspectPoster(images.png, declared));
    expect(r).toMatchObject({ status: 400, pointers: ['/byteLength'] });
  });

  test('when the declared SHA-256 differs from the file, then 400 at /sha256', async () => {
    const declared = { ...declare(images.png, 'image/png'), sha256: 'a'.repeat(64) };
    const r = await refusal(inspectPoster(images.png, declared));
    expect(r).toMatchObject({ status: 400, pointers: ['/sha256'] });
  });

  test('when length, hash and type are all wrong, then every problem is reported at once', async () => {
    const declared = { contentType: 'image/webp', byteLength: 10, sha256: '0'.repeat(64) };
    const r = await refusal(inspectPoster(images.jpeg, declared));
    expect(r).toMatchObject({ status: 400, pointers: ['/byteLength', '/sha256', '/contentType'] });
  });

  test.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['webp', 'image/webp'],
  ] as const)('when a %s poster is cut in half and declared as cut, then 400 at /file', async (format, type) => {
    const half = images[format].subarray(0, Math.floor(images[format].length / 2));
    const r = await refusal(inspectPoster(half, declare(half, type)));
    expect(r).toMatchObject({ status: 400, pointers: ['/file'] });
    expect(r.messages[0]).toMatch(/truncated or corrupt/);
  });

  test('when a PNG lacks only its final IEND chunk, then 400 at /file (libpng alone would accept it)', async () => {
    const cut = images.png.subarray(0, images.png.length - 12);
    await expect(sharp(cut, { failOn: 'truncated' }).stats()).resolves.toBeDefined();
    const r = await refusal(inspectPoster(cut, declare(cut, 'image/png')));
    expect(r).toMatchObject({ status: 400, pointers: ['/file'] });
  });

  test('when a JPEG lacks only its end-of-image marker, then 400 at /file', async () => {
    const cut = images.jpeg.subarray(0, images.jpeg.length - 2);
    const r = await refusal(inspectPoster(cut, declare(cut, 'image/jpeg')));
    expect(r).toMatchObject({ status: 400, pointers: ['/file'] });
  });

  test('when the pixel data inside a complete PNG is corrupted, then 400 at /file', async () => {
    const broken = Buffer.from(images.png);
    const idat = broken.indexOf('IDAT');
    broken.fill(0x55, idat + 8, idat + 40);
    const r = await refusal(inspectPoster(broken, declare(broken, 'image/png')));
    expect(r).toMatchObject({ status: 400, pointers: ['/file'] });
  });

  test('when the file is random bytes, then 400 at /file', async () => {
    const garbage = crypto.randomBytes(4096);
    garbage[0] = 0x00; // never by chance a PNG, JPEG or WebP signature
    const r = await refusal(inspectPoster(garbage, declare(garbage, 'image/png')));
    expect(r).toMatchObject({ status: 400, pointers: ['/file'] });
  });

  test('when the file is a GIF declared as PNG, then 400 at /file', async () => {
    const r = await refusal(inspectPoster(images.gif, declare(images.gif, 'image/png')));
    expect(r).toMatchObject({ status: 400, pointers: ['/file'] });
    expect(r.messages[0]).toMatch(/GIF/);
  });

  test('when the file is a GIF declared as GIF, then 400 at /file and /contentType', async () => {
    const r = await refusal(inspectPoster(images.gif, declare(images.gif, 'image/gif')));
    expect(r).toMatchObject({ status: 400, pointers: ['/file', '/contentType'] });
  });

  test('when the file is SVG text, then 400 at /file and it is never rendered', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100"/></svg>',
    );
    const r = await refusal(inspectPoster(svg, declare(svg, 'image/png')));
    expect(r).toMatchObject({ status: 400, pointers: ['/file'] });
    expect(r.messages[0]).toMatch(/SVG/);
  });

  test.each([['tiff'], ['avif']] as const)('when the file is %s, then 400 at /file', async (format) => {
    const bytes = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#123456' } })[format]().toBuffer();
    const r = await refusal(inspectPoster(bytes, declare(bytes, 'image/png')));
    expect(r).toMatchObject({ status: 400, pointers: ['/file'] });
  });

  test('when the declaration claims 12582913 bytes, then 400 at /byteLength', async () => {
    const declared = { ...declare(images.png, 'image/png'), byteLength: POSTER_MAX_BYTES + 1 };
    const r = await refusal(inspectPoster(images.png, declared));
    expect(r.status).toBe(400);
    expect(new Set(r.pointers)).toEqual(new Set(['/byteLength']));
    expect(r.messages.join(' ')).toContain('12582912');
  });

  test('when the file itself is 12582913 bytes and declared so, then 400 at /byteLength only', async () => {
    const padded = Buffer.concat([images.png, Buffer.alloc(POSTER_MAX_BYTES + 1 - images.png.length)]);
    const r = await refusal(inspectPoster(padded, declare(padded, 'image/png')));
    expect(r).toMatchObject({ status: 400, pointers: ['/byteLength'] });
  });

  test('when a small file claims more than 50 million pixels, then 400 at /file', async () => {
    const bomb = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const r = await refusal(inspectPoster(bomb, declare(bomb, 'image/png')));
    expect(r).toMatchObject({ status: 400, pointers: ['/file'] });
    expect(r.messages[0]).toMatch(/pixels/);
  });

  test('when a JPEG carries an EXIF rotation, then the upright size is returned', async () => {
    const rotated = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    await expect(inspectPoster(rotated, declare(rotated, 'image/jpeg'))).resolves.toEqual({
      width: 100,
      height: 300,
      contentType: 'image/jpeg',
    });
  });
});

describe('deriving public artwork', () => {
  test('when a poster carries EXIF and an orientation, then the artwork is upright WebP with no metadata', async () => {
    const poster = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Jane Doe', Artist: 'Jane Doe' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(poster).metadata()).exif).toBeDefined();

    const art = await deriveArtwork(poster);
    const meta = await sharp(art.bytes).metadata();
    expect(art).toMatchObject({ contentType: 'image/webp', width: 100, height: 300 });
    expect(meta).toMatchObject({ format: 'webp', width: 100, height: 300 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  test('when the poster is larger than 1600 px, then the artwork fits inside 1600×1600', async () => {
    const big = await image('png', 4000, 2500);
    const art = await deriveArtwork(big);
    const meta = await sharp(art.bytes).metadata();
    expect(art).toMatchObject({ contentType: 'image/webp', width: 1600, height: 1000 });
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 1000 });
  });

  test('when the poster is small, then the artwork is not enlarged', async () => {
    const art = await deriveArtwork(images.jpeg);
    expect(art).toMatchObject({ contentType: 'image/webp', width: 240, height: 160 });
    expect((await sharp(art.bytes).metadata()).format).toBe('webp');
  });
});
