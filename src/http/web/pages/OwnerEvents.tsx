import type { ComponentChildren } from 'preact';
import type { Schemas } from '../../../contract/types.js';
import type { ManagedEvent } from '../../../services/events/ownerEvents.js';
import type { StreamCandidate } from '../../../services/events/streams.js';
import { eventPagePath, profilePagePath } from '../../../lib/pagePaths.js';
import { DateOnly, StatusBadge, When } from '../ui/components.js';
import { FormErrors, type FieldMessages } from '../sessionForms.js';
import { Labelled as SharedLabelled, ZoneOptions, zoneNote } from '../ui/forms.js';

/** A wall-clock time as the form holds it (decisions §4): `HH:MM`, a day offset from the event's date, and which of a repeated hour. */
export interface TimeValues {
  time: string;
  dayOffset: string;
  occurrence: string;
}

export interface SlotValues {
  displayLabel: string;
  personSlug: string;
  roleLabel: string;
  start: TimeValues;
  end: TimeValues;
  /** A stream id, '' for none, or `keep` (a stored choice the performer no longer offers, left as it is). */
  selectedStreamId: string;
  /** Carried unchanged so that replacing the lineup keeps them (not edited on this page). */
  sourceLabel: string;
  sourceUrl: string;
  notes: string;
}

export interface ParticipantValues {
  personSlug: string;
  roleLabel: string;
  sourceLabel: string;
  sourceUrl: string;
  notes: string;
}

/** Everything the owner's event form shows, as typed (strings; the lists as rows). */
export interface EventFormValues {
  title: string;
  eventDate: string;
  timezone: string;
  start: TimeValues;
  end: TimeValues;
  doors: TimeValues;
  summary: string;
  notes: string;
  worldSlug: string;
  watchMode: string;
  watchSurfaceEnabled: boolean;
  slots: SlotValues[];
  participants: ParticipantValues[];
}

export const emptyTime = (): TimeValues => ({ time: '', dayOffset: '', occurrence: '' });
export const emptySlot = (): SlotValues => ({ displayLabel: '', personSlug: '', roleLabel: '', start: emptyTime(), end: emptyTime(), selectedStreamId: '', sourceLabel: '', sourceUrl: '', notes: '' });
export const emptyParticipant = (): ParticipantValues => ({ personSlug: '', roleLabel: '', sourceLabel: '', sourceUrl: '', notes: '' });

/** A labelled control, with the ids of this form (`f-<name>`). */
const Labelled = (p: Parameters<typeof SharedLabelled>[0]) => SharedLabelled({ ...p, id: p.id ?? `f-${p.name.replace(/[^A-Za-z0-9_-]/g, '-')}` });

const DAY_OFFSETS = ['-1', '0', '1', '2', '3', '4', '5', '6', '7'];
const dayOffsetLabel = (o: string) => (o === '-1' ? 'The day before' : o === '0' ? 'The event’s date' : o === '1' ? 'The next day' : `${o} days later`);

/**
 * A wall-clock time: `HH:MM`, its day (from the event's date; "Automatic" puts an end or a slot
 * after what precedes it, as its hint says) and, only when asked for or set, which of a repeated hour.
 */
