import crypto from 'node:crypto';
import express, { type NextFunction, type Request, type RequestHandler, type Response, Router } from 'express';
import type { ComponentChildren } from 'preact';
import { DateTime } from 'luxon';
import type { Config } from '../../config.js';
import type { Services } from '../../services/index.js';
import type { Schemas } from '../../contract/types.js';
import { createAjv } from '../../contract/ajv.js';
import { contractDocument } from '../../contract/document.js';
import { AppError } from '../../services/errors.js';
import type { OwnerEventView } from '../../services/events/ownerEvents.js';
import { computeSchedule, type TimePoint } from '../../services/events/schedule.js';
import type { StreamCandidate } from '../../services/events/streams.js';
import { dayNumber, wallInstants } from '../../services/time/engine/civil.js';
import { unstorableText } from '../../services/sanitize.js';
import { sendHtml } from '../encoding.js';
import { hasBadEscape } from '../requestGuards.js';
import type { PageGuards } from './accountPages.js';
import { pageHeaders } from './pageHeaders.js';
import { sendNotFound } from './publicPages.js';
import { errorPage, formPage } from './pages/Account.js';
import {
  emptyParticipant,
  emptySlot,
  emptyTime,
  EventForm,
  EventStatusPanel,
  ManageEventsBody,
  type EventFormValues,
  type ParticipantValues,
  type SlotValues,
  type TimeValues,
} from './pages/OwnerEvents.js';
import { fieldMessages, type FieldMessages, type SessionForms, type SessionRequest } from './sessionForms.js';

/** Lineup and roster rows a form may hold (the contract's 80 entries). */
const MAX_ROWS = 80;
/** The form body limit: 80 slots and 80 participants with every field at its maximum fit well within. */
const FORM_LIMIT = '512kb';
const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{1,128}$/;

type Body = Record<string, string>;
type Mode = 'create' | 'update';

/**
 * The owner's event pages (contract 4.8, decisions §4): a community's events
 * (`/manage/{communitySlug}/events`), the event form to create one (`…/events/new`) and to edit,
 * cancel and restore one (`/manage/events/{eventSlug}`). They are a third door into
 * `OwnerEventsService`, beside `createCurrentUserCommunityEvent` and
 * `updateCurrentUserCommunityEvent`, whose rate limits each form counts in. Anyone but the
 * community's active owner gets the one 404 page.
 *
 * The form holds wall-clock times (date, `HH:MM`, a day offset, the IANA zone); they become the
 * operation's instants through the intake's schedule rules (`computeSchedule`: a time the clocks
 * skip is refused, a repeated one asks which). Lineup rows are `slots.<i>.<field>`, roster rows
 * `participants.<i>.<field>`; without the editor script their buttons (`op` = `add`,
 * `remove:<i>`, `up:<i>`, `down:<i>`, posted to `?rows=slots|participants`) re-render the form.
 * A create carries an idempotency key made with the form and kept on every resubmit, so a second
 * send replays the first event; an edit carries the revision it shows (`expectedUpdatedAt`), and
 * a write over a newer one answers 409 with the typed values kept.
 */
