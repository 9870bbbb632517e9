/**
 * The lineup as proposed: each row's clock times placed on the evening (an open hour follows the
 * row before it, or the event's start), and performers matched to people in the directory.
 */
import type { Draft } from './evidence.js';
import { type DirectoryLookup, LIMIT, type LineupRow, type Origin, ptr } from './fields.js';
import { fwd, hhmm, readings, type RowDraft } from './lineupRows.js';
import { find, type Match } from './lookup.js';
import { compact, hasLetters } from './text.js';
import type { Mention } from './mentions.js';

export function resolveLineup(draft: Draft, rows: RowDraft[], origin: Origin) {
  const kept = rows.slice(0, LIMIT.lineup);
  if (rows.length > LIMIT.lineup) {
    const dropped = rows.slice(LIMIT.lineup);
    draft.question(
      ptr('lineup'),
      `The lineup has ${rows.length} rows; only the first ${LIMIT.lineup} are proposed and ${dropped.length} were left out.`,
      dropped.map((r) => r.label ?? r.line.clean).slice(0, LIMIT.alternatives),
    );
  }
  const eventStart = draft.event.start ? Number(draft.event.start.slice(0, 2)) * 60 + Number(draft.event.start.slice(3)) : undefined;

  // Resolved minutes of day, and whether context settled them.
  type Slot = { minutes: number; inferred: boolean } | null | undefined;
  const starts: Slot[] = kept.map(() => undefined);
  const ends: Slot[] = kept.map(() => undefined);

  /** End from its start: the reading that comes soonest after it; a trailing am/pm also covers the start. */
  const settleRange = (i: number) => {
    const t = kept[i].times;
    if (!t.start) return;
    let s = starts[i];
    if (t.end) {
      const endReadings = readings(t.end);
      if (s === undefined && endReadings.length === 1 && !t.start.meridiem && !t.start.h24) {
        // "9-10pm": the start takes the reading that ends soonest before the end.
        const e = endReadings[0];
        const best = readings(t.start).map((r) => ({ r, d: fwd(r, e) })).filter((x) => x.d > 0).sort((a, b) => a.d - b.d)[0];
        if (best && best.d <= 12 * 60) starts[i] = s = { minutes: best.r, inferred: t.end.meridiem !== undefined && best.r >= 720 !== (t.end.meridiem === 'pm') };
      }
      if (s) {
        const best = endReadings.map((r) => ({ r, d: fwd(s!.minutes, r) })).filter((x) => x.d > 0).sort((a, b) => a.d - b.d)[0];
        ends[i] = best && best.d <= 12 * 60 ? { minutes: best.r, inferred: endReadings.length > 1 } : null;
      }
    }
  };

  for (let i = 0; i < kept.length; i++) {
    const t = kept[i].times;
    if (t.start && readings(t.start).length === 1) starts[i] = { minutes: readings(t.start)[0], inferred: false };
    settleRange(i);
  }
  // Forward pass: an open hour follows the row before it (or the event's start), soonest first.
  let prev: number | undefined;
  for (let i = 0; i < kept.length; i++) {
    const t = kept[i].times;
    if (t.start && starts[i] === undefined) {
      const options = readings(t.start);
      let pick: number | undefined;
      if (prev !== undefined) {
        const best = options.map((r) => ({ r, d: fwd(prev!, r) })).sort((a, b) => a.d - b.d)[0];
        if (best.d <= 6 * 60) pick = best.r;
      } else if (eventStart !== undefined) {
        // The first rows sit within the evening of the event: from two hours before its start.
        pick = options.find((r) => fwd((eventStart - 120 + 1440) % 1440, r) < 12 * 60);
      } else {
        // Backward from the next row that says its time.
        const next = starts.slice(i + 1).find((s) => s);
        if (next) {
          const best = options.map((r) => ({ r, d: fwd(r, next.minutes) })).sort((a, b) => a.d - b.d)[0];
          if (best.d <= 6 * 60) pick = best.r;
        }
      }
      if (pick !== undefined) {
        starts[i] = { minutes: pick, inferred: true };
        settleRange(i);
      } else {
        starts[i] = null;
      }
    }
    const s = starts[i];
    const e = ends[i];
    if (e) prev = e.minutes;
    else if (s) prev = s.minutes;
  }

  draft.lineup = kept.map((row, i) => {
    const s = starts[i];
    const e = ends[i];
    const out: LineupRow = {
      performerLabel: row.label,
      personSlug: null,
      roleLabel: row.role,
      start: s ? hhmm(s.minutes) : null,
      end: e ? hhmm(e.minutes) : null,
    };
    const excerpt = row.line.raw;
    if (out.performerLabel) draft.evidence(ptr('lineup', i, 'performerLabel'), origin, excerpt, 'explicit');
    if (out.roleLabel) draft.evidence(ptr('lineup', i, 'roleLabel'), origin, excerpt, row.roleInferred ? 'inferred' : 'explicit');
    if (s) draft.evidence(ptr('lineup', i, 'start'), origin, excerpt, s.inferred ? 'inferred' : 'explicit');
    if (e) draft.evidence(ptr('lineup', i, 'end'), origin, excerpt, e.inferred ? 'inferred' : 'explicit');
    if (row.times.start && !s) {
      draft.question(ptr('lineup', i, 'start'), `"${row.line.clean}": is this in the morning or the evening?`, readings(row.times.start).map(hhmm));
    }
    if (row.times.end && s && !e) {
      draft.question(ptr('lineup', i, 'end'), `"${row.line.clean}": the end time could not be placed after the start.`, readings(row.times.end).map(hhmm));
    } else if (row.times.end && !s && !e && readings(row.times.end).length > 1) {
      draft.question(ptr('lineup', i, 'end'), `"${row.line.clean}": is the end in the morning or the evening?`, readings(row.times.end).map(hhmm));
    } else if (row.times.end && !s && !e) {
      const only = readings(row.times.end)[0];
      out.end = hhmm(only);
      draft.evidence(ptr('lineup', i, 'end'), origin, excerpt, 'explicit');
    }
    return out;
  });
}