function TimeFields({ name, label, value, errors, auto, withDay = true }: { name: string; label: string; value: TimeValues; errors: FieldMessages; auto?: string; withDay?: boolean }) {
  const occurrenceAsked = !!errors[`${name}.occurrence`] || !!value.occurrence;
  return (
    <div class="time-point">
      <Labelled name={`${name}.time`} label={label} hint="24-hour HH:MM" error={errors[`${name}.time`]}>
        {(c) => (
          <input
            id={c.id}
            name={`${name}.time`}
            value={value.time}
            inputmode="numeric"
            pattern="([01][0-9]|2[0-3]):[0-5][0-9]"
            placeholder="HH:MM"
            maxLength={5}
            size={6}
            aria-invalid={c.invalid}
            aria-describedby={c.describedBy}
          />
        )}
      </Labelled>
      {withDay ? (
        <Labelled name={`${name}.dayOffset`} label={`${label}: day`} hint={auto ? `Automatic ${auto}.` : undefined} error={errors[`${name}.dayOffset`]}>
          {(c) => (
            <select id={c.id} name={`${name}.dayOffset`} aria-invalid={c.invalid} aria-describedby={c.describedBy}>
              {auto ? (
                <option value="" selected={value.dayOffset === ''}>
                  Automatic
                </option>
              ) : null}
              {DAY_OFFSETS.map((o) => (
                <option value={o} selected={value.dayOffset === o || (!auto && value.dayOffset === '' && o === '0')}>
                  {dayOffsetLabel(o)}
                </option>
              ))}
            </select>
          )}
        </Labelled>
      ) : null}
      {occurrenceAsked ? (
        <Labelled name={`${name}.occurrence`} label={`${label}: which one`} hint="This time happens twice that night (the clocks go back)." error={errors[`${name}.occurrence`]}>
          {(c) => (
            <select id={c.id} name={`${name}.occurrence`} aria-invalid={c.invalid} aria-describedby={c.describedBy}>
              <option value="" selected={!value.occurrence}>
                Choose
              </option>
              <option value="earlier" selected={value.occurrence === 'earlier'}>
                The earlier one (before the clocks go back)
              </option>
              <option value="later" selected={value.occurrence === 'later'}>
                The later one (after the clocks go back)
              </option>
            </select>
          )}
        </Labelled>
      ) : null}
    </div>
  );
}

/** A row's buttons: they submit the form (no script) or act in place (the editor script). */
function RowButtons({ action: formAction, list, i, count, what }: { action: string; list: string; i: number; count: number; what: string }) {
  const action = `${formAction}?rows=${list}`;
  return (
    <div class="actions row-actions">
      <button type="submit" class="btn" name="op" value={`up:${i}`} formaction={action} formnovalidate disabled={i === 0} aria-label={`Move ${what} ${i + 1} up`}>
        Up
      </button>
      <button type="submit" class="btn" name="op" value={`down:${i}`} formaction={action} formnovalidate disabled={i === count - 1} aria-label={`Move ${what} ${i + 1} down`}>
        Down
      </button>
      <button type="submit" class="btn" name="op" value={`remove:${i}`} formaction={action} formnovalidate aria-label={`Remove ${what} ${i + 1}`}>
        Remove
      </button>
    </div>
  );
}

const hidden = (name: string, value: string) => (value ? <input type="hidden" name={name} value={value} /> : null);

/** The stream a slot plays (contract 2.8): one of its performer's live stream links, or none. */
function StreamSelect({ name, value, choices, personSlug, error }: { name: string; value: string; choices: StreamCandidate[] | undefined; personSlug: string; error?: string }) {
  const offered = choices ?? [];
  const kept = value && value !== 'keep' && !offered.some((c) => c.streamId === value) ? value : undefined;
  const hint = !personSlug
    ? 'Name the performer by their profile to choose one of their streams.'
    : choices === undefined
      ? 'No public person profile has this slug.'
      : offered.length
        ? 'One of the performer’s public live stream links. After changing the performer, use “Show stream choices”.'
        : 'The performer has no public live stream link.';
  return (
    <Labelled name={name} label="Stream" hint={hint} error={error}>
      {(c) => (
        <select id={c.id} name={name} aria-invalid={c.invalid} aria-describedby={c.describedBy}>
          <option value="" selected={!value}>
            No stream chosen
          </option>
          {offered.map((s) => (
            <option value={s.streamId} selected={value === s.streamId}>
              {s.streamId}
            </option>
          ))}
          {value === 'keep' ? (
            <option value="keep" selected>
              The stream chosen before (no longer offered by the performer)
            </option>
          ) : null}
          {kept ? (
            <option value={kept} selected>
              {kept}
            </option>
          ) : null}
        </select>
      )}
    </Labelled>
  );
}

