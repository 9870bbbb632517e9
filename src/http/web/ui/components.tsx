import type { ComponentChildren } from 'preact';
import { Labelled } from './forms.js';
import type { Schemas } from '../../../contract/types.js';
import { formatDate, formatInstant, formatRelative, formatShortDate, formatTime, isoInstant, validZone } from './format.js';
import { eventPagePath, profilePagePath } from '../../../lib/pagePaths.js';

/**
 * The design system's components. Every string a user wrote reaches the page through JSX text or
 * attributes, which Preact escapes; URLs pass `safeHref` first, so only http(s) and our own
 * paths become links.
 */

/** An http(s) URL or a root-relative path of ours; anything else (javascript:, data:, //host) is no link. */
export function safeHref(url: string | undefined | null): string | undefined {
  if (!url) return undefined;
  if (/^\/(?![/\\])/.test(url)) return url;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}

/** The mark of the header (the same drawing as the favicon). */
export function Mark() {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#4338ca" />
      <path d="M7 23V9h3.2l5.8 8.2L21.8 9H25v14h-3.4v-8.4l-5.6 7.7-5.6-7.7V23z" fill="#fff" />
      <g fill="#fbbf24">
        {[7, 12.5, 19.5, 25].flatMap((x) => [<circle cx={x} cy={5.5} r={1.3} />, <circle cx={x} cy={26.5} r={1.3} />])}
      </g>
    </svg>
  );
}

/** An instant in a zone, readable without a script; the script adds the viewer's own time. */
export function When({ at, zone, relative }: { at: number; zone: string; relative?: boolean }) {
  const z = validZone(zone);
  return (
    <time dateTime={isoInstant(at)} data-local="" data-zone={z} data-relative={relative ? '' : undefined}>
      {formatInstant(at, z)}
    </time>
  );
}

/**
 * An instant as words relative to `now` (the injected clock's, so the text is right without a
 * script): "3 days ago", "in 2 hours"; the exact instant is the `datetime` and, in UTC, the
 * title. The script (`data-ago`) redoes the words on the viewer's clock and titles the
 * viewer's own time.
 */
export function Ago({ at, now }: { at: number; now: number }) {
  return (
    <time dateTime={isoInstant(at)} data-ago="" title={formatInstant(at, 'UTC')}>
      {formatRelative(at, now)}
    </time>
  );
}

/** A calendar date, never turned into an instant (date-only events have no time). */
export function DateOnly({ date }: { date: string }) {
  return <time dateTime={date}>{formatDate(date)}</time>;
}

const STATUS_LABEL: Record<Schemas['EventStatus'], string> = { scheduled: 'Upcoming', in_progress: 'Live now', ended: 'Ended', cancelled: 'Cancelled' };
const STATUS_CLASS: Record<Schemas['EventStatus'], string> = { scheduled: 'badge', in_progress: 'badge live', ended: 'badge ended', cancelled: 'badge cancelled' };

export function StatusBadge({ status }: { status: Schemas['EventStatus'] }) {
  return <span class={STATUS_CLASS[status]}>{STATUS_LABEL[status]}</span>;
}

const TRUST_LABEL: Record<Schemas['TrustLabel'], string> = {
  community_submitted: 'Community-submitted',
  unclaimed: 'Unclaimed',
  claimed_unverified: 'Claimed',
  claimed_verified: 'Verified',
};
export function TrustBadge({ trust }: { trust: Schemas['TrustLabel'] }) {
  return <span class="badge trust">{TRUST_LABEL[trust]}</span>;
}

/** What an event card shows: the members a discovery list's preview and a world's event card share. */
export type EventCardData = Pick<
  Schemas['PublicEventPreview'],
  'title' | 'status' | 'scheduleKind' | 'eventDate' | 'slug' | 'startAt' | 'endAt' | 'timezone' | 'thumbnailImageUrl' | 'posterImageUrl' | 'bannerImageUrl' | 'communityName' | 'communitySlug'
>;

/** An event's date line for cards: the start in its zone, or the date of a date-only event. */
export function EventWhen({ e }: { e: EventCardData }) {
  if (e.scheduleKind === 'date_only' || e.startAt === undefined) return <DateOnly date={e.eventDate} />;
  const z = validZone(e.timezone);
  return (
    <time dateTime={isoInstant(e.startAt)} data-local="" data-zone={z}>
      {formatShortDate(e.eventDate)}, {formatTime(e.startAt, z)}
      {e.endAt !== undefined ? `–${formatTime(e.endAt, z)}` : ''} <span class="muted small">({z})</span>
    </time>
  );
}

/** The directory's search box (start page, 404 page): a GET form to /search. */
export function SearchBox({ id }: { id: string }) {
  return (
    <form class="search" action="/search" method="get" role="search">
      <label for={id} class="muted">
        Search the directory
      </label>
      <input id={id} type="search" name="q" placeholder="Events, people, communities, worlds" />
      <button class="btn primary" type="submit">
        Search
      </button>
    </form>
  );
}

/** A card's picture: decorative (the card's heading names it), lazy, 16:9. */
export function CardMedia({ src }: { src: string | undefined }) {
  if (!src) return null;
  return (
    <span class="card-media">
      <img src={src} alt="" loading="lazy" decoding="async" width={640} height={360} />
    </span>
  );
}

