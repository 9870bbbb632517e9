import { type NextFunction, type Request, type RequestHandler, type Response, Router } from 'express';
import type { ComponentChildren } from 'preact';
import type { Config } from '../../config.js';
import type { Services } from '../../services/index.js';
import { AppError } from '../../services/errors.js';
import { unstorableText } from '../../services/sanitize.js';
import { sendHtml } from '../encoding.js';
import { readForm } from '../requestGuards.js';
import type { PageGuards } from './accountPages.js';
import { errorPage } from './pages/Account.js';
import { contributionsPage, draftsPage, retractPage, type ListPage } from './pages/MyContributions.js';
import type { SessionForms, SessionRequest } from './sessionForms.js';

/** Page sizes the lists accept in `?limit=` (the API's bounds); without it, the service's default. */
const LIMIT_MAX = 100;
const CURSOR_MAX = 512;

/** The notices `/account/contributions?notice=…` shows after a retraction. */
const NOTICES: Record<string, ComponentChildren> = {
  retracted: <p>The event is retracted: its page is gone and it has left search, the lists and the calendar feeds. It stays below, marked retracted.</p>,
  'already-retracted': <p>That event was already retracted, so nothing changed.</p>,
};

/**
 * The contributor's own lists (`/account/drafts`, `/account/contributions`) and the retraction of
 * a contribution (`/account/contributions/{slug}/retract`: a confirmation page, then a POST).
 * Each page is a third door into the same service calls as `listEventIntakeDrafts`,
 * `listCurrentApiUserContributions`, `getEventContribution` and `retractEventContribution`, acting
 * as the signed-in person and counted in those operations' rate limits. The lists page by the
 * services' own cursors (`?cursor=`, and `?limit=` within the API's bounds); a cursor the service
 * refuses is a readable 400 page. Another person's contribution, or one that is unknown or
 * retracted, is a 404 page (the API's 403 is not told apart, so a page never confirms whose it is).
 */