function SlotRow({ action, i, slot, count, errors, choices }: { action: string; i: number; slot: SlotValues; count: number; errors: FieldMessages; choices: Map<string, StreamCandidate[]> }) {
  const at = `slots.${i}`;
  return (
    <fieldset data-row="">
      <legend>Slot {i + 1}</legend>
      <Labelled name={`${at}.displayLabel`} label="Performer name" hint="As it shows in the lineup." error={errors[`${at}.displayLabel`]}>
        {(c) => <input id={c.id} name={`${at}.displayLabel`} value={slot.displayLabel} maxLength={120} aria-invalid={c.invalid} aria-describedby={c.describedBy} />}
      </Labelled>
      <Labelled name={`${at}.personSlug`} label="Performer profile (slug)" hint="Optional: links the slot to the performer’s profile and their streams." error={errors[`${at}.personSlug`]}>
        {(c) => (
          <input
            id={c.id}
            name={`${at}.personSlug`}
            value={slot.personSlug}
            maxLength={160}
            autocomplete="off"
            data-typeahead="person"
            data-label-input={`${at}.displayLabel`}
            aria-invalid={c.invalid}
            aria-describedby={c.describedBy}
          />
        )}
      </Labelled>
      <Labelled name={`${at}.roleLabel`} label="Role" hint="Optional, such as DJ or Host." error={errors[`${at}.roleLabel`]}>
        {(c) => <input id={c.id} name={`${at}.roleLabel`} value={slot.roleLabel} maxLength={48} aria-invalid={c.invalid} aria-describedby={c.describedBy} />}
      </Labelled>
      <div class="time-row">
        <TimeFields name={`${at}.start`} label={`Slot ${i + 1} start`} value={slot.start} errors={errors} auto="puts it after midnight when it is earlier than the start" />
        <TimeFields name={`${at}.end`} label={`Slot ${i + 1} end`} value={slot.end} errors={errors} auto="puts it after the slot’s start" />
      </div>
      <StreamSelect name={`${at}.selectedStreamId`} value={slot.selectedStreamId} choices={choices.get(slot.personSlug.trim())} personSlug={slot.personSlug.trim()} error={errors[`${at}.selectedStreamId`]} />
      {hidden(`${at}.sourceLabel`, slot.sourceLabel)}
      {hidden(`${at}.sourceUrl`, slot.sourceUrl)}
      {hidden(`${at}.notes`, slot.notes)}
      <RowButtons action={action} list="slots" i={i} count={count} what="slot" />
    </fieldset>
  );
}

function ParticipantRow({ action, i, p, count, errors }: { action: string; i: number; p: ParticipantValues; count: number; errors: FieldMessages }) {
  const at = `participants.${i}`;
  return (
    <fieldset data-row="">
      <legend>Participant {i + 1}</legend>
      <Labelled name={`${at}.personSlug`} label="Person profile (slug)" error={errors[`${at}.personSlug`]}>
        {(c) => <input id={c.id} name={`${at}.personSlug`} value={p.personSlug} maxLength={160} autocomplete="off" data-typeahead="person" aria-invalid={c.invalid} aria-describedby={c.describedBy} />}
      </Labelled>
      <Labelled name={`${at}.roleLabel`} label="Role" hint="Optional, such as Host or Visuals." error={errors[`${at}.roleLabel`]}>
        {(c) => <input id={c.id} name={`${at}.roleLabel`} value={p.roleLabel} maxLength={48} aria-invalid={c.invalid} aria-describedby={c.describedBy} />}
      </Labelled>
      {hidden(`${at}.sourceLabel`, p.sourceLabel)}
      {hidden(`${at}.sourceUrl`, p.sourceUrl)}
      {hidden(`${at}.notes`, p.notes)}
      <RowButtons action={action} list="participants" i={i} count={count} what="participant" />
    </fieldset>
  );
}

export interface EventFormProps {
  action: string;
  values: EventFormValues;
  errors?: FieldMessages;
  choices: Map<string, StreamCandidate[]>;
  /** Create: the idempotency key made with this form, kept on every resubmit. */
  idempotencyKey?: string;
  /** Edit: the revision the form shows. */
  expectedUpdatedAt?: number;
  submitLabel: string;
  notice?: ComponentChildren;
  cancelHref: string;
}

