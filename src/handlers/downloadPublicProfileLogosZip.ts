import type { Handler } from './types.js';

/** The archive is streamed: written while it is sent, never held whole (send.ts pipes it). */
export const downloadPublicProfileLogosZip: Handler<'downloadPublicProfileLogosZip'> = async (req, services) => {
  const archive = await services.profileAssets.logosArchive(req.params.slug);
  return {
    status: 200,
    stream: archive.stream,
    contentType: 'application/zip',
    headers: { 'Content-Disposition': `attachment; filename="${archive.fileName}"`, 'Cache-Control': 'public, max-age=300' },
  };
};