export function ownerEventRoutes(config: Config, services: Services, guards: PageGuards, forms: SessionForms): Router {
  const router = Router();
  const { loadUser, requireUser, sameOrigin } = guards;
  // The form's typeahead asks the public search API (same origin).
  const headers = pageHeaders({ noStore: true, connect: ["'self'"] });
  const base = [headers, loadUser, requireUser] as RequestHandler[];

  const contract = contractDocument();
  const ajv = createAjv();
  ajv.addSchema(contract, 'openapi.json');
  const validCreate = ajv.compile<Schemas['ApiEventCreateRequest']>({ $ref: 'openapi.json#/components/schemas/ApiEventCreateRequest' });
  const validUpdate = ajv.compile<Schemas['ApiEventUpdateRequest']>({ $ref: 'openapi.json#/components/schemas/ApiEventUpdateRequest' });

  const shell = (req: SessionRequest) => forms.shellOf(req);
  const page = (req: SessionRequest, res: Response, status: number, title: string, body: ComponentChildren) => sendHtml(res.status(status), formPage(shell(req), title, body, { wide: true, editor: true }));
  const refusedPage = (req: SessionRequest, res: Response, status: number, message: string) => sendHtml(res.status(status), errorPage(shell(req), status === 413 ? 'Form too large' : 'Form refused', message));

  /**
   * The form body, flat: every field one string. No body, another media type, undecodable text,
   * NUL or a lone surrogate, or a field sent twice answer a readable 400 page (too large: 413).
   */
  const parse = express.urlencoded({ extended: false, limit: FORM_LIMIT, parameterLimit: 4000, verify: (_req, _res, buf) => { if (hasBadEscape(buf.toString('latin1'))) throw new Error('undecodable form body'); } });
  const readBody: RequestHandler = (req, res, next) =>
    parse(req, res, (err?: unknown) => {
      const r = req as SessionRequest;
      if (err) {
        const status = (err as { status?: number }).status === 413 ? 413 : 400;
        return refusedPage(r, res, status, status === 413 ? 'The form is larger than this page accepts. Nothing was saved.' : 'The form could not be read (it is not a valid form body). Nothing was saved.');
      }
      if (!req.is('application/x-www-form-urlencoded') || typeof req.body !== 'object' || req.body === null) return refusedPage(r, res, 400, 'This page accepts a form body only. Nothing was saved.');
      for (const value of Object.values(req.body as Record<string, unknown>)) {
        if (typeof value !== 'string') return refusedPage(r, res, 400, 'A field was sent more than once. Nothing was saved.');
        if (unstorableText(value)) return refusedPage(r, res, 400, 'The form holds text no field accepts (a NUL character or broken Unicode). Nothing was saved.');
      }
      next();
    });

  /** A service refusal that is not about the form: the one 404 page for what the person does not own, 503 readable. */
  const failed = (req: SessionRequest, res: Response, err: unknown, next: NextFunction) => {
    if (err instanceof AppError && (err.status === 404 || err.status === 403)) return sendNotFound(req, res, config.publicBaseUrl);
    if (err instanceof AppError && err.status === 503) {
      res.setHeader('Retry-After', String(err.options.retryAfterSeconds ?? 5));
      return refusedPage(req, res, 503, 'Saving events is unavailable for a moment. Nothing was saved; try again shortly.');
    }
    next(err);
  };

  const param = (req: Request, name: string) => String(req.params[name]);
  const managePath = (slug: string) => `/manage/events/${encodeURIComponent(slug)}`;

  // ---- the community's events ----------------------------------------------------------------

  router.get('/manage/:communitySlug/events', ...base, async (req: SessionRequest, res, next) => {
    try {
      const { community, events } = await services.ownerEvents.communityEvents(forms.actorOf(req), param(req, 'communitySlug'));
      page(req, res, 200, `Events of ${community.displayName}`, <ManageEventsBody community={community} events={events} />);
    } catch (err) {
      failed(req, res, err, next);
    }
  });

  // ---- create --------------------------------------------------------------------------------

  const newPath = (communitySlug: string) => `/manage/${encodeURIComponent(communitySlug)}/events/new`;
  const showNew = async (req: SessionRequest, res: Response, status: number, community: { slug: string; displayName: string }, values: EventFormValues, key: string, errors?: FieldMessages, notice?: ComponentChildren) =>
    page(
      req,
      res,
      status,
      `New event of ${community.displayName}`,
      <EventForm
        action={newPath(community.slug)}
        values={values}
        errors={errors}
        choices={await choicesOf(values)}
        idempotencyKey={key}
        submitLabel="Publish the event"
        notice={notice}
        cancelHref={`/manage/${encodeURIComponent(community.slug)}/events`}
      />,
    );

  router.get('/manage/:communitySlug/events/new', ...base, async (req: SessionRequest, res, next) => {
    try {
      const community = await services.ownerEvents.managedCommunityBySlug(forms.actorOf(req), param(req, 'communitySlug'));
      const values: EventFormValues = { ...blankValues(), timezone: zoneOf(community.timezone) };
      await showNew(req, res, 200, community, values, crypto.randomUUID());
    } catch (err) {
      failed(req, res, err, next);
    }
  });

  router.post('/manage/:communitySlug/events/new', ...base, sameOrigin, forms.admit('createCurrentUserCommunityEvent'), readBody, async (req: SessionRequest, res, next) => {
    try {
      const actor = forms.actorOf(req);
      const community = await services.ownerEvents.managedCommunityBySlug(actor, param(req, 'communitySlug'));
      const body = req.body as Body;
      const values = valuesOf(body);
      const key = IDEMPOTENCY_KEY.test(body.idempotencyKey ?? '') ? body.idempotencyKey : crypto.randomUUID();
      if (applyOp(values, body.op, req.query.rows)) return showNew(req, res, 200, community, values, key);
      const built = requestOf(values, 'create', zoneOf(community.timezone));
      if (!built.body) return showNew(req, res, 400, community, values, key, built.errors);
      const input = { ...built.body, communitySlug: community.slug };
      if (!validCreate(input)) return showNew(req, res, 400, community, values, key, schemaMessages(validCreate.errors, built.fieldOf));
      try {
        const created = await services.ownerEvents.create(actor, input, key);
        res.redirect(303, `${managePath(created.slug)}?done=created`);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        if (err.status === 400) return showNew(req, res, 400, community, values, key, fieldMessages(err, built.fieldOf));
        if (err.status === 409) {
          // This form already published an event, and was changed since: a new key makes a new event.
          return showNew(req, res, 409, community, values, crypto.randomUUID(), { '': 'This form already published an event, so these changed values were not saved. Send the form again to publish them as another event, or find the first one in your community’s events.' });
        }
        throw err;
      }
    } catch (err) {
      failed(req, res, err, next);
    }
  });

  // ---- edit, cancel, restore -----------------------------------------------------------------

  const NOTICES: Record<string, string> = {
    created: 'The event is published.',
    saved: 'Your changes are saved.',
    cancelled: 'The event is cancelled: its page and calendar entries say so, and it has left the lists of upcoming events.',
    restored: 'The event is restored: it is back in the lists of upcoming events.',
  };

  const showEdit = async (req: SessionRequest, res: Response, status: number, view: OwnerEventView, values: EventFormValues, expectedUpdatedAt: number, errors?: FieldMessages, notice?: ComponentChildren) =>
    page(
      req,
      res,
      status,
      `Edit “${view.event.title}”`,
      <EventForm
        action={managePath(view.event.slug)}
        values={values}
        errors={errors}
        choices={await choicesOf(values)}
        expectedUpdatedAt={expectedUpdatedAt}
        submitLabel="Save the changes"
        notice={
          <>
            {notice}
            <EventStatusPanel slug={view.event.slug} status={view.status} expectedUpdatedAt={view.event.updatedAt} />
          </>
        }
        cancelHref={`/manage/${encodeURIComponent(view.community.slug)}/events`}
      />,
    );

  const done = (req: Request) => {
    const message = typeof req.query.done === 'string' ? NOTICES[req.query.done] : undefined;
    return message ? (
      <div class="notice" role="status">
        <p>{message}</p>
      </div>
    ) : undefined;
  };

  router.get('/manage/events/:eventSlug', ...base, async (req: SessionRequest, res, next) => {
    try {
      const view = await services.ownerEvents.forEditing(forms.actorOf(req), param(req, 'eventSlug'));
      const values = valuesOfView(view, await services.ownerEvents.streamChoices(view.slots.map((s) => s.personSlug ?? '')));
      await showEdit(req, res, 200, view, values, view.event.updatedAt, undefined, done(req));
    } catch (err) {
      failed(req, res, err, next);
    }
  });

  /** The revision a form shows (a positive integer), or undefined when it holds none. */
  const revisionOf = (body: Body) => {
    const n = Number(body.expectedUpdatedAt);
    return /^\d{1,16}$/.test(body.expectedUpdatedAt ?? '') && Number.isSafeInteger(n) ? n : undefined;
  };
  const changedElsewhere = (latest: OwnerEventView) => (
    <div class="error" role="alert">
      <p>
        This event was changed elsewhere since this form was shown, so your changes were not saved. Your values are kept below: send the form again to replace the latest version with
        them, or <a href={managePath(latest.event.slug)}>open the latest version</a> (your values here are then lost).
      </p>
    </div>
  );

  router.post('/manage/events/:eventSlug', ...base, sameOrigin, forms.admit('updateCurrentUserCommunityEvent'), readBody, async (req: SessionRequest, res, next) => {
    try {
      const actor = forms.actorOf(req);
      const slug = param(req, 'eventSlug');
      const view = await services.ownerEvents.forEditing(actor, slug);
      const body = req.body as Body;
      const values = valuesOf(body);
      const expected = revisionOf(body);
      if (expected === undefined) return showEdit(req, res, 400, view, values, view.event.updatedAt, { '': 'This form holds no revision of the event. Check the values below and send them again.' });
      if (applyOp(values, body.op, req.query.rows)) return showEdit(req, res, 200, view, values, expected);
      const built = requestOf(values, 'update', zoneOf(view.community.timezone));
      if (!built.body) return showEdit(req, res, 400, view, values, expected, built.errors);
      const input = built.body as Schemas['ApiEventUpdateRequest'];
      if (!validUpdate(input)) return showEdit(req, res, 400, view, values, expected, schemaMessages(validUpdate.errors, built.fieldOf));
      try {
        await services.ownerEvents.update(actor, slug, input, { expectedUpdatedAt: expected });
        res.redirect(303, `${managePath(slug)}?done=saved`);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        if (err.status === 400) return showEdit(req, res, 400, view, values, expected, fieldMessages(err, built.fieldOf));
        if (err.status === 409) {
          const latest = await services.ownerEvents.forEditing(actor, slug);
          return showEdit(req, res, 409, latest, values, latest.event.updatedAt, undefined, changedElsewhere(latest));
        }
        throw err;
      }
    } catch (err) {
      failed(req, res, err, next);
    }
  });

  const cancelPage = (req: SessionRequest, res: Response, status: number, view: OwnerEventView, message?: ComponentChildren) =>
    page(
      req,
      res,
      status,
      `Cancel “${view.event.title}”?`,
      <>
        {message}
        <p>Cancelling keeps the event’s page and address, with a banner saying it is cancelled. It leaves the lists of upcoming events and search at once, and the calendars that subscribed to it show it as cancelled.</p>
        <p>You can restore it afterwards from its edit page.</p>
        <form method="post" action={`${managePath(view.event.slug)}/cancel`} class="actions">
          <input type="hidden" name="expectedUpdatedAt" value={String(view.event.updatedAt)} />
          <button type="submit" class="btn primary">
            Cancel the event
          </button>
          <a class="btn" href={managePath(view.event.slug)}>
            Keep it scheduled
          </a>
        </form>
      </>,
    );

  router.get('/manage/events/:eventSlug/cancel', ...base, async (req: SessionRequest, res, next) => {
    try {
      const view = await services.ownerEvents.forEditing(forms.actorOf(req), param(req, 'eventSlug'));
      if (view.status === 'cancelled') return res.redirect(303, managePath(view.event.slug));
      cancelPage(req, res, 200, view);
    } catch (err) {
      failed(req, res, err, next);
    }
  });

  for (const [action, status] of [
    ['cancel', 'cancelled'],
    ['restore', 'scheduled'],
  ] as const) {
    router.post(`/manage/events/:eventSlug/${action}`, ...base, sameOrigin, forms.admit('updateCurrentUserCommunityEvent'), readBody, async (req: SessionRequest, res, next) => {
      try {
        const actor = forms.actorOf(req);
        const slug = param(req, 'eventSlug');
        const view = await services.ownerEvents.forEditing(actor, slug);
        const expected = revisionOf(req.body as Body);
        try {
          if (expected === undefined) throw new AppError(409, '/problems/stale-version', 'Stale version', { code: 'STALE_VERSION' });
          await services.ownerEvents.update(actor, slug, { status }, { expectedUpdatedAt: expected });
          res.redirect(303, `${managePath(slug)}?done=${status === 'cancelled' ? 'cancelled' : 'restored'}`);
        } catch (err) {
          if (!(err instanceof AppError && err.status === 409)) throw err;
          const latest = await services.ownerEvents.forEditing(actor, slug);
          const message = (
            <p class="error" role="alert">
              This event was changed elsewhere since you opened this page. Check it and confirm again.
            </p>
          );
          if (action === 'cancel' && latest.status !== 'cancelled') return cancelPage(req, res, 409, latest, message);
          const values = valuesOfView(latest, await services.ownerEvents.streamChoices(latest.slots.map((s) => s.personSlug ?? '')));
          return showEdit(req, res, 409, latest, values, latest.event.updatedAt, undefined, message);
        }
      } catch (err) {
        failed(req, res, err, next);
      }
    });
  }

  /** The stream choices of the performers a form names. */
  const choicesOf = (values: EventFormValues) => services.ownerEvents.streamChoices(values.slots.map((s) => s.personSlug.trim()));

  return router;
}

