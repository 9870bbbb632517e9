import type { Schemas } from '../../../contract/types.js';
import { Layout } from '../ui/Layout.js';
import { CopyButton, DateOnly, LinkIcon, LinkList, StatusBadge, TrustBadge, When, safeHref } from '../ui/components.js';
import { formatDate, formatInstant, formatShortDate, formatTime, isoInstant, validZone } from '../ui/format.js';
import { discordText, googleCalendarHref } from '../ui/eventShare.js';
import { eventShareImage } from '../cards/cardModel.js';
import { eventPagePath, profilePagePath, worldPagePath } from '../../../lib/pagePaths.js';

type PublicEvent = Schemas['PublicEvent'];
type Slot = Schemas['PublicEventSlot'];

const EXTERNAL = 'noopener nofollow ugc';
const localDates = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) of an instant in a zone. */
function localDate(ms: number, zone: string): string {
  let f = localDates.get(zone);
  if (!f) localDates.set(zone, (f = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return f.format(ms);
}

/** The page's description: when, who, and the start of the summary. */
function describe(e: PublicEvent, zone: string): string {
  const when = e.scheduleKind === 'timed' && e.startAt !== undefined ? formatInstant(e.startAt, zone) : formatDate(e.eventDate);
  const head = [e.status === 'cancelled' ? `Cancelled — ${when}` : when, e.communityName ? `by ${e.communityName}` : ''].filter(Boolean).join(' · ');
  const summary = e.summary?.replace(/\s+/g, ' ').trim();
  if (!summary) return head;
  return `${head}. ${summary.length > 160 ? `${summary.slice(0, 159).trimEnd()}…` : summary}`;
}

function StatusBanner({ status }: { status: PublicEvent['status'] }) {
  if (status === 'cancelled') return <p class="banner cancelled">This event was cancelled.</p>;
  if (status === 'in_progress') return <p class="banner live">Live now — this event is happening right now.</p>;
  if (status === 'ended') return <p class="banner ended">This event has ended.</p>;
  return null;
}

/** A slot's time in the event's zone (with its date when the slot falls on another day); the script adds the viewer's. */
function SlotTime({ slot, zone, eventDate }: { slot: Slot; zone: string; eventDate: string }) {
  if (slot.startAt === undefined) return <span class="slot-time" />;
  const day = localDate(slot.startAt, zone);
  return (
    <span class="slot-time">
      <time dateTime={isoInstant(slot.startAt)} data-local="time" data-zone={zone}>
        {day !== eventDate ? `${formatShortDate(day)}, ` : ''}
        {formatTime(slot.startAt, zone)}
        {slot.endAt !== undefined ? `–${formatTime(slot.endAt, zone)}` : ''}
      </time>
    </span>
  );
}

/** The slot's chosen stream: its URLs to paste into a player, or "unavailable" (never another source). */
function SlotStream({ slot }: { slot: Slot }) {
  if (slot.streamStatus === 'unavailable') return <p class="small muted">Stream unavailable</p>;
  if (!slot.stream) return null;
  const { streamId, pcUrl, questUrl } = slot.stream;
  return (
    <dl class="stream small">
      <dt>Stream</dt>
      <dd>
        <code>{streamId}</code>
      </dd>
      <dt>PC</dt>
      <dd>
        <code>{pcUrl}</code> <CopyButton text={pcUrl} label={`Copy PC stream URL for ${slot.displayLabel}`} />
      </dd>
      <dt>Quest</dt>
      <dd>
        <code>{questUrl}</code> <CopyButton text={questUrl} label={`Copy Quest stream URL for ${slot.displayLabel}`} />
      </dd>
    </dl>
  );
}

function Lineup({ slots, zone, eventDate }: { slots: Slot[]; zone: string; eventDate: string }) {
  const timed = slots.some((s) => s.startAt !== undefined);
  return (
    <ol class={timed ? 'lineup' : 'lineup untimed'}>
      {slots.map((s) => (
        <li>
          {timed ? <SlotTime slot={s} zone={zone} eventDate={eventDate} /> : null}
          <div class="slot">
            <p class="slot-name">
              {s.performer ? <a href={profilePagePath(s.performer.slug, 'person')}>{s.displayLabel || s.performer.displayName}</a> : s.displayLabel}
              {s.roleLabel ? <span class="muted"> · {s.roleLabel}</span> : null}
            </p>
            <SlotStream slot={s} />
            {s.performer ? <LinkList links={s.performer.outboundLinks} /> : null}
          </div>
        </li>
      ))}
    </ol>
  );
}

function Participants({ people, performing }: { people: Schemas['PublicEventParticipant'][]; performing: Set<string> }) {
  return (
    <ul class="grid">
      {people.map((p) => {
        const image = safeHref(p.imageUrl);
        return (
          <li class="card">
            <div class="ident">
              {image ? <img class="avatar sm" src={image} alt="" loading="lazy" decoding="async" width={36} height={36} /> : null}
              <div>
                <h3>
                  <a href={profilePagePath(p.slug, 'person')}>{p.displayName}</a>
                </h3>
                <p class="meta">
                  {p.roleLabel ? `${p.roleLabel} · ` : ''}
                  <TrustBadge trust={p.trustLabel} />
                </p>
              </div>
            </div>
            {/* Performers' links are in the lineup already. */}
            {performing.has(p.slug) ? null : <LinkList links={p.outboundLinks} />}
          </li>
        );
      })}
    </ul>
  );
}

/** Where to watch: the event's media links; "copy" links get a copy button beside them. */
function WatchLinks({ links }: { links: Schemas['EventMediaLink'][] }) {
  return <LinkList links={links} copy={(l) => l.presentation === 'copy'} iconOf={(l) => (l.type === 'stream' || l.type === 'watch' ? 'youtube' : l.type)} />;
}

function Provenance({ source }: { source: Schemas['EventSource'] }) {
  const href = safeHref(source.url);
  return (
    <>
      {source.sourceType === 'community' ? (
        <p>
          <TrustBadge trust="community_submitted" /> Shared by a member of the community, not by the organiser.
        </p>
      ) : (
        <p>From the organiser: {source.label}</p>
      )}
      {href ? (
        <p>
          <a href={href} rel={EXTERNAL} target="_blank">
            Original announcement
          </a>
        </p>
      ) : null}
    </>
  );
}

/**
 * The public page of one event (`/events/{slug}`): what, when (in the event's zone, and the
 * reader's own once the script runs), where, who, where to watch, and how to take it along —
 * its calendar file, Google Calendar, its community's feed and a text for Discord. Cancelled and
 * ended events keep their page, with a banner.
 */
export function EventPage({ baseUrl, signUp, event: e }: { baseUrl: string; signUp?: boolean; event: PublicEvent }) {
  const zone = validZone(e.timezone);
  const path = eventPagePath(e.slug);
  const pageUrl = `${baseUrl}${path}`;
  const ics = `/api/v0/events/${encodeURIComponent(e.slug)}/calendar.ics`;
  const timed = e.scheduleKind === 'timed' && e.startAt !== undefined;
  const image = safeHref(e.posterImageUrl ?? e.bannerImageUrl);
  const communityFeed = e.communitySlug ? `${baseUrl}/api/v0/communities/${encodeURIComponent(e.communitySlug)}/calendar.ics`.replace(/^https?:/, 'webcal:') : undefined;
  const slots = e.slots ?? [];
  const participants = e.participants ?? [];
  const performing = new Set(slots.flatMap((s) => (s.performer ? [s.performer.slug] : [])));
  const worlds = e.worlds ?? [];
  const mediaLinks = e.mediaLinks ?? [];

  return (
    <Layout
      baseUrl={baseUrl}
      signUp={signUp}
      meta={{
        title: e.title,
        description: describe(e, zone),
        path,
        type: 'article',
        ...eventShareImage(e),
        alternates: [
          { href: ics, type: 'text/calendar', title: `${e.title} (iCalendar)` },
          { href: `/api/v0/events/${encodeURIComponent(e.slug)}`, type: 'application/json', title: `${e.title} (JSON)` },
        ],
      }}
    >
      <article class="event">
        <StatusBanner status={e.status} />
        <div class={image ? 'hero with-art' : 'hero'}>
          <div>
            <h1>{e.title}</h1>
            <p class="meta">
              {e.communityName ? (
                <>
                  by {e.communitySlug ? <a href={profilePagePath(e.communitySlug, 'community')}>{e.communityName}</a> : e.communityName}{' '}
                </>
              ) : null}
              <StatusBadge status={e.status} /> {e.source.sourceType === 'community' ? <TrustBadge trust="community_submitted" /> : null}
            </p>
            <p class="when">
              {timed ? <When at={e.startAt!} zone={zone} relative={e.status === 'scheduled'} /> : <DateOnly date={e.eventDate} />}
            </p>
            <dl class="facts">
              {timed ? (
                <>
                  {e.doorsOpenAt !== undefined ? (
                    <>
                      <dt>Doors</dt>
                      <dd>
                        <When at={e.doorsOpenAt} zone={zone} />
                      </dd>
                    </>
                  ) : null}
                  <dt>Ends</dt>
                  <dd>{e.endAt !== undefined ? <When at={e.endAt} zone={zone} /> : <span class="muted">Not announced</span>}</dd>
                  <dt>Time zone</dt>
                  <dd>{zone}</dd>
                </>
              ) : (
                <>
                  <dt>Time</dt>
                  <dd class="muted">No start time given</dd>
                </>
              )}
              {worlds.length ? (
                <>
                  <dt>{worlds.length === 1 ? 'World' : 'Worlds'}</dt>
                  <dd>
                    {worlds.map((w, i) => (
                      <>
                        {i ? ', ' : ''}
                        <a href={worldPagePath(w.slug)}>{w.displayName}</a>
                      </>
                    ))}
                  </dd>
                </>
              ) : null}
            </dl>
            {e.summary ? (
              <div class="summary">
                {e.summary.split(/\n{2,}/).map((para) => (
                  <p>{para}</p>
                ))}
              </div>
            ) : null}
          </div>
          {image ? (
            <figure class="art">
              <img src={image} alt={`Poster of ${e.title}`} decoding="async" />
            </figure>
          ) : null}
        </div>

        <section aria-labelledby="add-to-calendar">
          <h2 id="add-to-calendar">Add to calendar</h2>
          <ul class="actions">
            <li>
              <a class="btn primary" href={ics} download={`${e.slug}.ics`} type="text/calendar">
                Download .ics
              </a>
            </li>
            <li>
              <a class="btn" href={googleCalendarHref(e, pageUrl)} rel="noopener nofollow" target="_blank">
                Google Calendar
              </a>
            </li>
            {communityFeed && e.communityName ? (
              <li>
                <a class="btn" href={communityFeed}>
                  Subscribe to all {e.communityName} events
                </a>
              </li>
            ) : null}
          </ul>
        </section>

        {slots.length ? (
          <section aria-labelledby="lineup">
            <h2 id="lineup">Lineup</h2>
            {slots.some((s) => s.startAt !== undefined) ? <p class="muted small">Times in {zone}.</p> : null}
            <Lineup slots={slots} zone={zone} eventDate={e.eventDate} />
          </section>
        ) : null}

        {mediaLinks.some((l) => safeHref(l.url)) ? (
          <section aria-labelledby="watch">
            <h2 id="watch">Watch and links</h2>
            <WatchLinks links={mediaLinks} />
          </section>
        ) : null}

        {participants.length ? (
          <section aria-labelledby="participants">
            <h2 id="participants">Participants</h2>
            <Participants people={participants} performing={performing} />
          </section>
        ) : null}

        <section aria-labelledby="discord">
          <h2 id="discord">Copy for Discord</h2>
          <p class="muted small">{timed ? 'Discord shows these timestamps in each reader’s own time zone.' : 'Paste this into a Discord message.'}</p>
          <pre id="discord-text">
            <code>{discordText(e, pageUrl)}</code>
          </pre>
          <CopyButton from="discord-text" label="Copy for Discord">
            Copy for Discord
          </CopyButton>
        </section>

        <section aria-labelledby="source">
          <h2 id="source">Source</h2>
          <Provenance source={e.source} />
        </section>
      </article>
    </Layout>
  );
}
