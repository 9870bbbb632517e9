import { problems } from '../services/errors.js';
import type { Handler } from './types.js';

export const downloadPublicEventArtwork: Handler<'downloadPublicEventArtwork'> = async (req, services) => {
  const file = await services.posters.artworkFile(await services.publicEvents.artworkOf(req.params.slug));
  if (!file) throw problems.notFound('This event has no artwork.');
  return {
    status: 200,
    body: undefined as never,
    raw: file.bytes,
    contentType: file.contentType,
    headers: { ETag: file.etag, 'Cache-Control': 'public, max-age=300' },
  };
};
