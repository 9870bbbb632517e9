import crypto from 'node:crypto';
import { imageLibrary } from '../../lib/imageLibrary.js';
import { problems, type FieldError } from '../errors.js';

export const POSTER_MAX_BYTES = 12582912;
export const POSTER_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type PosterType = (typeof POSTER_TYPES)[number];

/** Decompression-bomb guard: a small file may still claim enormous dimensions. */
export const POSTER_MAX_PIXELS = 50_000_000;
export const ARTWORK_MAX_EDGE = 1600;
const ARTWORK_QUALITY = 82;

// 'error' is stricter than 'truncated' (refuses corrupt pixel data too) without refusing the
// benign libjpeg warnings many camera files carry, as 'warning' would.
const DECODE_OPTIONS = { failOn: 'error', limitInputPixels: POSTER_MAX_PIXELS } as const;

/** The 12-byte IEND chunk (length 0, type, CRC) every complete PNG ends with. */
const PNG_IEND = Buffer.from('0000000049454e44ae426082', 'hex');

/** What the leading bytes say the file is; only the three poster types are ever handed to the decoder. */
function sniff(bytes: Buffer): { type: PosterType } | { type: undefined; name?: string } {
  const ascii = (start: number, end: number) => bytes.subarray(start, end).toString('latin1');
  if (bytes.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex'))) return { type: 'image/png' };
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { type: 'image/jpeg' };
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return { type: 'image/webp' };
  if (ascii(0, 4) === 'GIF8') return { type: undefined, name: 'GIF' };
  if (ascii(0, 4) === 'II*\0' || ascii(0, 4) === 'MM\0*') return { type: undefined, name: 'TIFF' };
  if (ascii(4, 8) === 'ftyp') return { type: undefined, name: /^avi[fs]/.test(ascii(8, 12)) ? 'AVIF' : 'HEIF or other ISO media' };
  if (ascii(0, 2) === 'BM') return { type: undefined, name: 'BMP' };
  if (ascii(0, 5) === '%PDF-') return { type: undefined, name: 'PDF' };
  if (/^(\xef\xbb\xbf)?\s*</.test(ascii(0, 256))) return { type: undefined, name: 'SVG or other markup' };
  return { type: undefined };
}

function sha256Hex(bytes: Buffer): string {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}

/**
 * Checks an uploaded poster against its declaration and decodes it fully. Every problem found
 * is reported at once as one validation problem; returns the (orientation-corrected) size.
 */
export async function inspectPoster(
  bytes: Buffer,
  declared: { contentType: string; byteLength: number; sha256: string },
): Promise<{ width: number; height: number; contentType: PosterType }> {
  const errors: FieldError[] = [];

  if (bytes.length !== declared.byteLength) {
    errors.push({ pointer: '/byteLength', message: `declares ${declared.byteLength} bytes but the file holds ${bytes.length}` });
  }
  if (declared.byteLength > POSTER_MAX_BYTES || bytes.length > POSTER_MAX_BYTES) {
    errors.push({ pointer: '/byteLength', message: `a poster is at most ${POSTER_MAX_BYTES} bytes` });
  }
  if (sha256Hex(bytes) !== declared.sha256) {
    errors.push({ pointer: '/sha256', message: 'does not match the SHA-256 of the uploaded file' });
  }
  const declaredTypeAllowed = (POSTER_TYPES as readonly string[]).includes(declared.contentType);
  const declaredTypeRefused = { pointer: '/contentType', message: `must be one of ${POSTER_TYPES.join(', ')}` };

  // An oversized file is never handed to the decoder.
  if (bytes.length > POSTER_MAX_BYTES) {
    if (!declaredTypeAllowed) errors.push(declaredTypeRefused);
    throw problems.validation(errors, 'The poster does not match its declaration.');
  }

  const sniffed = sniff(bytes);
  if (!sniffed.type) {
    errors.push({
      pointer: '/file',
      message: sniffed.name
        ? `is a ${sniffed.name} file; only PNG, JPEG and WebP are accepted`
        : 'is not a PNG, JPEG or WebP image',
    });
    if (!declaredTypeAllowed) errors.push(declaredTypeRefused);
    throw problems.validation(errors, 'The poster does not match its declaration.');
  }
  const real = sniffed.type;
  if (!declaredTypeAllowed) errors.push(declaredTypeRefused);
  else if (declared.contentType !== real) {
    errors.push({ pointer: '/contentType', message: `declares ${declared.contentType} but the file is ${real}` });
  }

  let size: { width: number; height: number } | undefined;
  const sharp = await imageLibrary();
  try {
    const meta = await sharp(bytes, DECODE_OPTIONS).metadata();
    if (`image/${meta.format}` !== real) throw new Error('decoder disagrees with the file signature');
    // Headers alone decode fine for a cut-off file: read every pixel so truncation surfaces.
    await sharp(bytes, DECODE_OPTIONS).stats();
    // libpng stops after the last image data, so a PNG missing only its IEND chunk decodes cleanly.
    if (real === 'image/png' && bytes.lastIndexOf(PNG_IEND) < 0) throw new Error('PNG lacks its IEND chunk');
    size = { width: meta.autoOrient?.width ?? meta.width, height: meta.autoOrient?.height ?? meta.height };
  } catch (err) {
    const pixelLimit = err instanceof Error && /pixel limit/i.test(err.message);
    errors.push({
      pointer: '/file',
      message: pixelLimit
        ? `has more than ${POSTER_MAX_PIXELS} pixels`
        : 'cannot be decoded: the image is truncated or corrupt',
    });
  }

  if (errors.length > 0 || !size) throw problems.validation(errors, 'The poster does not match its declaration.');
  return { ...size, contentType: real };
}

/**
 * The public artwork derived from a private poster: upright (EXIF orientation applied), no
 * metadata at all (sharp drops EXIF, XMP, ICC and the like unless asked to keep them), at most
 * 1600 px on each side, WebP.
 */
export async function deriveArtwork(
  bytes: Buffer,
): Promise<{ bytes: Buffer; contentType: 'image/webp'; width: number; height: number }> {
  const sharp = await imageLibrary();
  const { data, info } = await sharp(bytes, DECODE_OPTIONS)
    .autoOrient()
    .resize(ARTWORK_MAX_EDGE, ARTWORK_MAX_EDGE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: ARTWORK_QUALITY })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, contentType: 'image/webp', width: info.width, height: info.height };
}
