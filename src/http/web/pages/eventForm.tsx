import type { ComponentChildren } from 'preact';
import { ZoneOptions } from '../ui/forms.js';
import type { Schemas } from '../../../contract/types.js';
import { problems, type AppError } from '../../../services/errors.js';
import type { FieldMessages } from '../sessionForms.js';

/**
 * The event fields form shared by the contribution wizard (`/contribute/{draftId}`) and the
 * correction of a published contribution (`/account/contributions/{slug}/edit`).
 *
 * The form is read flat (no nested parsing): `title`, `start.time`, `start.dayOffset`,
 * `start.occurrence`, `lineup.3.performerLabel`, … A form's values travel as a map of those
 * names to strings, so a refused form is shown again exactly as it was typed.
 */
export type EventFields = Schemas['EventFields'];
export type FormValues = Record<string, string>;
type TimePoint = Schemas['ScheduleTimePoint'];
type LineupEntry = Schemas['LineupEntry'];

export const LINEUP_MAX = 80;
export const TIME_POINTS = ['start', 'end', 'doors'] as const;
const TEXT_FIELDS = ['communitySlug', 'title', 'eventDate', 'timezone', 'venueLabel', 'summary', 'sourceUrl', 'worldSlug'] as const;
const ROW_TEXT = ['performerLabel', 'personSlug', 'roleLabel'] as const;
/** The field groups a form edits (a time point or the lineup counts as one), in form order. */
export const FORM_GROUPS = ['communitySlug', 'title', 'eventDate', 'timeTba', 'timezone', 'start', 'end', 'doors', 'venueLabel', 'worldSlug', 'summary', 'sourceUrl', 'lineup'] as const;
export type FormGroup = (typeof FORM_GROUPS)[number];

const LIMITS: Record<string, number> = { communitySlug: 64, title: 120, eventDate: 10, timezone: 64, venueLabel: 120, summary: 240, sourceUrl: 2048, worldSlug: 64, performerLabel: 120, personSlug: 64, roleLabel: 48 };

const LABELS: Record<string, string> = {
  communitySlug: 'Community',
  title: 'Title',
  eventDate: 'Date',
  timeTba: 'Time to be announced',
  timezone: 'Time zone',
  start: 'Start',
  end: 'End',
  doors: 'Doors open',
  venueLabel: 'Venue',
  worldSlug: 'World',
  summary: 'Summary',
  sourceUrl: 'Source link',
  lineup: 'Lineup',
};
export const groupLabel = (group: string) => LABELS[group] ?? group;

// ---- stored fields ↔ form values ----------------------------------------------------------

function putTime(out: FormValues, name: string, point: TimePoint | null | undefined) {
  if (!point) return;
  out[`${name}.time`] = point.time;
  if (point.dayOffset !== undefined) out[`${name}.dayOffset`] = String(point.dayOffset);
  if (point.occurrence) out[`${name}.occurrence`] = point.occurrence;
}

/** Stored event fields as the form's values. */
export function formValuesOf(fields: EventFields | null | undefined): FormValues {
  const out: FormValues = {};
  if (!fields) return out;
  for (const name of TEXT_FIELDS) {
    const v = fields[name];
    if (typeof v === 'string') out[name] = v;
  }
  if (fields.timeTba) out.timeTba = '1';
  for (const name of TIME_POINTS) putTime(out, name, fields[name]);
  (fields.lineup ?? [])
    .slice()
    .sort((a, b) => a.position - b.position)
    .forEach((row, i) => {
      out[`lineup.${i}.clientKey`] = row.clientKey;
      for (const k of ROW_TEXT) if (typeof row[k] === 'string') out[`lineup.${i}.${k}`] = row[k]!;
      putTime(out, `lineup.${i}.start`, row.start);
      putTime(out, `lineup.${i}.end`, row.end);
    });
  return out;
}

/** The form names a group stands for within `values`. */
export function namesOfGroup(group: FormGroup, values: FormValues): string[] {
  if (group === 'lineup') return Object.keys(values).filter((k) => k.startsWith('lineup.'));
  if ((TIME_POINTS as readonly string[]).includes(group)) return [`${group}.time`, `${group}.dayOffset`, `${group}.occurrence`];
  return [group];
}