// ---- the form's values -----------------------------------------------------------------------

const blankValues = (): EventFormValues => ({
  title: '',
  eventDate: '',
  timezone: 'UTC',
  start: emptyTime(),
  end: emptyTime(),
  doors: emptyTime(),
  summary: '',
  notes: '',
  worldSlug: '',
  watchMode: 'event_stream',
  watchSurfaceEnabled: false,
  slots: [emptySlot()],
  participants: [],
});

const zoneOf = (zone: string | null | undefined) => {
  if (!zone) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
};

/** The indices of a list's rows in a flat form (`slots.3.displayLabel`), in order. */
function rowIndices(body: Body, list: string): number[] {
  const prefix = new RegExp(`^${list}\\.(\\d{1,4})\\.`);
  const seen = new Set<number>();
  for (const name of Object.keys(body)) {
    const m = prefix.exec(name);
    if (m) seen.add(Number(m[1]));
  }
  return [...seen].sort((a, b) => a - b);
}

function valuesOf(body: Body): EventFormValues {
  const s = (name: string) => body[name] ?? '';
  const time = (name: string): TimeValues => ({ time: s(`${name}.time`).trim(), dayOffset: s(`${name}.dayOffset`), occurrence: s(`${name}.occurrence`) });
  return {
    title: s('title'),
    eventDate: s('eventDate').trim(),
    timezone: s('timezone').trim(),
    start: time('start'),
    end: time('end'),
    doors: time('doors'),
    summary: s('summary'),
    notes: s('notes'),
    worldSlug: s('worldSlug'),
    watchMode: s('watchMode') || 'event_stream',
    watchSurfaceEnabled: s('watchSurfaceEnabled') !== '',
    slots: rowIndices(body, 'slots').map(
      (i): SlotValues => ({
        displayLabel: s(`slots.${i}.displayLabel`),
        personSlug: s(`slots.${i}.personSlug`),
        roleLabel: s(`slots.${i}.roleLabel`),
        start: time(`slots.${i}.start`),
        end: time(`slots.${i}.end`),
        selectedStreamId: s(`slots.${i}.selectedStreamId`),
        sourceLabel: s(`slots.${i}.sourceLabel`),
        sourceUrl: s(`slots.${i}.sourceUrl`),
        notes: s(`slots.${i}.notes`),
      }),
    ),
    participants: rowIndices(body, 'participants').map(
      (i): ParticipantValues => ({
        personSlug: s(`participants.${i}.personSlug`),
        roleLabel: s(`participants.${i}.roleLabel`),
        sourceLabel: s(`participants.${i}.sourceLabel`),
        sourceUrl: s(`participants.${i}.sourceUrl`),
        notes: s(`participants.${i}.notes`),
      }),
    ),
  };
}

