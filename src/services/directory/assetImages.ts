import { imageLibrary } from '../../lib/imageLibrary.js';
import type { Schemas } from '../../contract/types.js';
import { AppError, problems, type FieldError } from '../errors.js';
import { sanitizeSvg, SvgRefused } from './svgSanitizer.js';

type UploadMimeType = Schemas['UploadMimeType'];
type RasterType = Exclude<UploadMimeType, 'image/svg+xml'>;

/** Contract 2.11 / 8.1: profile assets are at most 12 MB. */
export const ASSET_MAX_BYTES = 12582912;
/** Decompression-bomb guard: a small file may still claim enormous dimensions. */
export const ASSET_MAX_PIXELS = 50_000_000;
// 'error' refuses corrupt pixel data without refusing the benign warnings many camera files carry.
const DECODE_OPTIONS = { failOn: 'error', limitInputPixels: ASSET_MAX_PIXELS } as const;

/** An uploaded image made safe to store: re-encoded raster or sanitized SVG. */
export interface PreparedAssetImage {
  bytes: Buffer;
  mimeType: UploadMimeType;
  width: number | null;
  height: number | null;
  /** What SVG sanitizing removed (empty for raster images). */
  removed: string[];
}

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/** What the leading bytes say the file is: one of the accepted types, or a name for the refusal. */
export function sniffAsset(bytes: Buffer): { type: UploadMimeType } | { type: undefined; name?: string } {
  if (bytes.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex'))) return { type: 'image/png' };
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { type: 'image/jpeg' };
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return { type: 'image/webp' };
  if (ascii(bytes, 0, 4) === 'GIF8') return { type: undefined, name: 'GIF' };
  if (ascii(bytes, 0, 4) === 'II*\0' || ascii(bytes, 0, 4) === 'MM\0*') return { type: undefined, name: 'TIFF' };
  if (ascii(bytes, 4, 8) === 'ftyp') return { type: undefined, name: 'AVIF, HEIF or other ISO media' };
  if (ascii(bytes, 0, 2) === 'BM') return { type: undefined, name: 'BMP' };
  if (ascii(bytes, 0, 5) === '%PDF-') return { type: undefined, name: 'PDF' };
  if (ascii(bytes, 0, 4) === 'PK\x03\x04') return { type: undefined, name: 'ZIP' };
  // Markup: an SVG document when its root says so (the sanitizer decides for good), else HTML or other XML.
  const head = bytes.subarray(0, 65536).toString('utf8').replace(/^\uFEFF/, '');
  if (/^\s*</.test(head)) {
    return /<svg[\s>/]/i.test(head) ? { type: 'image/svg+xml' } : { type: undefined, name: 'HTML or other markup' };
  }
  return { type: undefined };
}

const refuse = (errors: FieldError[]) => problems.validation(errors, 'The uploaded file is not an accepted image.');

/**
 * Re-encodes a raster image in its own format: upright (EXIF orientation applied), every pixel
 * decoded (a truncated or corrupt file fails), and nothing but pixels written back — no EXIF,
 * XMP, ICC or text chunks, no bytes after the image. A polyglot (an image with an HTML, script
 * or ZIP payload appended or hidden in metadata) comes out as the bare image.
 */
async function reencode(bytes: Buffer, type: RasterType, pointer: string): Promise<PreparedAssetImage> {
  const sharp = await imageLibrary();
  try {
    const meta = await sharp(bytes, DECODE_OPTIONS).metadata();
    if (`image/${meta.format}` !== type) throw new Error('decoder disagrees with the file signature');
    const pipeline = sharp(bytes, DECODE_OPTIONS).autoOrient();
    const encoded =
      type === 'image/png'
        ? pipeline.png({ compressionLevel: 9, adaptiveFiltering: true })
        : type === 'image/jpeg'
          ? pipeline.jpeg({ quality: 90, mozjpeg: true })
          : pipeline.webp({ quality: 90 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    if (data.length > ASSET_MAX_BYTES) throw refuse([{ pointer, message: `re-encodes to more than ${ASSET_MAX_BYTES} bytes` }]);
    return { bytes: data, mimeType: type, width: info.width, height: info.height, removed: [] };
  } catch (err) {
    if (err instanceof AppError) throw err;
    const pixelLimit = err instanceof Error && /pixel limit/i.test(err.message);
    throw refuse([{ pointer, message: pixelLimit ? `has more than ${ASSET_MAX_PIXELS} pixels` : 'cannot be decoded: the image is truncated or corrupt' }]);
  }
}

/**
 * Checks an uploaded file against the intent (type, and exact size when declared) and makes it
 * safe to serve: PNG, JPEG and WebP are sniffed, fully decoded and re-encoded; SVG is
 * sanitized. Every refusal is a 400 naming `pointer`.
 */
export async function prepareAssetImage(
  bytes: Buffer,
  expected: { mimeType: UploadMimeType; byteSize: number | null },
  pointer = '/file',
): Promise<PreparedAssetImage> {
  if (bytes.length === 0) throw refuse([{ pointer, message: 'is empty' }]);
  if (bytes.length > ASSET_MAX_BYTES) throw refuse([{ pointer, message: `is larger than ${ASSET_MAX_BYTES} bytes` }]);
  if (expected.byteSize !== null && bytes.length !== expected.byteSize) {
    throw refuse([{ pointer, message: `holds ${bytes.length} bytes but the intent declared byteSize ${expected.byteSize}` }]);
  }
  const sniffed = sniffAsset(bytes);
  if (!sniffed.type) {
    throw refuse([{ pointer, message: sniffed.name ? `is a ${sniffed.name} file; only PNG, SVG, JPEG and WebP are accepted` : 'is not a PNG, SVG, JPEG or WebP image' }]);
  }
  if (sniffed.type !== expected.mimeType) {
    throw refuse([{ pointer, message: `is ${sniffed.type} but the intent declared ${expected.mimeType}` }]);
  }
  if (sniffed.type !== 'image/svg+xml') return reencode(bytes, sniffed.type, pointer);
  try {
    const clean = await sanitizeSvg(bytes);
    return { bytes: clean.bytes, mimeType: 'image/svg+xml', width: null, height: null, removed: clean.removed };
  } catch (err) {
    if (err instanceof SvgRefused) throw refuse([{ pointer, message: `is an SVG that cannot be made safe: it ${err.message}` }]);
    // Anything else the parser or sanitizer throws (hostile input exhausting it) is a refusal too.
    throw refuse([{ pointer, message: 'is an SVG that cannot be parsed safely' }]);
  }
}
