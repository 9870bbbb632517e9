import { notModified } from '../http/conditional.js';
import type { Handler } from './types.js';

/** The subscription feed of all public events (decisions §3). */
export const getPublicEventsCalendar: Handler<'getPublicEventsCalendar'> = async (req, services) => {
  const doc = await services.calendar.all();
  const headers = { ETag: doc.etag, 'Cache-Control': 'public, max-age=300' };
  if (notModified(req.headers['if-none-match'], doc.etag)) return { status: 304, headers };
  return { status: 200, raw: doc.text, contentType: 'text/calendar; charset=utf-8', headers: { ...headers, 'Content-Disposition': `inline; filename="${doc.filename}"` } };
};
