import type { Schemas } from '../../../contract/types.js';
import { CALENDAR_DEFAULT_DURATION_MS } from '../../../services/events/calendar.js';
import { formatDate } from './format.js';

/**
 * What an event page hands to other apps: a Google Calendar template link and a text block for
 * Discord. Both say the same as the event's .ics (services/events/calendar.ts): a date-only
 * event is all day on its date, a timed one without an end lasts one hour.
 */

type Shareable = Pick<Schemas['PublicEvent'], 'title' | 'scheduleKind' | 'eventDate' | 'startAt' | 'endAt' | 'summary' | 'status' | 'worlds'>;

const DAY_MS = 86_400_000;

/** `20261205T190000Z`: an instant as Google Calendar's `dates` wants it, in UTC. */
export const googleInstant = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');

/** `20261205`: a calendar date in Google Calendar's all-day form. */
const googleDate = (date: string) => date.replace(/-/g, '');

/** The end a calendar shows: the announced one, or one hour after the start (as our .ics). */
export function calendarEnd(e: Pick<Shareable, 'startAt' | 'endAt'>): number | undefined {
  if (e.startAt === undefined) return undefined;
  return e.endAt !== undefined && e.endAt > e.startAt ? e.endAt : e.startAt + CALENDAR_DEFAULT_DURATION_MS;
}

/** Google Calendar's "create event" template, filled in with the event. */
export function googleCalendarHref(e: Shareable, pageUrl: string): string {
  let dates: string;
  if (e.scheduleKind === 'timed' && e.startAt !== undefined) {
    dates = `${googleInstant(e.startAt)}/${googleInstant(calendarEnd(e)!)}`;
  } else {
    const next = new Date(Date.parse(`${e.eventDate}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
    dates = `${googleDate(e.eventDate)}/${googleDate(next)}`;
  }
  const details = [e.summary, pageUrl].filter(Boolean).join('\n\n');
  const params = new URLSearchParams({ action: 'TEMPLATE', text: e.title, dates, details });
  const location = (e.worlds ?? []).map((w) => w.displayName).join(', ');
  if (location) params.set('location', location);
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** Mentions that would ping a whole server when pasted are broken with a zero-width space. */
const quietMentions = (text: string) => text.replace(/@(everyone|here)/gi, '@\u200b$1');

/**
 * The text to paste into Discord: the title, the start as Discord timestamps (each reader sees
 * their own zone) or the date of a date-only event, and the page's address.
 */
export function discordText(e: Shareable, pageUrl: string): string {
  const title = quietMentions(e.status === 'cancelled' ? `Cancelled: ${e.title}` : e.title);
  let when: string;
  if (e.scheduleKind === 'timed' && e.startAt !== undefined) {
    const epoch = Math.floor(e.startAt / 1000);
    when = `<t:${epoch}:F> (<t:${epoch}:R>)`;
  } else {
    when = formatDate(e.eventDate);
  }
  return `${title}\n${when}\n${pageUrl}`;
}
