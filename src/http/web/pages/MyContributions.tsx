import type { ComponentChildren } from 'preact';
import type { Schemas } from '../../../contract/types.js';
import { eventPagePath, profilePagePath } from '../../../lib/pagePaths.js';
import { Ago, DateOnly, StatusBadge } from '../ui/components.js';
import { formatTime, isoInstant, validZone } from '../ui/format.js';
import { formPage, type PageShell } from './Account.js';

type DraftSummary = Schemas['EventIntakeDraftSummary'];
type ContributionSummary = Schemas['ApiMeContributionSummary'];

/** A page of one of the contributor's lists: its items, the next page's address and whether this is a later page. */
export interface ListPage<T> {
  items: T[];
  /** The address of the next page, or undefined at the end. */
  moreHref?: string;
  /** This page was reached with a cursor (so "first page" is offered). */
  later: boolean;
  now: number;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A draft's date as the person typed it: a real calendar date is written out, anything else shown as is. */
function DraftDate({ date }: { date: string }) {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) ? <DateOnly date={date} /> : <>{date}</>;
}

/** "21:00 – 01:00 (next day)" of a draft's wall-clock times; undefined when it holds none. */
function draftTimes(d: DraftSummary): string | undefined {
  if (d.timeTba) return 'Time to be announced';
  const point = (p: DraftSummary['start']) => (p ? `${p.time}${p.dayOffset ? (p.dayOffset === 1 ? ' (next day)' : p.dayOffset === -1 ? ' (day before)' : ` (+${p.dayOffset} days)`) : ''}` : undefined);
  const start = point(d.start);
  const end = point(d.end);
  if (!start && !end) return undefined;
  return start && end ? `${start} – ${end}` : start ? `from ${start}` : `until ${end}`;
}

/** Where a list continues: the next page, and the first page again when this one is a later one. */
function Pager({ page, more, first }: { page: ListPage<unknown>; more: string; first: string }) {
  if (!page.moreHref && !page.later) return null;
  return (
    <nav class="actions" aria-label="Pages">
      {page.later ? (
        <a class="btn" href={first}>
          Back to the latest
        </a>
      ) : null}
      {page.moreHref ? (
        <a class="btn" href={page.moreHref}>
          {more}
        </a>
      ) : null}
    </nav>
  );
}

function Notice({ children }: { children?: ComponentChildren }) {
  return children ? (
    <div class="notice" role="status">
      {children}
    </div>
  ) : null;
}

/** A page of one of the person's own lists: its items, "no more" past the first page, or an empty state inviting to contribute. */
function OwnList<T>({ page, noMore, none, item }: { page: ListPage<T>; noMore: string; none: string; item: (t: T) => ComponentChildren }) {
  if (page.items.length) return <ul class="own-list">{page.items.map(item)}</ul>;
  if (page.later) return <p class="empty">{noMore}</p>;
  return (
    <div class="empty">
      <p>{none}</p>
      <p>
        <a class="btn primary" href="/contribute">
          Contribute an event
        </a>
      </p>
    </div>
  );
}

/** `/account/drafts`: the person's live drafts, last saved first, each with "Continue". */
export function draftsPage(shell: PageShell, page: ListPage<DraftSummary>) {
  return formPage(
    shell,
    'Your drafts',
    <>
      <p class="muted">
        Events you started and have not published yet, last saved first. A draft is kept for 30 days after you last save it. Published ones are in <a href="/account/contributions">your contributions</a>.
      </p>
      <OwnList page={page} noMore="No more drafts." none="You have no drafts right now." item={(d) => <DraftItem d={d} now={page.now} />} />
      <Pager page={page} more="More drafts" first="/account/drafts" />
    </>,
  );
}

function DraftItem({ d, now }: { d: DraftSummary; now: number }) {
  const times = draftTimes(d);
  const headingId = `draft-${d.draftId}`;
  return (
    <li class="card">
      <h2 id={headingId}>{d.title ? d.title : <span class="muted">Untitled draft</span>}</h2>
      <dl class="facts compact">
        <dt>Community</dt>
        <dd>{d.communitySlug ?? <span class="muted">not chosen</span>}</dd>
        <dt>Date</dt>
        <dd>{d.eventDate ? <DraftDate date={d.eventDate} /> : <span class="muted">not set</span>}</dd>
        <dt>Time</dt>
        <dd>
          {times ?? <span class="muted">not set</span>}
          {d.timezone ? <span class="muted"> ({d.timezone})</span> : null}
        </dd>
        <dt>Posters</dt>
        <dd>{d.posterCount ? plural(d.posterCount, 'poster', 'posters') : 'none'}</dd>
        {d.questionCount ? (
          <>
            <dt>Questions</dt>
            <dd>{plural(d.questionCount, 'open question', 'open questions')}</dd>
          </>
        ) : null}
      </dl>
      <p class="meta">
        Saved <Ago at={d.updatedAt} now={now} />; expires <Ago at={d.expiresAt} now={now} /> unless saved again.
      </p>
      <p class="row-actions">
        <a class="btn primary" href={`/contribute/${encodeURIComponent(d.draftId)}`} aria-describedby={headingId}>
          Continue
        </a>
      </p>
    </li>
  );
}

