import { describe, expect, test } from '@jest/globals';
import { DateTime } from 'luxon';
import { civil, dayNumber, local, offsetName, plusMonths, shiftedForward, wallInstant, wallInstants, weekdayOf, zoneOffset } from '../../../src/services/time/engine/civil.js';

const ZONES = ['America/New_York', 'America/Los_Angeles', 'Europe/London', 'Europe/Berlin', 'Asia/Tokyo', 'Australia/Sydney', 'America/Sao_Paulo', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Chatham'];

/** A deterministic spread of instants over 2024–2029, every week, 7 hours and 13 minutes. */
const INSTANTS = Array.from({ length: 260 }, (_, i) => Date.UTC(2024, 0, 1) + i * (7 * 24 + 7) * 3_600_000 + i * 13 * 60_000);

describe('civil calendar and wall clock (against luxon)', () => {
  test.each(ZONES)('when an instant is read in %s, then day, clock and offset equal luxon', (zone) => {
    for (const ms of INSTANTS) {
      const l = local(ms, zone);
      const dt = DateTime.fromMillis(ms, { zone });
      expect([civil(l.day), l.hour, l.minute, l.offset, weekdayOf(l.day)]).toEqual([{ year: dt.year, month: dt.month, day: dt.day }, dt.hour, dt.minute, dt.offset, dt.weekday]);
    }
  });

  test.each(ZONES)('when a wall time is placed in %s, then every instant shows it and luxon agrees on the gap shift', (zone) => {
    for (const ms of INSTANTS) {
      const dt = DateTime.fromMillis(ms, { zone });
      const day = dayNumber(dt.year, dt.month, dt.day);
      for (const hour of [0, 1, 2, 3, 12, 23]) {
        const instants = wallInstants(zone, day, hour, 30);
        for (const at of instants) expect([local(at, zone).hour, local(at, zone).minute]).toEqual([hour, 30]);
        const viaLuxon = DateTime.fromObject({ year: dt.year, month: dt.month, day: dt.day, hour, minute: 30 }, { zone });
        if (instants.length === 0) expect(shiftedForward(zone, day, hour, 30)).toBe(viaLuxon.toMillis());
        else expect(instants).toContain(viaLuxon.toMillis());
        expect(wallInstant(zone, day, hour, 30)).toBe(instants[0] ?? viaLuxon.toMillis());
      }
    }
  });

  test.each(ZONES)('when the offset is asked every 15 minutes of %s\'s 2026 clock-change days, middle of the day first, then it equals luxon', (zone) => {
    let changes = 0;
    for (let day = dayNumber(2026, 1, 1); day < dayNumber(2027, 1, 1); day++) {
      const at = (d: number, minutes: number) => d * 86_400_000 + minutes * 60_000;
      if (DateTime.fromMillis(at(day, 0), { zone }).offset === DateTime.fromMillis(at(day + 1, 0), { zone }).offset) continue;
      changes++;
      // The UTC day of a change and its neighbours, each first asked at its middle (the per-day answer is made then).
      for (const d of [day - 1, day, day + 1]) {
        for (const minutes of [720, ...Array.from({ length: 96 }, (_, i) => i * 15), 1439]) {
          expect([d, minutes, zoneOffset(zone, at(d, minutes))]).toEqual([d, minutes, DateTime.fromMillis(at(d, minutes), { zone }).offset]);
        }
      }
    }
    expect(changes).toBe(['Asia/Tokyo', 'Asia/Kolkata', 'America/Sao_Paulo'].includes(zone) ? 0 : 2);
  });

  test.each(ZONES)('when clocks change in %s during 2026, then every wall time around the change agrees with luxon', (zone) => {
    let changes = 0;
    for (let day = dayNumber(2026, 1, 1); day < dayNumber(2027, 1, 1); day++) {
      const noon = (d: number) => DateTime.fromMillis(d * 86_400_000 + 12 * 3_600_000, { zone }).offset;
      if (noon(day - 1) === noon(day)) continue;
      changes++;
      for (const d of [day - 1, day]) {
        const { year, month, day: dom } = civil(d);
        for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
          const [hour, minute] = [Math.floor(minutes / 60), minutes % 60];
          const viaLuxon = DateTime.fromObject({ year, month, day: dom, hour, minute }, { zone });
          const instants = wallInstants(zone, d, hour, minute);
          if (instants.length === 0) expect(shiftedForward(zone, d, hour, minute)).toBe(viaLuxon.toMillis());
          else expect(instants).toContain(viaLuxon.toMillis());
        }
      }
    }
    expect(changes).toBe(['Asia/Tokyo', 'Asia/Kolkata', 'America/Sao_Paulo'].includes(zone) ? 0 : 2);
  });

  test('when New York falls back, then 01:30 has two instants; when it springs forward, 02:30 has none', () => {
    expect(wallInstants('America/New_York', dayNumber(2026, 11, 1), 1, 30)).toEqual([Date.parse('2026-11-01T01:30:00-04:00'), Date.parse('2026-11-01T01:30:00-05:00')]);
    expect(wallInstants('America/New_York', dayNumber(2026, 3, 8), 2, 30)).toEqual([]);
    expect(shiftedForward('America/New_York', dayNumber(2026, 3, 8), 2, 30)).toBe(Date.parse('2026-03-08T03:30:00-04:00'));
  });

  test('when months are added, then the day is clamped to the month end, leap years included', () => {
    expect(civil(plusMonths(dayNumber(2026, 1, 31), 1))).toEqual({ year: 2026, month: 2, day: 28 });
    expect(civil(plusMonths(dayNumber(2028, 1, 31), 1))).toEqual({ year: 2028, month: 2, day: 29 });
    expect(civil(plusMonths(dayNumber(2026, 12, 15), 1))).toEqual({ year: 2027, month: 1, day: 15 });
    expect(civil(plusMonths(dayNumber(2026, 1, 15), -2))).toEqual({ year: 2025, month: 11, day: 15 });
  });

  test('when an offset is named, then it is the zone abbreviation Intl gives for that season', () => {
    expect(offsetName('America/New_York', Date.parse('2026-01-15T12:00:00Z'))).toBe('EST');
    expect(offsetName('America/New_York', Date.parse('2026-07-15T12:00:00Z'))).toBe('EDT');
  });
});