/** Whether two value maps agree on a group (empty and absent alike). */
export function sameGroup(group: FormGroup, a: FormValues, b: FormValues): boolean {
  const names = new Set([...namesOfGroup(group, a), ...namesOfGroup(group, b)]);
  for (const n of names) if ((a[n] ?? '').trim() !== (b[n] ?? '').trim()) return false;
  return true;
}

/** Whether a group holds anything in `values`. */
export const groupFilled = (group: FormGroup, values: FormValues) => namesOfGroup(group, values).some((n) => (values[n] ?? '').trim() !== '');

/** The number of lineup rows `values` hold (their indices are 0..n-1 once read). */
export const rowCount = (values: FormValues) => {
  let n = 0;
  for (const k of Object.keys(values)) {
    const m = /^lineup\.(\d+)\./.exec(k);
    if (m) n = Math.max(n, +m[1] + 1);
  }
  return n;
};

/**
 * A submitted form as values: only strings are accepted (a field sent twice, or nested, is a
 * readable 400), lineup rows renumbered 0..n-1 in the order of their indices.
 */
export function readFormValues(body: Record<string, unknown>): { values: FormValues; extra: Record<string, string>; error?: AppError } {
  const values: FormValues = {};
  const extra: Record<string, string> = {};
  const rows = new Map<number, Record<string, string>>();
  const errors: { pointer: string; message: string }[] = [];
  for (const [name, raw] of Object.entries(body)) {
    if (typeof raw !== 'string') {
      errors.push({ pointer: `/${name}`, message: 'was sent more than once; send one value' });
      continue;
    }
    const m = /^lineup\.(\d{1,3})\.(.+)$/.exec(name);
    if (m) {
      const row = rows.get(+m[1]) ?? {};
      row[m[2]] = raw;
      rows.set(+m[1], row);
    } else if (/^(communitySlug|title|eventDate|timeTba|timezone|venueLabel|summary|sourceUrl|worldSlug|(start|end|doors)\.(time|dayOffset|occurrence))$/.test(name)) values[name] = raw;
    else extra[name] = raw;
  }
  if (rows.size > LINEUP_MAX) errors.push({ pointer: '/lineup', message: `holds at most ${LINEUP_MAX} rows` });
  [...rows.keys()]
    .sort((a, b) => a - b)
    .forEach((index, i) => {
      for (const [k, v] of Object.entries(rows.get(index)!)) values[`lineup.${i}.${k}`] = v;
    });
  return { values, extra, error: errors.length ? problems.validation(errors, 'The form holds fields no event field accepts.') : undefined };
}

const text = (v: string | undefined) => {
  const t = (v ?? '').replace(/\r\n/g, '\n').trim();
  return t === '' ? null : t;
};

function timeOf(values: FormValues, name: string): TimePoint | null {
  const time = text(values[`${name}.time`]);
  const offset = text(values[`${name}.dayOffset`]);
  const occurrence = text(values[`${name}.occurrence`]);
  if (time === null) return null;
  // A time input may send seconds ("19:00:00"); the contract's time point is HH:MM.
  const point: Record<string, unknown> = { time: /^\d{2}:\d{2}:\d{2}$/.test(time) ? time.slice(0, 5) : time };
  if (offset !== null && offset !== '0') point.dayOffset = /^-?\d{1,3}$/.test(offset) ? Number(offset) : offset;
  if (occurrence !== null) point.occurrence = occurrence;
  return point as unknown as TimePoint;
}

/**
 * The form's values as event fields, each present (`null` when empty): the whole form replaces
 * what is stored. `clientKeyOf` names rows that came without a key.
 */
