import type { Schemas } from '../../../contract/types.js';
import { Layout } from '../ui/Layout.js';
import { EventGrid, EventWhen, safeHref, CardMedia, SearchBox } from '../ui/components.js';
import { SITE_SHARE_IMAGE } from '../cards/cardModel.js';
import { eventPagePath, worldPagePath } from '../../../lib/pagePaths.js';

export interface HomeData {
  live: Schemas['PublicEventPreview'][];
  week: Schemas['PublicEventPreview'][];
  /** A cursor to the rest of the upcoming list, when there is more. */
  more: boolean;
  worlds: Schemas['PublicActiveWorld'][];
}

/** Discovery: what is live, what is on this week, where it happens, and the calendar of it all. */
export function HomePage({ baseUrl, signUp, data }: { baseUrl: string; signUp?: boolean; data: HomeData }) {
  const feed = `${baseUrl}/api/v0/events/calendar.ics`;
  const webcal = feed.replace(/^https?:/, 'webcal:');
  return (
    <Layout
      baseUrl={baseUrl}
      signUp={signUp}
      meta={{
        title: 'Events in VR, this week',
        description: 'What is on in virtual reality: live events, this week’s schedule, the worlds hosting them, and the communities and people behind them.',
        path: '/',
        ...SITE_SHARE_IMAGE,
        alternates: [{ href: '/api/v0/events/calendar.ics', type: 'text/calendar', title: 'All upcoming events (iCalendar)' }],
      }}
    >
      <h1>What’s on in VR</h1>
      <p class="lead">Live events, this week’s schedule and the worlds hosting them — in your own time zone.</p>
      <SearchBox id="home-q" />

      {data.live.length ? (
        <section aria-labelledby="live-now">
          <h2 id="live-now">Live now</h2>
          <EventGrid events={data.live} empty="" />
        </section>
      ) : null}

      <section aria-labelledby="this-week">
        <div class="section-head">
          <h2 id="this-week">Coming up this week</h2>
          <ul class="actions">
            <li>
              <a class="btn" href={webcal}>
                Subscribe to all events
              </a>
            </li>
            <li>
              <a class="btn" href="/api/v0/events/calendar.ics" download="marquee-events.ics">
                Download .ics
              </a>
            </li>
          </ul>
        </div>
        <EventGrid events={data.week} empty="Nothing is scheduled for the next seven days yet." />
        {data.more ? (
          <p>
            <a href="/search?type=event">More upcoming events</a>
          </p>
        ) : null}
      </section>

      <section aria-labelledby="worlds">
        <h2 id="worlds">Worlds with upcoming events</h2>
        {data.worlds.length ? (
          <ul class="grid">
            {data.worlds.map((w) => {
              const image = safeHref(w.heroImageUrl);
              return (
                <li class="card">
                  <CardMedia src={image} />
                  <h3>
                    <a href={worldPagePath(w.slug)}>{w.displayName}</a>
                  </h3>
                  <p class="meta">
                    {w.upcomingEventCount === 1 ? '1 upcoming event' : `${w.upcomingEventCount} upcoming events`} · next:{' '}
                    {w.nextEvent.slug ? <a href={eventPagePath(w.nextEvent.slug)}>{w.nextEvent.title}</a> : w.nextEvent.title}, <EventWhen e={w.nextEvent} />
                  </p>
                </li>
              );
            })}
          </ul>
        ) : (
          <p class="empty">No world has an upcoming event yet.</p>
        )}
      </section>
    </Layout>
  );
}
