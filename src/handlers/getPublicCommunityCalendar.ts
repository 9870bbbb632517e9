import { notModified } from '../http/conditional.js';
import type { Handler } from './types.js';

/** A public community's subscription feed (decisions §3). */
export const getPublicCommunityCalendar: Handler<'getPublicCommunityCalendar'> = async (req, services) => {
  const doc = await services.calendar.community(req.params.slug);
  const headers = { ETag: doc.etag, 'Cache-Control': 'public, max-age=300' };
  if (notModified(req.headers['if-none-match'], doc.etag)) return { status: 304, headers };
  return { status: 200, raw: doc.text, contentType: 'text/calendar; charset=utf-8', headers: { ...headers, 'Content-Disposition': `inline; filename="${doc.filename}"` } };
};
