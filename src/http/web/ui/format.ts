/** Dates and times as pages show them, in a named zone (the event's own), in English. */

const instantFormats = new Map<string, Intl.DateTimeFormat>();
const timeFormats = new Map<string, Intl.DateTimeFormat>();

function cached(map: Map<string, Intl.DateTimeFormat>, zone: string, options: Intl.DateTimeFormatOptions) {
  let f = map.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
    map.set(zone, f);
  }
  return f;
}

/** A zone name Intl accepts, or UTC. */
export function validZone(zone: string | undefined): string {
  if (!zone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/** "Fri, Jan 15, 2027, 7:00 PM GMT+9" */
export const formatInstant = (ms: number, zone: string) =>
  cached(instantFormats, zone, { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(ms);

/** "7:00 PM" */
export const formatTime = (ms: number, zone: string) => cached(timeFormats, zone, { hour: 'numeric', minute: '2-digit' }).format(ms);

const dateFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const shortDateFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A calendar date (YYYY-MM-DD) as written, never an instant: "Friday, January 15, 2027". */
export const formatDate = (date: string) => dateFormat.format(Date.parse(`${date}T00:00:00Z`));
/** "Fri, Jan 15" */
export const formatShortDate = (date: string) => shortDateFormat.format(Date.parse(`${date}T00:00:00Z`));

/** The ISO form of an instant for `<time datetime>`. */
export const isoInstant = (ms: number) => new Date(ms).toISOString();

const relativeFormat = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

/**
 * An instant against `now`, in words: "just now", "in 5 minutes", "3 hours ago", "yesterday", "in 12 days",
 * "4 months ago", "2 years ago". The enhancing script (client.ts) keeps the same steps for the
 * viewer's own clock.
 */
export function formatRelative(at: number, now: number): string {
  const minutes = Math.round((at - now) / 60000);
  if (minutes === 0) return 'just now';
  if (Math.abs(minutes) < 60) return relativeFormat.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 48) return relativeFormat.format(hours, 'hour');
  const days = Math.round(hours / 24);
  if (Math.abs(days) < 60) return relativeFormat.format(days, 'day');
  const months = Math.round(days / 30.44);
  if (Math.abs(months) < 24) return relativeFormat.format(months, 'month');
  return relativeFormat.format(Math.round(days / 365.25), 'year');
}