export function fieldsOf(values: FormValues, clientKeyOf: (i: number) => string): Record<FormGroup, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of TEXT_FIELDS) out[name] = text(values[name]);
  out.timeTba = values.timeTba ? true : null;
  for (const name of TIME_POINTS) out[name] = timeOf(values, name);
  const lineup: LineupEntry[] = [];
  for (let i = 0; i < rowCount(values); i++) {
    const p = `lineup.${i}`;
    const row: Record<string, unknown> = { clientKey: text(values[`${p}.clientKey`]) ?? clientKeyOf(i), position: lineup.length };
    for (const k of ROW_TEXT) row[k] = text(values[`${p}.${k}`]);
    row.start = timeOf(values, `${p}.start`);
    row.end = timeOf(values, `${p}.end`);
    // A row left wholly empty is no performer.
    if (ROW_TEXT.every((k) => row[k] === null) && row.start === null && row.end === null) continue;
    lineup.push(row as unknown as LineupEntry);
  }
  out.lineup = lineup.length ? lineup : null;
  return out as Record<FormGroup, unknown>;
}

/** The lineup editor's no-script buttons: `add`, `remove:i`, `up:i`, `down:i`; the rows renumbered. */
export function applyRowOp(values: FormValues, op: string, newKey: () => string): FormValues {
  const n = rowCount(values);
  const rows: Record<string, string>[] = [];
  for (let i = 0; i < n; i++) {
    const row: Record<string, string> = {};
    for (const [k, v] of Object.entries(values)) {
      const m = /^lineup\.(\d+)\.(.+)$/.exec(k);
      if (m && +m[1] === i) row[m[2]] = v;
    }
    rows.push(row);
  }
  const m = /^(remove|up|down):(\d{1,3})$/.exec(op);
  if (op === 'add' && rows.length < LINEUP_MAX) rows.push({ clientKey: newKey() });
  else if (m) {
    const i = +m[2];
    if (i < rows.length) {
      if (m[1] === 'remove') rows.splice(i, 1);
      else {
        const j = m[1] === 'up' ? i - 1 : i + 1;
        if (j >= 0 && j < rows.length) [rows[i], rows[j]] = [rows[j], rows[i]];
      }
    }
  }
  const out: FormValues = {};
  for (const [k, v] of Object.entries(values)) if (!k.startsWith('lineup.')) out[k] = v;
  rows.forEach((row, i) => {
    for (const [k, v] of Object.entries(row)) out[`lineup.${i}.${k}`] = v;
  });
  return out;
}

/**
 * A problem's pointer (into a draft record `/fields/start/time`, a patch `/patch/lineup/2/end`
 * or the form itself `/start/dayOffset`) as the form field it concerns.
 */
export function formFieldOf(pointer: string): string | undefined {
  const parts = pointer.split('/').filter(Boolean);
  if (parts[0] === 'fields' || parts[0] === 'patch') parts.shift();
  if (!parts.length) return undefined;
  if (parts[0] === 'lineup') {
    if (parts.length < 3) return 'lineup';
    const [, i, field, sub] = parts;
    if (field === 'start' || field === 'end') return `lineup.${i}.${field}.${sub === 'dayOffset' ? 'dayOffset' : 'time'}`;
    if (field === 'position' || field === 'clientKey') return `lineup.${i}.performerLabel`;
    return `lineup.${i}.${field}`;
  }
  if ((TIME_POINTS as readonly string[]).includes(parts[0])) return `${parts[0]}.${parts[1] === 'dayOffset' || parts[1] === 'occurrence' ? parts[1] : 'time'}`;
  return parts[0];
}

// ---- the form ---------------------------------------------------------------------------

/** A value extraction proposed and the contributor has not accepted or cleared yet. */
export interface Suggestion {
  /** The proposed value as the contributor reads it. */
  shown: string;
  /** Where it was read ("text", "poster"…) and the excerpt behind it. */
  evidence: { origin: string; excerpt: string | null; assessment: string }[];
}

export interface EventFormProps {
  values: FormValues;
  errors?: FieldMessages;
  /** Correction of a published event: the community is fixed, nothing is tentative. */
  mode: 'draft' | 'correction';
  /** Proposed values by group (drafts only). */
  suggestions?: Partial<Record<FormGroup, Suggestion>>;
  /** After a 409: what the contributor had typed, by field name, where it differs from what is shown. */
  mine?: FormValues;
  /** The community's name, shown where it cannot change (corrections). */
  communityName?: string;
}