/**
 * A row button pressed without the editor script (`add`, `remove:<i>`, `up:<i>`, `down:<i>` on
 * the list named by `?rows=`, or `refresh` for the stream choices): applied to the values, which
 * are shown again. False when the form was sent to be saved.
 */
function applyOp(values: EventFormValues, op: string | undefined, rows: unknown): boolean {
  if (!op || op === 'save') return false;
  if (op === 'refresh') return true;
  const list = rows === 'participants' ? values.participants : values.slots;
  const m = /^(add|remove|up|down)(?::(\d{1,4}))?$/.exec(op);
  if (!m) return true;
  const i = m[2] === undefined ? -1 : Number(m[2]);
  if (m[1] === 'add') {
    if (list.length < MAX_ROWS) (list as unknown[]).push(rows === 'participants' ? emptyParticipant() : emptySlot());
  } else if (i >= 0 && i < list.length) {
    const j = m[1] === 'up' ? i - 1 : m[1] === 'down' ? i + 1 : -1;
    if (m[1] === 'remove') list.splice(i, 1);
    else if (j >= 0 && j < list.length) [list[i], list[j]] = [list[j], list[i]];
  }
  return true;
}

/** What an edit form shows of the stored event: its instants as wall times in its zone. */
function valuesOfView(view: OwnerEventView, choices: Map<string, StreamCandidate[]>): EventFormValues {
  const e = view.event;
  const zone = zoneOf(e.timezone);
  const time = (at: number | null): TimeValues => (at === null ? emptyTime() : wallTimeOf(at, zone, e.eventDate));
  return {
    title: e.title,
    eventDate: e.eventDate,
    timezone: zone,
    start: { ...time(e.startAt), dayOffset: '' },
    end: time(e.endAt),
    doors: time(e.doorsOpenAt),
    summary: e.summary ?? '',
    notes: e.notes ?? '',
    worldSlug: view.worldSlug ?? '',
    watchMode: e.watchMode,
    watchSurfaceEnabled: e.watchSurfaceEnabled,
    slots: view.slots.map((s) => {
      const offered = s.personSlug ? (choices.get(s.personSlug) ?? []) : [];
      const chosen = s.selectedStreamId ?? null;
      const selected = chosen === null ? '' : offered.some((c) => c.streamId === chosen) ? chosen : 'keep';
      return {
        displayLabel: s.displayLabel,
        personSlug: s.personSlug ?? '',
        roleLabel: s.roleLabel,
        start: time(s.startAt),
        end: time(s.endAt),
        selectedStreamId: selected,
        sourceLabel: s.sourceLabel ?? '',
        sourceUrl: s.sourceUrl ?? '',
        notes: s.notes ?? '',
      };
    }),
    participants: view.participants
      .filter((p) => p.personSlug !== null)
      .map((p) => ({ personSlug: p.personSlug!, roleLabel: p.roleLabel, sourceLabel: p.sourceLabel ?? '', sourceUrl: p.sourceUrl ?? '', notes: p.notes ?? '' })),
  };
}

