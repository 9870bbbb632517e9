import type { ComponentChildren } from 'preact';
import { DateTime } from 'luxon';

/**
 * The form pieces the editing pages share (the wizard, the owner's events, the profile editor,
 * the media kit): a labelled control with its hint and error beside it, and the time-zone
 * select with its daylight-saving note.
 */

/** What a labelled control needs to carry: its id, what describes it, and whether it is refused. */
export interface LabelledControl {
  id: string;
  describedBy?: string;
  invalid?: 'true';
}

/**
 * A label, the control (drawn by `children` with the ids it must carry), its hint and its error.
 * The label names the control alone; the hint and the error describe it (`aria-describedby`, and
 * `aria-invalid` while refused), so a screen reader reads the message with the field it concerns.
 * `id` defaults to `field-<name>`.
 */
export function Labelled({ name, id = `field-${name}`, label, hint, error, after, children }: { name: string; id?: string; label: ComponentChildren; hint?: ComponentChildren; error?: string; after?: ComponentChildren; children: (c: LabelledControl) => ComponentChildren }) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {hint ? (
        <span id={`${id}-hint`} class="hint muted small">
          {hint}
        </span>
      ) : null}
      {children({ id, describedBy, invalid: error ? 'true' : undefined })}
      {error ? (
        <span id={`${id}-error`} class="field-error error">
          {error}
        </span>
      ) : null}
      {after}
    </div>
  );
}

/** The IANA zones a select offers, by region, each named by its city ("Buenos Aires — America/Argentina/Buenos_Aires"). */
export const ZONE_GROUPS: readonly { region: string; zones: { id: string; label: string }[] }[] = (() => {
  const byRegion = new Map<string, { id: string; label: string }[]>();
  for (const id of new Set(['UTC', ...Intl.supportedValuesOf('timeZone')])) {
    const parts = id.split('/');
    const region = parts.length > 1 ? parts[0] : 'Other';
    const city = parts[parts.length - 1].replace(/_/g, ' ');
    const list = byRegion.get(region) ?? [];
    list.push({ id, label: id === city ? id : `${city} — ${id}` });
    byRegion.set(region, list);
  }
  return [...byRegion.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([region, zones]) => ({ region, zones: zones.sort((a, b) => a.label.localeCompare(b.label)) }));
})();
const ZONE_IDS = new Set(ZONE_GROUPS.flatMap((g) => g.zones.map((z) => z.id)));

/** Whether `zone` is one the select offers. */
export const isOfferedZone = (zone: string) => ZONE_IDS.has(zone);

/**
 * The time-zone select: zones by region and city; a stored zone the select does not offer is kept
 * as its first option; `emptyLabel` offers "no zone" (the wizard's "the community's zone").
 */
export function ZoneOptions({ value, emptyLabel }: { value: string | undefined; emptyLabel?: string }) {
  return (
    <>
      {emptyLabel !== undefined ? (
        <option value="" selected={!value}>
          {emptyLabel}
        </option>
      ) : null}
      {value && !ZONE_IDS.has(value) ? (
        <option value={value} selected>
          {value}
        </option>
      ) : null}
      {ZONE_GROUPS.map((g) => (
        <optgroup label={g.region}>
          {g.zones.map((z) => (
            <option value={z.id} selected={z.id === value}>
              {z.label}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}

/** What the clocks do in `zone` on `date`: its UTC offset, and a change of offset that day (DST). */
export function zoneNote(zone: string, date: string): string | undefined {
  const day = DateTime.fromISO(date, { zone });
  if (!day.isValid) return undefined;
  const before = day.startOf('day');
  const after = day.endOf('day');
  if (before.offset !== after.offset) {
    return `The clocks change in ${zone} on ${date} (UTC${before.toFormat('ZZ')} → UTC${after.toFormat('ZZ')}): a time the clocks skip is refused, and a time that happens twice asks whether you mean the earlier or the later one.`;
  }
  return `On ${date}, ${zone} is UTC${before.toFormat('ZZ')}.`;
}