export function contributionListRoutes(config: Config, services: Services, guards: PageGuards, forms: SessionForms): Router {
  const router = Router();
  const { noStore, loadUser, requireUser, sameOrigin } = guards;
  const fields = readForm('1kb');
  // Another router on the way (the account page's) may already have read the session: read it once.
  const loadUserOnce: RequestHandler = (req, res, next) => ('user' in req ? next() : loadUser(req, res, next));

  const backToList = (
    <p>
      <a href="/account/contributions">Your contributions</a>
    </p>
  );

  router.use(['/account/drafts', '/account/contributions'], noStore, loadUserOnce);
  router.param('slug', (req, res, next, value: unknown) => {
    if (typeof value === 'string' && !unstorableText(value)) return next();
    sendHtml(res.status(400), errorPage(forms.shellOf(req), 'Not a contribution address', 'This address holds characters no event address has.', backToList));
  });

  /** The page's `?cursor=` and `?limit=` as the service takes them, or the reason they cannot be. */
  const pagingOf = (req: Request): { cursor?: string; limit?: number } | { refused: string } => {
    const { cursor, limit } = req.query;
    const out: { cursor?: string; limit?: number } = {};
    if (cursor !== undefined) {
      if (typeof cursor !== 'string' || !cursor.length || cursor.length > CURSOR_MAX || unstorableText(cursor)) return { refused: 'This page address holds an unknown or malformed page cursor.' };
      out.cursor = cursor;
    }
    if (limit !== undefined) {
      const n = typeof limit === 'string' && /^\d{1,3}$/.test(limit) ? Number(limit) : NaN;
      if (!(n >= 1 && n <= LIMIT_MAX)) return { refused: `The number of items a page shows must be between 1 and ${LIMIT_MAX}.` };
      out.limit = n;
    }
    return out;
  };
  const nextHref = (path: string, nextCursor: string | null, limit: number | undefined) =>
    nextCursor === null ? undefined : `${path}?${new URLSearchParams({ cursor: nextCursor, ...(limit !== undefined ? { limit: String(limit) } : {}) }).toString()}`;

  /** A refused or failed request as a readable page (what the API answers as a problem). */
  const failed = (req: SessionRequest, res: Response, next: NextFunction, err: unknown, title: string, first: string) => {
    if (!(err instanceof AppError)) return next(err);
    const shell = forms.shellOf(req);
    const back = (
      <p>
        <a href={first}>Back to the list</a>
      </p>
    );
    if (err.status === 400) {
      const why = err.options.errors?.some((e) => e.parameter === 'cursor') ? 'This page address holds an unknown or malformed page cursor.' : (err.options.detail ?? err.title);
      return sendHtml(res.status(400), errorPage(shell, title, why, back));
    }
    if (err.status === 403 || err.status === 404) {
      return sendHtml(res.status(404), errorPage(shell, 'Not found', 'You have no published event at this address: it may have been retracted, or it is not one you contributed.', backToList));
    }
    if (err.status === 409) {
      const why =
        err.options.code === 'STAFF_TAKEOVER'
          ? 'Staff have taken this event over, so it can no longer be retracted or corrected by you. Nothing was changed.'
          : 'This event was changed elsewhere in the meantime, so nothing was changed. Look at it again in your contributions and try once more.';
      return sendHtml(res.status(409), errorPage(shell, 'Changed elsewhere', why, backToList));
    }
    if (err.status === 503) {
      res.status(503).setHeader('Retry-After', String(err.options.retryAfterSeconds ?? 5));
      return sendHtml(res, errorPage(shell, title, 'This is unavailable for a moment. Try again shortly; if you were retracting an event, look at your contributions first to see whether it is retracted.', back));
    }
    next(err);
  };

  router.get('/account/drafts', requireUser, forms.admit('listEventIntakeDrafts'), async (req: SessionRequest, res, next) => {
    try {
      const paging = pagingOf(req);
      if ('refused' in paging) return sendHtml(res.status(400), errorPage(forms.shellOf(req), 'Your drafts', paging.refused, <p><a href="/account/drafts">Back to the list</a></p>));
      const { drafts, nextCursor } = await services.drafts.list(forms.actorOf(req), paging);
      const page: ListPage<(typeof drafts)[number]> = { items: drafts, moreHref: nextHref('/account/drafts', nextCursor, paging.limit), later: paging.cursor !== undefined, now: services.clock.now() };
      sendHtml(res, draftsPage(forms.shellOf(req), page));
    } catch (err) {
      failed(req, res, next, err, 'Your drafts', '/account/drafts');
    }
  });

  router.get('/account/contributions', requireUser, forms.admit('listCurrentApiUserContributions'), async (req: SessionRequest, res, next) => {
    try {
      const paging = pagingOf(req);
      if ('refused' in paging) return sendHtml(res.status(400), errorPage(forms.shellOf(req), 'Your contributions', paging.refused, backToList));
      const { contributions, nextCursor } = await services.publishing.contributions(forms.actorOf(req), paging);
      const page: ListPage<(typeof contributions)[number]> = {
        items: contributions,
        moreHref: nextHref('/account/contributions', nextCursor, paging.limit),
        later: paging.cursor !== undefined,
        now: services.clock.now(),
      };
      const notice = typeof req.query.notice === 'string' ? NOTICES[req.query.notice] : undefined;
      sendHtml(res, contributionsPage(forms.shellOf(req), page, notice));
    } catch (err) {
      failed(req, res, next, err, 'Your contributions', '/account/contributions');
    }
  });

  // The confirmation reads the contribution as `getEventContribution` does: only its contributor
  // gets it, and only while it is live.
  router.get('/account/contributions/:slug/retract', requireUser, forms.admit('getEventContribution'), async (req: SessionRequest, res, next) => {
    try {
      const slug = String(req.params.slug);
      const record = await services.publishing.contribution(forms.actorOf(req), slug);
      sendHtml(res, retractPage(forms.shellOf(req), { slug, title: record.fields.title ?? slug }));
    } catch (err) {
      failed(req, res, next, err, 'Retract this event?', '/account/contributions');
    }
  });

  // Retraction takes no revision (`retractEventContribution` has no body): a repeat answers
  // `changed: false`, and a 409 can only mean a staff takeover.
  router.post('/account/contributions/:slug/retract', requireUser, fields, sameOrigin, forms.admit('retractEventContribution'), async (req: SessionRequest, res, next) => {
    try {
      const { changed } = await services.publishing.retract(forms.actorOf(req), String(req.params.slug));
      res.redirect(303, `/account/contributions?notice=${changed ? 'retracted' : 'already-retracted'}`);
    } catch (err) {
      failed(req, res, next, err, 'Retract this event?', '/account/contributions');
    }
  });

  return router;
}
