import { changesAt } from '../../lib/freshness.js';
import type { DiscoveryScope, StoredEvent, WindowKey } from '../../repositories/events.js';
import type { WorldRow } from '../../repositories/worlds.js';
import type { Schemas } from '../../contract/types.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import type { ServiceDeps } from '../context.js';
import { problems } from '../errors.js';
import { isPublicProfile } from '../directory/publicReads.js';
import type { PublicEventsService } from './publicEvents.js';

/** A person's and a world's lists are not paged: at most this many (the digest's bound). */
const UNPAGED_MAX = 24;
/** A world page's recent events ended at most this long ago. */
const RECENT_WINDOW_MS = 30 * 86_400_000;

export interface PageQuery {
  limit?: number;
  cursor?: string;
}

/**
 * Opaque keyset cursors (decisions §1): base64url of `[list, window start, id]`. `list` names
 * the route and its subject (a community's list cursor is refused on another community or on
 * the upcoming list), so a cursor replayed elsewhere answers 400.
 */
function readCursor(list: string, cursor: string | undefined): WindowKey | undefined {
  if (cursor === undefined) return undefined;
  const [tag, startsAt, id] = decodeCursor<[string, number, string]>(cursor, ['string', 'number', 'string']);
  if (tag !== list) throw problems.validation([{ parameter: 'cursor', message: 'this cursor belongs to another list' }]);
  return { startsAt, id };
}