/** An instant as the form's wall time: `HH:MM` in the zone, its day from the event's date, and which one in a repeated hour. */
export function wallTimeOf(at: number, zone: string, eventDate: string): TimeValues {
  const local = DateTime.fromMillis(at, { zone });
  const offset = Math.round((Date.UTC(local.year, local.month - 1, local.day) - Date.parse(`${eventDate}T00:00:00Z`)) / 86_400_000);
  const instants = wallInstants(zone, dayNumber(local.year, local.month, local.day), local.hour, local.minute);
  const occurrence = instants.length > 1 ? (at === instants[0] ? 'earlier' : 'later') : '';
  return { time: local.toFormat('HH:mm'), dayOffset: String(offset), occurrence };
}

const blank = (s: string) => s.trim() === '';
const slotIsBlank = (s: SlotValues) => [s.displayLabel, s.personSlug, s.roleLabel, s.start.time, s.end.time].every(blank);

/** A problem's JSON pointer as the form's field name; rows by their index in the form (blank rows are not sent). */
function fieldNamer(slotRows: number[], participantRows: number[]) {
  const TOP: Record<string, string> = {
    title: 'title',
    startAt: 'start.time',
    start: 'start.time',
    endAt: 'end.time',
    end: 'end.time',
    doorsOpenAt: 'doors.time',
    doors: 'doors.time',
    eventDate: 'eventDate',
    timezone: 'timezone',
    summary: 'summary',
    notes: 'notes',
    worldSlug: 'worldSlug',
    watchMode: 'watchMode',
    watchSurfaceEnabled: 'watchSurfaceEnabled',
  };
  const TIMES: Record<string, string> = { startAt: 'start', start: 'start', endAt: 'end', end: 'end' };
  return (pointer: string): string | undefined => {
    const p = pointer.split('/').filter(Boolean);
    if (!p.length) return undefined;
    if (['start', 'end', 'doors'].includes(p[0]) && p[1] === 'occurrence') return `${p[0]}.occurrence`;
    const list = ['slotLinks', 'lineup', 'slots'].includes(p[0]) ? 'slots' : ['participantLinks', 'participants'].includes(p[0]) ? 'participants' : undefined;
    if (list && p[1] !== undefined && /^\d+$/.test(p[1])) {
      const sent = Number(p[1]);
      // Pointers into the request count sent rows; the form's own (`/slots/1/…`) count its rows.
      const row = p[0] === 'slots' || p[0] === 'participants' ? sent : ((list === 'slots' ? slotRows : participantRows)[sent] ?? sent);
      const f = p[2];
      if (list === 'participants') return `participants.${row}.${f ?? 'personSlug'}`;
      if (!f) return `slots.${row}.displayLabel`;
      if (TIMES[f]) return `slots.${row}.${TIMES[f]}.${p[3] === 'occurrence' ? 'occurrence' : 'time'}`;
      return `slots.${row}.${f}`;
    }
    return TOP[p[0]];
  };
}