const idOf = (name: string) => `f-${name.replace(/\./g, '-')}`;

/** The messages of a field: its hint and error, as the input's description. */
function described(name: string, hint: boolean, errors?: FieldMessages, extra?: string) {
  const id = idOf(name);
  const list = [hint ? `${id}-hint` : '', errors?.[name] ? `${id}-error` : '', extra ?? ''].filter(Boolean).join(' ');
  return { 'aria-describedby': list || undefined, 'aria-invalid': errors?.[name] ? ('true' as const) : undefined };
}

function FieldError({ name, errors }: { name: string; errors?: FieldMessages }) {
  const message = errors?.[name];
  return message ? (
    <span id={`${idOf(name)}-error`} class="field-error error">
      {message}
    </span>
  ) : null;
}

/** "Your unsaved text: …" beside a field after a 409, when the latest stored value differs. */
function Mine({ name, values, mine }: { name: string; values: FormValues; mine?: FormValues }) {
  if (!mine || !(name in mine) || (mine[name] ?? '') === (values[name] ?? '')) return null;
  return (
    <span class="mine small" data-mine-for={name}>
      Your unsaved text: <q>{mine[name] || '(empty)'}</q>
    </span>
  );
}

/** The proposal of a group, its evidence and the Accept / Clear buttons (drafts only). */
function Proposal({ group, suggestion }: { group: FormGroup; suggestion?: Suggestion }) {
  if (!suggestion) return null;
  return (
    <div class="suggestion small" id={`${idOf(group)}-suggestion`}>
      <p>
        <span class="badge">Suggested</span> {suggestion.shown}
      </p>
      {suggestion.evidence.length ? (
        <ul class="evidence">
          {suggestion.evidence.map((e) => (
            <li>
              {e.excerpt ? (
                <>
                  From the {e.origin === 'poster' ? 'poster' : e.origin === 'text' ? 'announcement' : e.origin}: <q>{e.excerpt}</q>
                </>
              ) : (
                <>Worked out ({e.origin})</>
              )}
              {e.assessment !== 'explicit' ? <span class="muted"> — {e.assessment === 'conflicting' ? 'the sources disagree' : 'inferred'}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      <div class="actions compact">
        <button type="submit" class="btn small-btn" name="op" value={`accept:${group}`}>
          Accept {groupLabel(group).toLowerCase()}
        </button>
        <button type="submit" class="btn small-btn" name="op" value={`clear:${group}`}>
          Clear {groupLabel(group).toLowerCase()}
        </button>
      </div>
    </div>
  );
}

function TextInput(p: { name: string; label: string; values: FormValues; errors?: FieldMessages; mine?: FormValues; hint?: string; type?: 'text' | 'url'; typeahead?: string; labelInput?: string; extraDescribed?: string; children?: ComponentChildren; autocomplete?: string }) {
  const id = idOf(p.name);
  const key = p.name.split('.').pop()!;
  const kind = { type: p.type ?? 'text' } as { type: 'text' };
  return (
    <div class="field">
      <label for={id}>{p.label}</label>
      {p.hint ? (
        <span id={`${id}-hint`} class="hint muted small">
          {p.hint}
        </span>
      ) : null}
      <input
        id={id}
        {...kind}
        name={p.name}
        value={p.values[p.name] ?? ''}
        maxLength={LIMITS[key]}
        autocomplete={p.autocomplete ?? 'off'}
        data-typeahead={p.typeahead}
        data-label-input={p.labelInput}
        {...described(p.name, !!p.hint, p.errors, p.extraDescribed)}
      />
      <FieldError name={p.name} errors={p.errors} />
      <Mine name={p.name} values={p.values} mine={p.mine} />
      {p.children}
    </div>
  );
}

/** A time point: `HH:MM`, the day offset from the event's date and, for a repeated hour, which one. */
function TimeInputs({ name, legend, values, errors, mine, occurrence = true }: { name: string; legend: string; values: FormValues; errors?: FieldMessages; mine?: FormValues; occurrence?: boolean }) {
  const t = `${name}.time`;
  const d = `${name}.dayOffset`;
  const o = `${name}.occurrence`;
  return (
    <fieldset class="time-point">
      <legend>{legend}</legend>
      <div class="row-fields">
        <div class="field">
          <label for={idOf(t)}>Time (HH:MM)</label>
          <input id={idOf(t)} type="text" name={t} value={values[t] ?? ''} inputMode="numeric" placeholder="19:30" maxLength={8} autocomplete="off" class="short" {...described(t, false, errors, 'dst-note')} />
          <FieldError name={t} errors={errors} />
          <Mine name={t} values={values} mine={mine} />
        </div>
        <div class="field">
          <label for={idOf(d)}>Day</label>
          <select id={idOf(d)} name={d} {...described(d, false, errors)}>
            {[
              ['', 'Automatic'],
              ['-1', 'The day before'],
              ['1', 'The next day'],
              ...[2, 3, 4, 5, 6, 7].map((n) => [String(n), `${n} days later`]),
            ].map(([v, l]) => (
              <option value={v} selected={(values[d] ?? '') === v || (v === '' && values[d] === '0')}>
                {l}
              </option>
            ))}
          </select>
          <FieldError name={d} errors={errors} />
        </div>
        {occurrence ? (
          <div class="field">
            <label for={idOf(o)}>If the clocks go back</label>
            <select id={idOf(o)} name={o} {...described(o, false, errors, 'dst-note')}>
              <option value="" selected={!values[o]}>
                Not needed
              </option>
              <option value="earlier" selected={values[o] === 'earlier'}>
                Earlier (the first time)
              </option>
              <option value="later" selected={values[o] === 'later'}>
                Later (the second time)
              </option>
            </select>
            <FieldError name={o} errors={errors} />
          </div>
        ) : null}
      </div>
    </fieldset>
  );
}

/** One lineup row's inputs; `i` numbers the names. */
export function LineupRow({ i, values, errors, count }: { i: number; values: FormValues; errors?: FieldMessages; count: number }) {
  const p = `lineup.${i}`;
  return (
    <div class="lineup-row" data-row="">
      <p class="row-title">Performer {i + 1}</p>
      <input type="hidden" name={`${p}.clientKey`} value={values[`${p}.clientKey`] ?? ''} />
      <div class="row-fields">
        <TextInput name={`${p}.performerLabel`} label="Name" values={values} errors={errors} />
        <TextInput name={`${p}.personSlug`} label="Profile (slug)" values={values} errors={errors} typeahead="person" labelInput={`${p}.performerLabel`} hint="Optional: a listed person; unknown performers stay names." />
        <TextInput name={`${p}.roleLabel`} label="Role" values={values} errors={errors} />
      </div>
      <div class="row-fields">
        <TimeInputs name={`${p}.start`} legend="Slot start" values={values} errors={errors} occurrence={false} />
        <TimeInputs name={`${p}.end`} legend="Slot end" values={values} errors={errors} occurrence={false} />
      </div>
      <div class="actions compact">
        <button type="submit" class="btn small-btn" name="op" value={`up:${i}`} disabled={i === 0} aria-label={`Move performer ${i + 1} up`}>
          Up
        </button>
        <button type="submit" class="btn small-btn" name="op" value={`down:${i}`} disabled={i === count - 1} aria-label={`Move performer ${i + 1} down`}>
          Down
        </button>
        <button type="submit" class="btn small-btn" name="op" value={`remove:${i}`} aria-label={`Remove performer ${i + 1}`}>
          Remove
        </button>
      </div>
    </div>
  );
}

/** Every event field of a draft or a correction (the surrounding `<form>` is the page's). */
export function EventFields({ values, errors, mode, suggestions = {}, mine, communityName }: EventFormProps) {
  const count = rowCount(values);
  const common = { values, errors, mine };
  const zone = values.timezone ?? '';
  return (
    <>
      {mode === 'draft' ? (
        <TextInput name="communitySlug" label="Community" hint="The community hosting it: type its name to pick it, or its slug (e.g. polygon-painters)." typeahead="community" {...common}>
          <Proposal group="communitySlug" suggestion={suggestions.communitySlug} />
        </TextInput>
      ) : (
        <p>
          <strong>Community:</strong> {communityName ?? values.communitySlug}
        </p>
      )}
      <TextInput name="title" label="Title" {...common}>
        <Proposal group="title" suggestion={suggestions.title} />
      </TextInput>
      <TextInput name="eventDate" label="Date" hint="The local date of the event, as YYYY-MM-DD (e.g. 2027-01-16)." {...common}>
        <Proposal group="eventDate" suggestion={suggestions.eventDate} />
      </TextInput>
      <div class="field checks">
        <label>
          <input type="checkbox" name="timeTba" value="1" checked={!!values.timeTba} {...described('timeTba', false, errors)} /> The time is to be announced (a date-only event)
        </label>
        <FieldError name="timeTba" errors={errors} />
      </div>
      <div class="field">
        <label for={idOf('timezone')}>Time zone</label>
        <span id={`${idOf('timezone')}-hint`} class="hint muted small">
          The zone of the times below. Left empty, the community's zone is used.
        </span>
        <select id={idOf('timezone')} name="timezone" {...described('timezone', true, errors)}>
          <ZoneOptions value={zone} emptyLabel="The community's zone" />
        </select>
        <FieldError name="timezone" errors={errors} />
        <Mine name="timezone" values={values} mine={mine} />
        <Proposal group="timezone" suggestion={suggestions.timezone} />
      </div>
      <p id="dst-note" class="hint muted small note">
        Daylight saving: a time the clocks skip on that day (they spring forward past it) does not exist there, so it cannot be published — choose a time before or after the gap. A time
        the clocks pass twice (they go back) needs you to say which: Earlier is the first time, Later the second. A day left
        “Automatic” is the event’s date (for an end, the next day when the time is before the start).
      </p>
      {TIME_POINTS.map((name) => (
        <>
          <TimeInputs name={name} legend={groupLabel(name)} {...common} />
          <Proposal group={name} suggestion={suggestions[name]} />
        </>
      ))}
      <TextInput name="venueLabel" label="Venue" hint="Where it happens, in words (an instance, a stage…)." {...common}>
        <Proposal group="venueLabel" suggestion={suggestions.venueLabel} />
      </TextInput>
      <TextInput name="worldSlug" label="World" hint="Optional: a listed world, by name or slug." typeahead="world" {...common}>
        <Proposal group="worldSlug" suggestion={suggestions.worldSlug} />
      </TextInput>
      <div class="field">
        <label for={idOf('summary')}>Summary</label>
        <textarea id={idOf('summary')} name="summary" rows={3} maxLength={LIMITS.summary} {...described('summary', false, errors)}>
          {values.summary ?? ''}
        </textarea>
        <FieldError name="summary" errors={errors} />
        <Mine name="summary" values={values} mine={mine} />
        <Proposal group="summary" suggestion={suggestions.summary} />
      </div>
      <TextInput name="sourceUrl" label="Source link" type="url" hint="Optional: where the event was announced (https://…)." {...common}>
        <Proposal group="sourceUrl" suggestion={suggestions.sourceUrl} />
      </TextInput>

      <fieldset class="lineup-editor" id="lineup" data-rows="">
        <legend>Lineup ({count} of {LINEUP_MAX})</legend>
        <FieldError name="lineup" errors={errors} />
        <Proposal group="lineup" suggestion={suggestions.lineup} />
        {Array.from({ length: count }, (_, i) => (
          <LineupRow i={i} values={values} errors={errors} count={count} />
        ))}
        <template data-row-template="">
          <LineupRow i={count} values={{}} count={count + 1} />
        </template>
        <div class="actions compact">
          <button type="submit" class="btn" name="op" value="add" disabled={count >= LINEUP_MAX}>
            Add a performer
          </button>
        </div>
      </fieldset>
    </>
  );
}
