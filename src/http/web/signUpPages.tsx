import { type Request, type Response, Router } from 'express';
import type { ComponentChildren } from 'preact';
import type { Config } from '../../config.js';
import type { Services } from '../../services/index.js';
import type { UserRow } from '../../repositories/users.js';
import { AppError } from '../../services/errors.js';
import type { SignUpField } from '../../services/identity/signUp.js';
import { PASSWORD_MIN_LENGTH } from '../../services/identity/users.js';
import { networkRef } from '../clientAddress.js';
import { sendHtml } from '../encoding.js';
import { readForm } from '../requestGuards.js';
import type { PageGuards } from './accountPages.js';
import { errorPage, formPage, type PageShell } from './pages/Account.js';
import { Field } from './ui/components.js';

type WebRequest = Request & { user?: UserRow };

const TITLE = 'Create an account';

/** What the form shows again after a refusal: the typed address and name (never a password) and each field's message. */
interface SignUpFormState {
  invite?: string;
  email?: string;
  displayName?: string;
  errors?: Partial<Record<SignUpField, string>>;
}

/**
 * The sign-up page (`/signup`, the SIGNUP policy: open, invite or closed). The answer to a
 * sign-up that passes the form's checks is the same page whether or not the address has an
 * account (SignUpService); the message that follows differs.
 */
export function signUpRoutes(config: Config, services: Services, guards: PageGuards): Router {
  const router = Router();
  const { noStore, loadUser, sameOrigin } = guards;
  const fields = readForm('16kb');
  const signUp = services.signUp;
  const shellOf = (req: Request): PageShell => ({ baseUrl: config.publicBaseUrl, path: req.path, signUp: config.signUp === 'open' });

  const signInLink = (
    <p>
      Have an account? <a href="/login">Sign in</a>
    </p>
  );
  const closedPage = (req: Request) =>
    errorPage(shellOf(req), TITLE, 'Accounts on this site are created by its operator. Ask them for an account.', signInLink);
  const invitePage = (req: Request, invalid: boolean) =>
    errorPage(
      shellOf(req),
      TITLE,
      invalid
        ? 'This invite link is not valid: it was already used, has expired, or is not one of ours. Ask the operator for a new one.'
        : 'Creating an account here needs an invite link from the operator of this site. Open the link you were sent.',
      signInLink,
    );

  const signUpForm = (req: Request, state: SignUpFormState = {}) => {
    const errors = state.errors ?? {};
    const count = Object.keys(errors).length;
    return formPage(
      shellOf(req),
      TITLE,
      <>
        {count ? (
          <p class="error" role="alert">
            {count === 1 ? 'One field needs your attention.' : `${count} fields need your attention.`}
          </p>
        ) : null}
        <form method="post" action="/signup" class="form" novalidate={count ? true : undefined}>
          {state.invite ? <input type="hidden" name="invite" value={state.invite} /> : null}
          <Field name="email" type="email" label="E-mail" value={state.email} error={errors.email} autocomplete="email" maxLength={320} hint="We send a link to confirm it." />
          <Field name="displayName" label="Display name" value={state.displayName} error={errors.displayName} autocomplete="nickname" maxLength={80} hint="Shown with what you publish." />
          <Field name="password" type="password" label="Password" error={errors.password} autocomplete="new-password" minLength={PASSWORD_MIN_LENGTH} hint={`At least ${PASSWORD_MIN_LENGTH} characters.`} />
          <Field name="confirm" type="password" label="Repeat the password" error={errors.confirm} autocomplete="new-password" minLength={PASSWORD_MIN_LENGTH} />
          <div class="actions">
            <button type="submit" class="btn primary">
              Create my account
            </button>
          </div>
        </form>
        {signInLink}
      </>,
    );
  };

  const checkYourMail = (req: Request, email: string): string =>
    formPage(
      shellOf(req),
      'Check your e-mail',
      <>
        <p>
          We sent a message to <strong>{email}</strong>. Open the link in it within 24 hours to confirm your address; then you can sign in.
        </p>
        <p>If the address already has an account, the message says how to sign in to it instead.</p>
        <p class="muted">No message after a few minutes? Look in your spam folder, or check the address and try again.</p>
        <p>
          <a href="/login">Go to sign-in</a>
        </p>
      </>,
    );

  const unavailable = (req: Request, res: Response, err: AppError, more?: ComponentChildren) => {
    res.status(503).setHeader('Retry-After', String(err.options.retryAfterSeconds ?? 5));
    sendHtml(res, errorPage(shellOf(req), TITLE, 'Creating accounts is unavailable for a moment. Try again shortly.', more));
  };

  router.use('/signup', noStore, loadUser);

  router.get('/signup', async (req: WebRequest, res, next) => {
    try {
      if (req.user) return res.redirect(303, '/developer');
      if (signUp.policy === 'closed') return sendHtml(res, closedPage(req));
      const invite = req.query.invite;
      if (signUp.policy === 'invite') {
        if (invite === undefined) return sendHtml(res, invitePage(req, false));
        if (!(await signUp.inviteIsLive(invite))) return sendHtml(res.status(400), invitePage(req, true));
        return sendHtml(res, signUpForm(req, { invite: String(invite) }));
      }
      sendHtml(res, signUpForm(req));
    } catch (err) {
      next(err);
    }
  });

  router.post('/signup', fields, sameOrigin, async (req: WebRequest, res, next) => {
    const body = req.body as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
    try {
      const known = config.clientIp.source !== 'none';
      const outcome = await signUp.signUp(
        { email: body.email, displayName: body.displayName, password: body.password, confirm: body.confirm, invite: body.invite },
        networkRef(config, req),
        known ? networkRef(config, req) : undefined,
      );
      switch (outcome.kind) {
        case 'closed':
          return sendHtml(res.status(403), closedPage(req));
        case 'invite_required':
          return sendHtml(res.status(403), invitePage(req, body.invite !== undefined && body.invite !== ''));
        case 'invalid':
          return sendHtml(res.status(400), signUpForm(req, { invite: text(body.invite), email: text(body.email), displayName: text(body.displayName), errors: outcome.errors }));
        case 'refused':
          res.status(429).setHeader('Retry-After', String(outcome.retryAfterSeconds));
          return sendHtml(res, errorPage(shellOf(req), TITLE, `Too many sign-ups for now. Try again in ${Math.ceil(outcome.retryAfterSeconds / 60)} minutes.`, signInLink));
        case 'accepted':
          return sendHtml(res, checkYourMail(req, outcome.email));
      }
    } catch (err) {
      // The rate-limit store (or the database) unreachable: a readable page, not a problem document.
      if (err instanceof AppError && err.status === 503) return unavailable(req, res, err);
      next(err);
    }
  });

  return router;
}
