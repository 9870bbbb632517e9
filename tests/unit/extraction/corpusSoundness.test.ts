import { describe, expect, test } from '@jest/globals';
import { DateTime } from 'luxon';
import { CLASSES, SHAPES } from '../../../bench/extractionCorpus/templates.js';
import { DIRECTORY, generateCase, generateCases } from '../../../bench/extractionCorpus/generate.js';
import { LANGS } from '../../../bench/extractionCorpus/lang.js';
import { isValidZone } from '../../../src/services/time/engine/civil.js';

/**
 * The generated extraction corpus is sound before it measures anything: its expectations are
 * valid values, its slugs are the fixture directory's, it covers every language, shape and
 * failure class, and a seed always gives the same cases.
 */
const SEED = 20261128;
const CASES = 3000;
const cases = generateCases(SEED, CASES);
const HHMM = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

describe('generated extraction corpus', () => {
  test('when cases are generated, then every expected date, time and zone is a valid value', () => {
    for (const c of cases) {
      const e = c.expected.event;
      if (c.expected.notAnnouncement) {
        expect(Object.values(e).every((v) => v === null)).toBe(true);
        expect(c.expected.lineup).toEqual([]);
        continue;
      }
      expect(e.eventDate).not.toBeNull();
      const day = DateTime.fromISO(e.eventDate!, { zone: e.timezone! });
      expect(day.isValid).toBe(true);
      expect(isValidZone(e.timezone!)).toBe(true);
      expect(isValidZone(c.timeZone)).toBe(true);
      // Announcements are for coming days: on or after the reference day, within three months.
      const today = DateTime.fromMillis(c.referenceInstant, { zone: e.timezone! }).startOf('day');
      const ahead = day.diff(today, 'days').days;
      expect(ahead).toBeGreaterThanOrEqual(0);
      expect(ahead).toBeLessThanOrEqual(80);
      expect(e.start).toMatch(HHMM);
      if (e.end !== null) expect(e.end).toMatch(HHMM);
      expect(e.title).toBeTruthy();
      expect(c.text.length).toBeLessThanOrEqual(12000);
      for (const row of c.expected.lineup) {
        if (row.start !== null) expect(row.start).toMatch(HHMM);
        if (row.end !== null) expect(row.end).toMatch(HHMM);
      }
    }
  });

  test('when a case expects a slug or a known world, then the fixture directory holds it, and each expected name is in the text', () => {
    for (const c of cases) {
      const e = c.expected.event;
      if (e.communitySlug !== null) expect(DIRECTORY.has('community', e.communitySlug)).toBe(true);
      for (const row of c.expected.lineup) {
        if (row.personSlug !== null) expect(DIRECTORY.has('person', row.personSlug)).toBe(true);
        expect(c.text).toContain(row.performerLabel);
      }
      if (e.title !== null) expect(c.text).toContain(e.title);
      if (e.venueLabel !== null && DIRECTORY.resolve('world', e.venueLabel)) expect(c.text).toContain(e.venueLabel);
      if (e.sourceUrl !== null) expect(c.text).toContain(e.sourceUrl);
    }
  });

  test('when 3000 cases are generated, then every language, shape and failure class appears, and each language has at least 40 templates', () => {
    const shapes = new Set(cases.map((c) => c.shape));
    expect([...shapes].sort()).toEqual([...SHAPES].sort());
    expect(new Set(cases.filter((c) => c.shape === 'ja-labelled').map((c) => c.language))).toEqual(new Set(['ja']));
    for (const lang of LANGS) {
      const mine = cases.filter((c) => c.language === lang);
      const classes = new Set(mine.flatMap((c) => c.classes));
      // A zone look-alike word ("et", "ist", "PT") has no Japanese counterpart.
      const wanted = CLASSES.filter((k) => !(lang === 'ja' && k === 'c6-zone-lookalike'));
      expect({ lang, missing: wanted.filter((k) => !classes.has(k)) }).toEqual({ lang, missing: [] });
      expect(new Set(mine.map((c) => c.shape)).size).toBeGreaterThanOrEqual(lang === 'ja' ? 7 : 6);
      expect(new Set(mine.map((c) => c.template)).size).toBeGreaterThanOrEqual(40);
    }
  });

  test('when a case is regenerated alone or with another seed, then the same seed gives the same case and another seed another', () => {
    for (const i of [0, 1, 17, 999, 2999]) {
      expect(generateCase(SEED, i)).toEqual(cases[i]);
      expect(cases[i].id).toBe(`${SEED}:${i}`);
    }
    expect(generateCases(SEED, 50)).toEqual(cases.slice(0, 50));
    const other = generateCases(SEED + 1, 50);
    expect(other.filter((c, i) => c.text === cases[i].text).length).toBeLessThan(5);
  });

  test('when a poster layout is made, then an announcement has its title, date and time lines and a non-announcement only other lines', () => {
    for (const c of cases) {
      const roles = new Set(c.poster.lines.map((l) => l.role));
      if (c.expected.notAnnouncement) expect([...roles]).toEqual(['other']);
      else for (const r of ['title', 'date', 'time'] as const) expect(roles.has(r)).toBe(true);
      expect(c.poster.lines.filter((l) => l.role === 'lineup')).toHaveLength(c.expected.lineup.length);
    }
  });
});