/** The owner's event form (create and edit): the event, its lineup slots with their streams, its participants and its watch mode. */
export function EventForm({ action, values, errors = {}, choices, idempotencyKey, expectedUpdatedAt, submitLabel, notice, cancelHref }: EventFormProps) {
  const text = (name: keyof EventFormValues & string, label: string, opts: { hint?: string; max?: number; required?: boolean } = {}) => (
    <Labelled name={name} label={label} hint={opts.hint} error={errors[name]}>
      {(c) => (
        <input
          id={c.id}
          name={name}
          value={values[name] as string}
          maxLength={opts.max}
          required={opts.required}
          aria-invalid={c.invalid}
          aria-describedby={c.describedBy}
        />
      )}
    </Labelled>
  );
  const zoneHint = zoneNote(values.timezone || 'UTC', values.eventDate);
  return (
    <>
      {notice}
      <FormErrors errors={errors} />
      <form method="post" action={action} class="form owner-event" data-unsaved="">
        {idempotencyKey ? <input type="hidden" name="idempotencyKey" value={idempotencyKey} /> : null}
        {expectedUpdatedAt !== undefined ? <input type="hidden" name="expectedUpdatedAt" value={String(expectedUpdatedAt)} /> : null}
        <h2>The event</h2>
        {text('title', 'Title', { max: 120, required: true })}
        {text('eventDate', 'Date', { required: true, max: 10, hint: 'The day it starts in the event’s time zone, as YYYY-MM-DD (such as 2026-12-11).' })}
        <Labelled name="timezone" label="Time zone" hint={`The times below are wall-clock times in this zone.${zoneHint ? ` ${zoneHint}` : ''}`} error={errors.timezone}>
          {(c) => (
            <select id={c.id} name="timezone" aria-invalid={c.invalid} aria-describedby={c.describedBy}>
              <ZoneOptions value={values.timezone} />
            </select>
          )}
        </Labelled>
        <p class="muted small">
          A time the clocks skip when they go forward does not exist and is refused; a time that happens twice when they go back asks which one you mean.
        </p>
        <div class="time-row">
          <TimeFields name="start" label="Start" value={values.start} errors={errors} withDay={false} />
          <TimeFields name="end" label="End" value={values.end} errors={errors} auto="puts it after the start" />
          <TimeFields name="doors" label="Doors open" value={values.doors} errors={errors} />
        </div>
        <Labelled name="summary" label="Summary" hint="Optional, up to 240 characters." error={errors.summary}>
          {(c) => (
            <textarea id={c.id} name="summary" rows={3} maxLength={240} aria-invalid={c.invalid} aria-describedby={c.describedBy}>
              {values.summary}
            </textarea>
          )}
        </Labelled>
        <Labelled name="worldSlug" label="World (slug)" hint="Optional: the published world it takes place in." error={errors.worldSlug}>
          {(c) => <input id={c.id} name="worldSlug" value={values.worldSlug} maxLength={160} autocomplete="off" data-typeahead="world" aria-invalid={c.invalid} aria-describedby={c.describedBy} />}
        </Labelled>
        <Labelled name="notes" label="Notes for the community’s managers" hint="Private: never shown on public pages." error={errors.notes}>
          {(c) => (
            <textarea id={c.id} name="notes" rows={2} maxLength={1200} aria-invalid={c.invalid} aria-describedby={c.describedBy}>
              {values.notes}
            </textarea>
          )}
        </Labelled>

        <h2>Lineup</h2>
        <fieldset data-rows="slots">
          <legend>Slots</legend>
          {values.slots.length ? null : <p class="muted">No slots yet.</p>}
          {values.slots.map((slot, i) => (
            <SlotRow action={action} i={i} slot={slot} count={values.slots.length} errors={errors} choices={choices} />
          ))}
          <template data-row-template="">
            <SlotRow action={action} i={values.slots.length} slot={emptySlot()} count={values.slots.length + 1} errors={{}} choices={new Map()} />
          </template>
          <div class="actions">
            <button type="submit" class="btn" name="op" value="add" formaction={`${action}?rows=slots`} formnovalidate>
              Add a slot
            </button>
            <button type="submit" class="btn" name="op" value="refresh" formnovalidate>
              Show stream choices
            </button>
          </div>
        </fieldset>

        <fieldset data-rows="participants">
          <legend>Participants</legend>
          <p class="muted small">People taking part beside the lineup (hosts, visuals, crew), each by their profile.</p>
          {values.participants.map((p, i) => (
            <ParticipantRow action={action} i={i} p={p} count={values.participants.length} errors={errors} />
          ))}
          <template data-row-template="">
            <ParticipantRow action={action} i={values.participants.length} p={emptyParticipant()} count={values.participants.length + 1} errors={{}} />
          </template>
          <div class="actions">
            <button type="submit" class="btn" name="op" value="add" formaction={`${action}?rows=participants`} formnovalidate>
              Add a participant
            </button>
          </div>
        </fieldset>

        <h2>Watching</h2>
        <Labelled name="watchMode" label="Watch mode" hint="What the event page’s player shows." error={errors.watchMode}>
          {(c) => (
            <select id={c.id} name="watchMode" aria-invalid={c.invalid} aria-describedby={c.describedBy}>
              <option value="event_stream" selected={values.watchMode !== 'performer_sequence'}>
                One stream for the whole event
              </option>
              <option value="performer_sequence" selected={values.watchMode === 'performer_sequence'}>
                Each slot plays its performer’s chosen stream
              </option>
            </select>
          )}
        </Labelled>
        <div class="checks">
          <label>
            <input type="checkbox" name="watchSurfaceEnabled" value="on" checked={values.watchSurfaceEnabled} /> Offer watching on the event page
          </label>
        </div>

        <div class="actions">
          <button type="submit" class="btn primary" name="op" value="save">
            {submitLabel}
          </button>
          <a class="btn" href={cancelHref}>
            Back without saving
          </a>
        </div>
      </form>
    </>
  );
}