/** One page of a keyset read that fetched `limit + 1` rows. */
function page<T>(rows: T[], limit: number, keyOf: (last: T) => (string | number)[]): { rows: T[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const kept = rows.slice(0, limit);
  return { rows: kept, nextCursor: encodeCursor(keyOf(kept[kept.length - 1])) };
}

/**
 * The public discovery lists (contract 4.4, decisions §3–4): upcoming events across the
 * directory, per community, per performer and per world, and the worlds hosting them. Only
 * `scheduled` and `in_progress` events are listed (in-progress ones until their end), soonest
 * first, paged by keyset on (time window start, id): rows inserted between two pages never make
 * a page skip or repeat a row.
 */
export class EventListsService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly cards: PublicEventsService,
  ) {}

  private async discoverable(list: string, scope: DiscoveryScope, q: PageQuery): Promise<Schemas['PublicEventsResponse']> {
    const limit = q.limit ?? 12;
    const after = readCursor(list, q.cursor);
    const rows = await this.deps.repos.events.listDiscoverable(scope, { now: this.deps.clock.now(), limit, after });
    // Each event leaves the list when its window ends, the row read past the page (which decides
    // `nextCursor`) included: a kept answer is not served past the first of those instants.
    for (const e of rows) changesAt(e.windowEndAt);
    const { rows: events, nextCursor } = page(rows, limit, (e: StoredEvent) => [list, e.windowStartAt, e.id]);
    return { events: await this.cards.previews(events), nextCursor };
  }

  upcoming(q: PageQuery): Promise<Schemas['PublicEventsResponse']> {
    return this.discoverable('upcoming', {}, q);
  }

  async ofCommunity(slug: string, q: PageQuery): Promise<Schemas['PublicEventsResponse']> {
    const community = await this.deps.repos.profiles.findBySlug(slug);
    if (!isPublicProfile(community, 'community')) throw problems.notFound('No public community with this slug.');
    return this.discoverable(`community:${community.id}`, { communityProfileId: community.id }, q);
  }

  /** A person's upcoming events as participant or performer: at most 24, never paged. */
  async ofPerson(slug: string): Promise<Schemas['PublicEventsResponse']> {
    const person = await this.deps.repos.profiles.findBySlug(slug);
    if (!isPublicProfile(person, 'person')) throw problems.notFound('No public person with this slug.');
    const rows = await this.deps.repos.events.listDiscoverable({ personProfileId: person.id }, { now: this.deps.clock.now(), limit: UNPAGED_MAX - 1 });
    for (const e of rows) changesAt(e.windowEndAt);
    return { events: await this.cards.previews(rows.slice(0, UNPAGED_MAX)), nextCursor: null };
  }

  /** A published world's upcoming events (soonest first) and those that ended in the last 30 days (latest first). */
  async ofWorld(slug: string): Promise<Schemas['PublicWorldEventsResponse']> {
    const world = await this.deps.repos.worlds.findBySlug(slug);
    if (!world || world.visibilityStatus !== 'published') throw problems.notFound('No public world with this slug.');
    const now = this.deps.clock.now();
    const [upcoming, recent] = await Promise.all([
      this.deps.repos.events.listDiscoverable({ worldId: world.id }, { now, limit: UNPAGED_MAX - 1 }),
      this.deps.repos.events.listRecentlyEndedInWorld(world.id, { now, since: now - RECENT_WINDOW_MS, limit: UNPAGED_MAX }),
    ]);
    // An upcoming event leaves `upcoming` for `recent` when its window ends, one not read here too
    // (past the rows read: the earliest end of all the world's discoverable events is read then);
    // a recent one leaves when its end falls out of the window. A kept answer is not served past
    // the first of those instants.
    for (const e of upcoming) changesAt(e.windowEndAt);
    if (upcoming.length >= UNPAGED_MAX) {
      const earliest = await this.deps.repos.events.earliestDiscoverableEnd({ worldId: world.id }, now);
      if (earliest !== undefined) changesAt(earliest);
    }
    for (const e of recent) changesAt(e.windowEndAt + RECENT_WINDOW_MS);
    return { upcoming: await this.cards.worldCards(upcoming.slice(0, UNPAGED_MAX)), recent: await this.cards.worldCards(recent) };
  }

  /**
   * Published worlds with at least one discoverable event, by their next event's start, then
   * world id. Walks the discoverable events that have a world in list order and keeps each
   * world at its first event; a later page skips worlds that have an event before its cursor
   * (they were listed on an earlier page). The cursor is the last world's (next start, id).
   */
  async activeWorlds(q: PageQuery): Promise<Schemas['PublicActiveWorldsResponse']> {
    const limit = q.limit ?? 6;
    const cursor = readCursor('active-worlds', q.cursor);
    const now = this.deps.clock.now();
    const { repos } = this.deps;
    const found: { world: WorldRow; next: StoredEvent }[] = [];
    const seen = new Set<string>();
    let after: WindowKey | undefined = cursor && { startsAt: cursor.startsAt, id: '' };
    const byNext = (x: { world: WorldRow; next: StoredEvent }, y: { world: WorldRow; next: StoredEvent }) =>
      x.next.windowStartAt - y.next.windowStartAt || (x.world.id < y.world.id ? -1 : x.world.id > y.world.id ? 1 : 0);
    // Enough once limit + 1 worlds are found and the walk has passed their start instant (worlds
    // whose next events start at the same instant are ordered by world id, not by event).
    const enough = (at: number) => found.length > limit && at > found.sort(byNext)[limit].next.windowStartAt;
    walk: for (let batches = 0; batches < 50; batches++) {
      const events = await repos.events.listDiscoverable({ withWorld: true }, { now, limit: 99, after });
      const fresh = events.filter((e) => !seen.has(e.worldId!));
      const worlds = new Map((await repos.worlds.byIds([...new Set(fresh.map((e) => e.worldId!))])).map((w) => [w.id, w]));
      for (const e of events) {
        if (enough(e.windowStartAt)) break walk;
        if (seen.has(e.worldId!)) continue;
        seen.add(e.worldId!);
        const world = worlds.get(e.worldId!);
        if (world?.visibilityStatus !== 'published') continue;
        if (cursor && (e.windowStartAt < cursor.startsAt || (e.windowStartAt === cursor.startsAt && world.id <= cursor.id))) continue;
        if (cursor && (await repos.events.worldHasDiscoverableBefore(world.id, { startsAt: cursor.startsAt, id: '' }, now))) continue;
        found.push({ world, next: e });
      }
      if (events.length < 100) break;
      const last = events[events.length - 1];
      after = { startsAt: last.windowStartAt, id: last.id };
    }
    found.sort(byNext);
    // Any world's event ending can change a listed world's next event or count, drop a world, or
    // let one skipped before the cursor in: a kept answer is not served past the first such end.
    const earliest = await repos.events.earliestDiscoverableEnd({ anyWorld: true }, now);
    if (earliest !== undefined) changesAt(earliest);
    const listed = found.slice(0, limit);
    const nextCursor = found.length > limit ? encodeCursor(['active-worlds', listed[listed.length - 1].next.windowStartAt, listed[listed.length - 1].world.id]) : null;
    const counts = await repos.events.countDiscoverableByWorld(listed.map((l) => l.world.id), now);
    const previews = await this.cards.previews(listed.map((l) => l.next));
    return {
      worlds: listed.map(({ world: w }, i) => {
        const out: Schemas['PublicActiveWorld'] = { slug: w.slug, displayName: w.displayName, tags: w.tags, activityLabel: 'Hosting upcoming events', upcomingEventCount: counts.get(w.id) ?? 1, nextEvent: previews[i] };
        if (w.summary) out.summary = w.summary;
        if (w.heroImageUrl) out.heroImageUrl = w.heroImageUrl;
        return out;
      }),
      nextCursor,
    };
  }
}
