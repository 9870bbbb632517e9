import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { ComponentChildren } from 'preact';
import type { Config } from '../../config.js';
import type { Services } from '../../services/index.js';
import type { UserRow } from '../../repositories/users.js';
import type { Actor, WebSessionCredential } from '../../services/context.js';
import { type AppError, problems } from '../../services/errors.js';
import { operations, scopes, type OperationId, type RouteClass } from '../../generated/contract.js';
import { consumeAll, rateLimitHeaders } from '../../services/ratelimit/rateLimits.js';
import { rateLimitIdentities } from '../../services/ratelimit/identity.js';
import { networkRef } from '../clientAddress.js';
import { sendHtml } from '../encoding.js';
import { sendProblem } from '../problem.js';
import { errorPage, type PageShell } from './pages/Account.js';

/** A page request after `loadUser`: the signed-in person and a reference to their session. */
export type SessionRequest = Request & { user?: UserRow; sessionRef?: string };

/** Field name → the message shown next to it. */
export type FieldMessages = Record<string, string>;

/**
 * The signed-in person's pages that write (the contribution wizard, drafts and contributions,
 * profile, media-kit and owner-event editing) are the third door into the same services as the
 * REST handlers: each form acts as the person, counts in the rate limit of the API operation
 * behind it, and shows the same problems as readable messages next to the fields.
 *
 * A form submitted by the pages' editor script (`fetch` with `Accept: application/json`) gets the
 * same outcome as JSON: the service's answer, or the RFC 9457 problem the API would give.
 */
export interface SessionForms {
  /** The person acting through their signed-in browser: every scope a person can hold, user authority. */
  actorOf(req: SessionRequest): Actor;
  /**
   * Counts one request in the rate limit of `operationId`'s route class, in the session's own
   * bucket (as the API counts a credential); a refusal is the readable 429 page (or the problem).
   */
  admit(operationId: OperationId): RequestHandler;
  /** Whether the form was sent by the editor script, which wants JSON back. */
  wantsJson(req: Request): boolean;
  /** The shell of a signed-in page. */
  shellOf(req: SessionRequest): PageShell;
}

/** A page-side name for each scope a signed-in person acts with: all of them (the person is present). */
const SESSION_SCOPES = [...scopes];

export function sessionForms(config: Config, services: Services): SessionForms {
  const actorOf = (req: SessionRequest): Actor => {
    const user = req.user;
    if (!user) throw problems.unauthorized('Sign in first.', 'Cookie realm="marquee"');
    const credential: WebSessionCredential = {
      kind: 'web_session',
      tokenId: req.sessionRef ?? `user:${user.id}`,
      ownerKind: 'user',
      ownerUserId: user.id,
      userId: user.id,
      scopes: SESSION_SCOPES,
      trustTier: 'personal',
    };
    return { credential, networkRef: networkRef(config, req) };
  };
  const wantsJson = (req: Request) => /\bapplication\/(problem\+)?json\b/.test(req.headers.accept ?? '');
  const shellOf = (req: SessionRequest): PageShell => ({ baseUrl: config.publicBaseUrl, path: req.path, user: req.user, signUp: config.signUp === 'open' });

  const admit = (operationId: OperationId): RequestHandler => {
    const routeClass = operations[operationId].routeClass as RouteClass;
    return async (req: SessionRequest, res: Response, next: NextFunction) => {
      try {
        const actor = actorOf(req);
        const { window, identity } = await consumeAll(services.rateLimits, routeClass, rateLimitIdentities(actor.credential, actor.networkRef));
        for (const [name, value] of Object.entries(rateLimitHeaders(window))) res.setHeader(name, value);
        if (window.allowed) return next();
        if (window.firstRefusal) await services.audit.recordRateLimitBlock(window, identity, 'web_session', actor.networkRef);
        res.setHeader('Retry-After', String(window.retryAfterSeconds));
        if (wantsJson(req)) return sendProblem(res, problems.rateLimited(window.retryAfterSeconds, rateLimitHeaders(window)));
        const minutes = Math.ceil(window.retryAfterSeconds / 60);
        sendHtml(res.status(429), errorPage(shellOf(req), 'Too many requests', `Too many requests for now. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}; nothing you typed was saved by this attempt.`));
      } catch (err) {
        next(err);
      }
    };
  };
  return { actorOf, admit, wantsJson, shellOf };
}

/**
 * The messages of a refused write, by form field: a problem's `errors` (JSON pointers such as
 * `/patch/title` or `/lineup/2/start/time`, or parameters) are turned into the form's field names
 * by `fieldOf` (the pointer's last meaningful part by default); what names no field is under `''`.
 */
export function fieldMessages(err: AppError, fieldOf: (pointer: string) => string | undefined = defaultFieldOf): FieldMessages {
  const out: FieldMessages = {};
  for (const e of err.options.errors ?? []) {
    const name = (e.pointer !== undefined ? fieldOf(e.pointer) : e.parameter ?? e.header) ?? '';
    const message = capitalise(e.message);
    out[name] = out[name] ? `${out[name]} ${message}` : message;
  }
  if (!Object.keys(out).length) out[''] = err.options.detail ?? err.title;
  return out;
}

const defaultFieldOf = (pointer: string) => pointer.split('/').filter(Boolean).join('.') || undefined;
const capitalise = (s: string) => (s ? `${s[0].toUpperCase()}${s.slice(1)}${/[.!?]$/.test(s) ? '' : '.'}` : s);

/** The summary above a refused form: how many fields need attention, and any message that names none. */
export function FormErrors({ errors }: { errors?: FieldMessages }) {
  if (!errors) return null;
  const named = Object.keys(errors).filter((k) => k !== '');
  const general: ComponentChildren = errors[''] ? <p>{errors['']}</p> : null;
  if (!named.length && !general) return null;
  return (
    <div class="error" role="alert">
      {named.length ? <p>{named.length === 1 ? 'One field needs your attention.' : `${named.length} fields need your attention.`}</p> : null}
      {general}
    </div>
  );
}