/** One event in the manage list: its date, title, status and the way to edit it. */
function EventRows({ events, empty }: { events: ManagedEvent[]; empty: string }) {
  if (!events.length) return <p class="empty">{empty}</p>;
  return (
    <div class="table-wrap" tabindex={0} role="region" aria-label={empty.startsWith('No upcoming') ? 'Upcoming events' : 'Past events'}>
      <table>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Event</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span class="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {events.map(({ event: e, status }) => (
            <tr>
              <td>{e.scheduleKind === 'date_only' || e.startAt === null ? <DateOnly date={e.eventDate} /> : <When at={e.startAt} zone={e.timezone ?? 'UTC'} />}</td>
              <td>
                <a href={eventPagePath(e.slug)}>{e.title}</a>
                {e.sourceType !== 'manual' ? <span class="muted small"> (contributed)</span> : null}
              </td>
              <td>
                <StatusBadge status={status} />
              </td>
              <td>
                <a class="btn" href={`/manage/events/${encodeURIComponent(e.slug)}`} aria-label={`Edit ${e.title}`}>
                  Edit
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A community's events for its owner: upcoming and past, with "New event". */
export function ManageEventsBody({ community, events }: { community: { slug: string; displayName: string }; events: ManagedEvent[] }) {
  const upcoming = events.filter((e) => !e.past).reverse();
  const past = events.filter((e) => e.past);
  return (
    <>
      <p>
        Events of <a href={profilePagePath(community.slug, 'community')}>{community.displayName}</a>, as its owner manages them. Cancelled events stay listed here and on their page.
      </p>
      <div class="actions">
        <a class="btn primary" href={`/manage/${encodeURIComponent(community.slug)}/events/new`}>
          New event
        </a>
      </div>
      <h2>Upcoming</h2>
      <EventRows events={upcoming} empty="No upcoming events." />
      <h2>Past</h2>
      <EventRows events={past} empty="No past events." />
    </>
  );
}

/** The status line of the edit page: what the public sees, and cancelling or restoring. */
export function EventStatusPanel({ slug, status, expectedUpdatedAt }: { slug: string; status: Schemas['EventStatus']; expectedUpdatedAt: number }) {
  const base = `/manage/events/${encodeURIComponent(slug)}`;
  return (
    <div class="notice">
      <p>
        Status: <StatusBadge status={status} /> — <a href={eventPagePath(slug)}>see the public page</a>
      </p>
      {status === 'cancelled' ? (
        <form method="post" action={`${base}/restore`} class="actions">
          <input type="hidden" name="expectedUpdatedAt" value={String(expectedUpdatedAt)} />
          <button type="submit" class="btn">
            Restore the event
          </button>
        </form>
      ) : (
        <p>
          <a href={`${base}/cancel`}>Cancel the event…</a>
        </p>
      )}
    </div>
  );
}