function schemaMessages(errors: { instancePath: string; message?: string; keyword: string; params: Record<string, unknown> }[] | null | undefined, fieldOf: (pointer: string) => string | undefined): FieldMessages {
  const out: FieldMessages = {};
  for (const e of errors ?? []) {
    const pointer = e.keyword === 'required' ? `${e.instancePath}/${String(e.params.missingProperty)}` : e.instancePath;
    const name = fieldOf(pointer) ?? '';
    const limit = e.params.limit;
    const message = e.keyword === 'maxLength' ? `Use at most ${String(limit)} characters.` : e.keyword === 'minLength' ? `Use at least ${String(limit)} characters.` : e.keyword === 'required' ? 'Fill this in.' : e.keyword === 'format' ? 'Enter a full web address (https://…).' : `This value is not accepted (${e.message ?? 'invalid'}).`;
    if (!out[name]) out[name] = message;
  }
  if (!Object.keys(out).length) out[''] = 'The form does not fit what an event takes.';
  return out;
}

/**
 * The operation's request from the form: wall times placed on the event's date in its zone
 * (the intake's schedule rules), blank rows left out, and on an edit blank optional fields as
 * `null` (which clears them) and the whole lineup and roster sent (which replaces them).
 */
function requestOf(values: EventFormValues, mode: Mode, fallbackZone: string): { body?: Record<string, unknown>; errors: FieldMessages; fieldOf: (pointer: string) => string | undefined } {
  const errors: FieldMessages = {};
  const slotRows = values.slots.map((s, i) => ({ s, i })).filter(({ s }) => !slotIsBlank(s));
  const participantRows = values.participants.map((p, i) => ({ p, i })).filter(({ p }) => !blank(p.personSlug) || !blank(p.roleLabel));
  const fieldOf = fieldNamer(
    slotRows.map((r) => r.i),
    participantRows.map((r) => r.i),
  );
  if (values.slots.length > MAX_ROWS) errors[''] = `A lineup holds at most ${MAX_ROWS} slots.`;
  if (values.participants.length > MAX_ROWS) errors[''] = `A roster holds at most ${MAX_ROWS} participants.`;

  const point = (name: string, v: TimeValues, required: string | undefined): TimePoint | null => {
    if (blank(v.time)) {
      if (required) errors[`${name}.time`] = required;
      return null;
    }
    if (!TIME.test(v.time)) {
      errors[`${name}.time`] = 'Enter a 24-hour time as HH:MM, such as 21:30.';
      return null;
    }
    const out: TimePoint = { time: v.time };
    if (v.dayOffset !== '') {
      if (!/^-?\d$/.test(v.dayOffset) || Number(v.dayOffset) < -1 || Number(v.dayOffset) > 7) errors[`${name}.dayOffset`] = 'Choose a day from the list.';
      else out.dayOffset = Number(v.dayOffset);
    }
    if (v.occurrence === 'earlier' || v.occurrence === 'later') out.occurrence = v.occurrence;
    else if (v.occurrence !== '') errors[`${name}.occurrence`] = 'Choose the earlier or the later one.';
    return out;
  };
  if (blank(values.title)) errors.title = 'Enter the event’s title.';
  if (blank(values.eventDate)) errors.eventDate = 'Enter the event’s date.';
  const start = point('start', { ...values.start, dayOffset: '' }, 'Enter the start time.');
  const end = point('end', values.end, undefined);
  const doors = point('doors', values.doors, undefined);
  const lineup = slotRows.map(({ s, i }) => {
    if (blank(s.displayLabel)) errors[`slots.${i}.displayLabel`] = 'Enter the performer’s name as the lineup shows it.';
    return { start: point(`slots.${i}.start`, s.start, 'Enter the slot’s start time.'), end: point(`slots.${i}.end`, s.end, undefined) };
  });
  participantRows.forEach(({ p, i }) => {
    if (blank(p.personSlug)) errors[`participants.${i}.personSlug`] = 'Name the person by their profile’s slug.';
  });
  if (values.watchMode !== 'event_stream' && values.watchMode !== 'performer_sequence') errors.watchMode = 'Choose one of the watch modes.';
  if (Object.keys(errors).length) return { errors, fieldOf };

  const zone = blank(values.timezone) ? fallbackZone : values.timezone.trim();
  const { schedule, errors: scheduleErrors } = computeSchedule({ eventDate: values.eventDate, timeTba: false, timezone: zone, start, end, doors, lineup }, fallbackZone);
  for (const e of scheduleErrors) {
    const name = (e.pointer !== undefined ? fieldOf(e.pointer) : undefined) ?? '';
    if (!errors[name]) errors[name] = (e.message[0] ?? '').toUpperCase() + e.message.slice(1) + (/[.!?]$/.test(e.message) ? '' : '.');
  }
  if (!schedule) return { errors, fieldOf };

  const text = (v: string) => (blank(v) ? undefined : v.trim());
  const optional = (v: string) => text(v) ?? (mode === 'update' ? null : undefined);
  const body: Record<string, unknown> = {
    title: values.title.trim(),
    startAt: schedule.startAt!,
    endAt: schedule.endAt ?? (mode === 'update' ? null : undefined),
    doorsOpenAt: schedule.doorsOpenAt ?? (mode === 'update' ? null : undefined),
    timezone: zone,
    summary: optional(values.summary),
    notes: optional(values.notes),
    worldSlug: optional(values.worldSlug),
    watchMode: values.watchMode,
    watchSurfaceEnabled: values.watchSurfaceEnabled,
    slotLinks: slotRows.map(({ s }, k) => {
      const link: Record<string, unknown> = {
        displayLabel: s.displayLabel.trim(),
        startAt: schedule.slots[k].startAt!,
        endAt: schedule.slots[k].endAt ?? undefined,
        personSlug: text(s.personSlug),
        roleLabel: text(s.roleLabel),
        sourceLabel: text(s.sourceLabel),
        sourceUrl: text(s.sourceUrl),
        notes: text(s.notes),
      };
      // `keep`: a stored choice the performer no longer offers stays as it is (omitted).
      if (s.selectedStreamId === '') link.selectedStreamId = mode === 'update' ? null : undefined;
      else if (s.selectedStreamId !== 'keep') link.selectedStreamId = s.selectedStreamId;
      return link;
    }),
    participantLinks: participantRows.map(({ p }) => ({ personSlug: p.personSlug.trim(), roleLabel: text(p.roleLabel), sourceLabel: text(p.sourceLabel), sourceUrl: text(p.sourceUrl), notes: text(p.notes) })),
  };
  return { body: JSON.parse(JSON.stringify(body)) as Record<string, unknown>, errors, fieldOf };
}
