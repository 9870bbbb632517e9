import { notModified } from '../http/conditional.js';
import type { Handler } from './types.js';

/** One event as RFC 5545 (decisions §3); cancelled events too, retracted ones 404. */
export const getPublicEventCalendar: Handler<'getPublicEventCalendar'> = async (req, services) => {
  const doc = await services.calendar.event(req.params.slug);
  const headers = { ETag: doc.etag, 'Cache-Control': 'public, max-age=300' };
  if (notModified(req.headers['if-none-match'], doc.etag)) return { status: 304, headers };
  return { status: 200, raw: doc.text, contentType: 'text/calendar; charset=utf-8', headers: { ...headers, 'Content-Disposition': `inline; filename="${doc.filename}"` } };
};
