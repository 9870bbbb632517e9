import { notModified } from '../http/conditional.js';
import type { Handler } from './types.js';

/**
 * No script, fetch or navigation from a file opened directly; SVG may style itself and embed
 * `data:` images, nothing else (its scripts never run).
 */
const RASTER_POLICY = "default-src 'none'; sandbox";
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

export const downloadPublicProfileAssetFile: Handler<'downloadPublicProfileAssetFile'> = async (req, services) => {
  const file = await services.profileAssets.file(req.params.slug, req.params.assetId);
  const headers = {
    ETag: file.etag,
    // The URL names an asset, not its content: cached briefly and revalidated with the ETag.
    'Cache-Control': 'public, max-age=300',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': file.mimeType === 'image/svg+xml' ? SVG_POLICY : RASTER_POLICY,
    'Content-Disposition': `inline; filename="${file.fileName}"`,
  };
  if (notModified(req.headers['if-none-match'], file.etag)) return { status: 304, headers };
  return { status: 200, raw: await file.read(), contentType: file.mimeType, headers };
};