/** `/account/contributions`: the events the person published, latest first; retracted ones marked and unlinked. */
export function contributionsPage(shell: PageShell, page: ListPage<ContributionSummary>, notice?: ComponentChildren) {
  return formPage(
    shell,
    'Your contributions',
    <>
      <Notice>{notice}</Notice>
      <p class="muted">
        Events you published, latest first. You can correct or retract each of them; drafts you have not published yet are in <a href="/account/drafts">your drafts</a>.
      </p>
      <OwnList page={page} noMore="No more contributions." none="You have not published any events yet." item={(c) => <ContributionItem c={c} now={page.now} />} />
      <Pager page={page} more="More contributions" first="/account/contributions" />
    </>,
  );
}

/** A contributed event's date and time in its own zone (the date alone for a date-only event). */
function ContributionWhen({ c }: { c: ContributionSummary }) {
  if (c.scheduleKind === 'date_only' || c.startAt === undefined) return <DateOnly date={c.eventDate} />;
  const zone = validZone(c.timezone);
  return (
    <>
      <DateOnly date={c.eventDate} />,{' '}
      <time dateTime={isoInstant(c.startAt)}>
        {formatTime(c.startAt, zone)}
        {c.endAt !== undefined ? `–${formatTime(c.endAt, zone)}` : ''}
      </time>{' '}
      <span class="muted small">({zone})</span>
    </>
  );
}

function ContributionItem({ c, now }: { c: ContributionSummary; now: number }) {
  const headingId = `contribution-${c.eventId}`;
  const slug = encodeURIComponent(c.slug);
  const live = !c.retracted;
  return (
    <li class={live ? 'card' : 'card retracted'}>
      <h2 id={headingId}>{live ? <a href={eventPagePath(c.slug)}>{c.title}</a> : c.title}</h2>
      <p class="meta">
        {c.retracted ? <span class="badge cancelled">Retracted</span> : <StatusBadge status={c.status} />} <ContributionWhen c={c} />
      </p>
      <p class="meta">
        {c.communitySlug ? (
          <>
            In <a href={profilePagePath(c.communitySlug, 'community')}>{c.communitySlug}</a>.{' '}
          </>
        ) : null}
        Published <Ago at={c.publishedAt} now={now} />
        {c.retracted && c.retractedAt !== undefined ? (
          <>
            , retracted <Ago at={c.retractedAt} now={now} />: it has no public page any more.
          </>
        ) : (
          '.'
        )}
      </p>
      {c.staffTakeover ? <p class="meta">Staff have taken this event over: you can no longer correct or retract it.</p> : null}
      {live && !c.staffTakeover ? (
        <p class="row-actions">
          <a class="btn" href={`/account/contributions/${slug}/edit`} aria-describedby={headingId}>
            Correct
          </a>
          <a class="btn" href={`/account/contributions/${slug}/retract`} aria-describedby={headingId}>
            Retract
          </a>
        </p>
      ) : null}
    </li>
  );
}

/** What the retraction confirmation page needs: the event and where its page is. */
export interface RetractTarget {
  slug: string;
  title: string;
}

/**
 * The confirmation before a retraction, saying what `EventPublishingService.retract` does: the
 * event leaves every public read at once (page, API read, search, lists, calendar feeds), the
 * record stays (listed as retracted), no correction or undo follows, and staff-managed events
 * cannot be retracted.
 */
export function retractPage(shell: PageShell, target: RetractTarget) {
  const slug = encodeURIComponent(target.slug);
  return formPage(
    shell,
    'Retract this event?',
    <>
      <p>
        You are about to retract <strong>{target.title}</strong>, which you published. When you confirm:
      </p>
      <ul>
        <li>
          Its page (<code>{eventPagePath(target.slug)}</code>) disappears at once: the address answers “Page not found”, like an address that never existed.
        </li>
        <li>It leaves search, the lists of upcoming events, its community’s page and the calendar feeds; subscribed calendars drop it at their next refresh. Its API read answers 404.</li>
        <li>
          The record is kept: it stays in <a href="/account/contributions">your contributions</a>, marked retracted with the time, and the site keeps a record that you retracted it.
        </li>
        <li>It cannot be corrected or published again afterwards. To bring the event back, contribute it again as a new event.</li>
      </ul>
      <form method="post" action={`/account/contributions/${slug}/retract`} class="actions">
        <button type="submit" class="btn danger">
          Retract this event
        </button>
        <a class="btn" href="/account/contributions">
          Keep it published
        </a>
      </form>
    </>,
  );
}