/** One event in a list. */
export function EventCard({ e }: { e: EventCardData }) {
  const image = safeHref(e.thumbnailImageUrl ?? e.posterImageUrl ?? e.bannerImageUrl);
  return (
    <li class="card">
      <CardMedia src={image} />
      <h3>{e.slug ? <a href={eventPagePath(e.slug)}>{e.title}</a> : e.title}</h3>
      <p class="meta">
        <EventWhen e={e} /> {e.status !== 'scheduled' ? <StatusBadge status={e.status} /> : null}
      </p>
      {e.communityName ? (
        <p class="meta">
          by {e.communitySlug ? <a href={profilePagePath(e.communitySlug, 'community')}>{e.communityName}</a> : e.communityName}
        </p>
      ) : null}
    </li>
  );
}

export function EventGrid({ events, empty }: { events: EventCardData[]; empty: string }) {
  if (!events.length) return <p class="empty">{empty}</p>;
  return (
    <ul class="grid">
      {events.map((e) => (
        <EventCard e={e} />
      ))}
    </ul>
  );
}

/** Icons of link kinds: simple shapes, one per family, so a list is scannable. */
const ICON_PATHS: Record<string, string> = {
  discord: 'M4 5h16v11l-4 3v-3H4z',
  twitch: 'M5 3h15v10l-5 5h-4l-3 3H6v-3H3V6zm5 4v5h2V7zm5 0v5h2V7z',
  youtube: 'M3 7a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v10a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3zm7 1v8l6-4z',
  music: 'M9 18a3 3 0 1 1-2-2.83V5l12-2v12a3 3 0 1 1-2-2.83V7.4L9 8.7z',
  store: 'M4 7h16l-1 13H5zm4 0a4 4 0 0 1 8 0h-2a2 2 0 0 0-4 0z',
  vr: 'M3 8a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2h-4l-3-3-3 3H5a2 2 0 0 1-2-2zm5 2a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm8 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4z',
  heart: 'M12 20s-8-5-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 9c0 6-8 11-8 11z',
  link: 'M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1 1.42 1.42 1-1a2 2 0 0 1 2.83 2.83l-3 3a2 2 0 0 1-2.83 0zm4-4a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1-1.42-1.42-1 1a2 2 0 0 1-2.83-2.83l3-3a2 2 0 0 1 2.83 0z',
};
const ICON_OF: Record<string, string> = {
  discord: 'discord',
  twitch: 'twitch',
  youtube: 'youtube',
  vrcdn: 'youtube',
  soundcloud: 'music',
  mixcloud: 'music',
  spotify: 'music',
  bandcamp: 'music',
  vrchat_profile: 'vr',
  gumroad: 'store',
  jinxxy: 'store',
  payhip: 'store',
  woocommerce: 'store',
  generic_store: 'store',
  commissions: 'store',
  kofi: 'heart',
  patreon: 'heart',
};

export function LinkIcon({ type }: { type?: string }) {
  return (
    <svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={ICON_PATHS[ICON_OF[type ?? ''] ?? 'link']} />
    </svg>
  );
}

/** A link to list: its label, address and kind (for the icon). */
export interface ListedLink {
  label: string;
  url: string;
  type?: string;
}

/**
 * Outbound links (profiles' discovery-visible links — the services never return unlisted or
 * private ones — and events' watch links), each with its icon; only http(s) addresses become
 * links. `copy` adds a copy button to every link, or to those it picks.
 */
export function LinkList<L extends ListedLink>({ links, copy, iconOf }: { links: L[]; copy?: boolean | ((link: L) => boolean); iconOf?: (link: L) => string | undefined }) {
  const shown = links.map((l) => ({ link: l, href: safeHref(l.url) })).filter((l): l is { link: L; href: string } => l.href !== undefined);
  if (!shown.length) return null;
  return (
    <ul class="links">
      {shown.map(({ link, href }) => (
        <li>
          <a href={href} rel="noopener nofollow ugc" target="_blank">
            <LinkIcon type={iconOf ? iconOf(link) : link.type} />
            {link.label}
          </a>
          {(typeof copy === 'function' ? copy(link) : copy) ? <CopyButton text={href} label={`Copy link: ${link.label}`} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** A copy button: hidden until the page's script shows it (it cannot work without one). */
export function CopyButton({ text, from, label, children }: { text?: string; from?: string; label: string; children?: ComponentChildren }) {
  return (
    <button type="button" class="btn copy" data-copy={text} data-copy-from={from} aria-label={children ? undefined : label} hidden>
      {children ?? 'Copy'}
    </button>
  );
}

export function Tags({ tags, label }: { tags: string[] | undefined; label: string }) {
  if (!tags?.length) return null;
  return (
    <ul class="tags" aria-label={label}>
      {tags.map((t) => (
        <li>{t}</li>
      ))}
    </ul>
  );
}

/**
 * A labelled form input with its hint and its error beside it. The label names the input alone;
 * the hint and the error describe it (`aria-describedby`, and `aria-invalid` while refused), so
 * a screen reader reads the message with the field it concerns.
 */
export function Field({
  name,
  label,
  type = 'text',
  value,
  error,
  hint,
  autocomplete,
  required = true,
  minLength,
  maxLength,
}: {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  value?: string;
  error?: string;
  hint?: string;
  autocomplete?: string;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
}) {
  // Preact types an input by its kind; the three kinds here take the same attributes.
  const kind = { type } as { type: 'text' };
  return (
    <Labelled name={name} label={label} hint={hint} error={error}>
      {(c) => (
        <input
          id={c.id}
          {...kind}
          name={name}
          value={value}
          required={required}
          minLength={minLength}
          maxLength={maxLength}
          autocomplete={autocomplete}
          aria-invalid={c.invalid}
          aria-describedby={c.describedBy}
        />
      )}
    </Labelled>
  );
}