export async function readPeople(draft: Draft, lookup: DirectoryLookup, mentions: Mention[] = []) {
  const matches = await Promise.all(
    draft.lineup.map(async (row) => {
      // A b2b row names two people; one slug cannot stand for both.
      if (!row.performerLabel || /(?<![\p{L}])(?:b2b|b3b|vs\.?|x)(?![\p{L}])|\s[&+]\s/iu.test(row.performerLabel)) return { kind: 'none' } as Match;
      // The row is exactly a name or alias the directory knows ("星野カイト"): that person.
      const said = mentions.filter((m) => m.kind === 'person' && compact(m.text) === compact(row.performerLabel!));
      if (said.length === 1) return { kind: 'one', entry: { slug: said[0].slug, displayName: said[0].displayName } } as Match;
      const direct = await find((n) => lookup.people(n), row.performerLabel);
      if (direct.kind !== 'none') return direct;
      // "DJ Name" is often listed as "Name".
      const bare = row.performerLabel.replace(/^(?:dj|vj|mc)\.?\s+/i, '');
      return bare !== row.performerLabel && hasLetters(bare) ? find((n) => lookup.people(n), bare) : direct;
    }),
  );
  matches.forEach((m, i) => {
    const row = draft.lineup[i];
    if (m.kind === 'one') {
      row.personSlug = m.entry.slug;
      draft.evidence(ptr('lineup', i, 'personSlug'), 'lookup', `${row.performerLabel} → person ${m.entry.slug}`, 'explicit');
    } else if (m.kind === 'many') {
      draft.question(
        ptr('lineup', i, 'personSlug'),
        m.exact ? `Several people in the directory are named "${row.performerLabel}"; which one is it?` : `No one in the directory is named exactly "${row.performerLabel}"; is it one of these?`,
        m.entries.map((e) => e.slug),
      );
    }
  });
}
