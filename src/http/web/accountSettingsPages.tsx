import { type Request, type Response, Router } from 'express';
import type { ComponentChildren } from 'preact';
import { parse as parseCookies } from 'cookie';
import type { Config } from '../../config.js';
import type { Services } from '../../services/index.js';
import type { UserRow } from '../../repositories/users.js';
import { AppError } from '../../services/errors.js';
import { SESSION_COOKIE, type SessionSummary } from '../../services/identity/webSessions.js';
import { displayNameProblem, DISPLAY_NAME_MAX, newPasswordProblem } from '../../services/identity/accountSettings.js';
import { EMAIL, normalizeEmail, PASSWORD_MIN_LENGTH } from '../../services/identity/users.js';
import { keyedHash } from '../../lib/crypto.js';
import { networkRef } from '../clientAddress.js';
import { sendHtml } from '../encoding.js';
import { readForm } from '../requestGuards.js';
import type { PageGuards } from './accountPages.js';
import { errorPage, formPage, type PageShell } from './pages/Account.js';
import { Field, When } from './ui/components.js';
import type { SessionForms } from './sessionForms.js';
import { OwnedList, type OwnedProfile } from './pages/OwnedList.js';

type WebRequest = Request & { user?: UserRow };
type Errors = Record<string, string>;

/** What the account page shows beside the account: a notice after a change, and a refused form's messages and typed values. */
interface AccountPageState {
  notice?: ComponentChildren;
  errors?: Errors;
  values?: Record<string, string>;
}

/**
 * The account page (`/account`): the display name, the e-mail address (changed only once the new
 * one is confirmed by a link sent to it; the old one is told), the password (the current one
 * asked again; every other browser signed out after a change), the signed-in browsers with
 * "sign out everywhere", and deleting the account (with its password, on a page that says what
 * goes and what stays). Changes that need the password count in the sign-in throttle's buckets.
 */
export function accountSettingsRoutes(config: Config, services: Services, guards: PageGuards, forms: SessionForms): Router {
  const router = Router();
  const { noStore, loadUser, requireUser, sameOrigin } = guards;
  const fields = readForm('16kb');
  const secure = config.publicBaseUrl.startsWith('https://');
  const shellOf = (req: Request, user?: UserRow): PageShell => ({ baseUrl: config.publicBaseUrl, path: req.path, user });
  const cookieOf = (req: Request) => parseCookies(req.headers.cookie ?? '')[SESSION_COOKIE];
  const network = (req: Request) => (config.clientIp.source === 'none' ? undefined : networkRef(config, req));
  const bodyOf = (req: Request) => req.body as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');

  /** The person's own profiles and communities (the API's `listCurrentApiUserProfiles`, drafts included). */
  const ownedOf = async (req: Request): Promise<{ profiles: OwnedProfile[]; more: boolean }> => {
    const { profiles, nextCursor } = await services.inventory.profiles(forms.actorOf(req), { limit: 100 });
    return { profiles, more: nextCursor !== null };
  };

  const page = async (req: Request, user: UserRow, state: AccountPageState = {}) => {
    const [sessions, owned] = await Promise.all([services.webSessions.list(user.id, cookieOf(req)), ownedOf(req)]);
    const errors = state.errors ?? {};
    const values = state.values ?? {};
    return formPage(
      shellOf(req, user),
      'Your account',
      <>
        {state.notice ? (
          <div class="notice" role="status">
            {state.notice}
          </div>
        ) : null}
        {Object.keys(errors).length ? (
          <p class="error" role="alert">
            {Object.keys(errors).length === 1 ? 'One field needs your attention.' : `${Object.keys(errors).length} fields need your attention.`}
          </p>
        ) : null}

        <OwnedList owned={owned.profiles} more={owned.more} />

        <h2>Name</h2>
        <form method="post" action="/account/name" class="form">
          <Field name="displayName" label="Display name" value={values.displayName ?? user.displayName} error={errors.displayName} autocomplete="nickname" maxLength={DISPLAY_NAME_MAX} hint="Shown with what you publish." />
          <div class="actions">
            <button type="submit" class="btn primary">
              Save the name
            </button>
          </div>
        </form>

        <h2>E-mail address</h2>
        <p>
          <strong>{user.email}</strong> — {user.emailVerifiedAt === null ? 'not confirmed yet.' : 'confirmed.'}
        </p>
        {user.emailVerifiedAt === null ? (
          <form method="post" action="/verify-email/send" class="actions">
            <button type="submit" class="btn">
              Send me a confirmation link
            </button>
          </form>
        ) : null}
        <form method="post" action="/account/email" class="form">
          <Field name="newEmail" type="email" label="New e-mail address" value={values.newEmail} error={errors.newEmail} autocomplete="email" maxLength={320} hint="We send a link to it; your address changes once you open it." />
          <Field name="emailPassword" type="password" label="Your password" error={errors.emailPassword} autocomplete="current-password" />
          <div class="actions">
            <button type="submit" class="btn primary">
              Change the address
            </button>
          </div>
        </form>

        <h2>Password</h2>
        <form method="post" action="/account/password" class="form">
          <Field name="currentPassword" type="password" label="Current password" error={errors.currentPassword} autocomplete="current-password" />
          <Field name="password" type="password" label="New password" error={errors.password} autocomplete="new-password" minLength={PASSWORD_MIN_LENGTH} hint={`At least ${PASSWORD_MIN_LENGTH} characters.`} />
          <Field name="confirm" type="password" label="Repeat the new password" error={errors.confirm} autocomplete="new-password" minLength={PASSWORD_MIN_LENGTH} />
          <p class="muted small">Changing it signs out every other browser signed in to your account. Personal API tokens keep working.</p>
          <div class="actions">
            <button type="submit" class="btn primary">
              Change the password
            </button>
          </div>
        </form>

        <h2>Signed-in browsers</h2>
        <SessionTable sessions={sessions} />
        <form method="post" action="/account/sessions/end" class="actions">
          <button type="submit" class="btn">
            Sign out everywhere
          </button>
        </form>

        <h2>Delete your account</h2>
        <p>
          <a href="/account/delete">Delete your account</a> — what it removes and what stays is explained before you confirm.
        </p>
      </>,
    );
  };

  const show = async (req: WebRequest, res: Response, status: number, state: AccountPageState) => sendHtml(res.status(status), await page(req, req.user!, state));
  const tooMany = (req: WebRequest, res: Response, wait: number) => {
    res.status(429).setHeader('Retry-After', String(wait));
    sendHtml(res, errorPage(shellOf(req, req.user), 'Your account', `Too many attempts for now. Try again in ${Math.ceil(wait / 60)} minutes.`, <p><a href="/account">Back to your account</a></p>));
  };
  const failed = (req: WebRequest, res: Response, err: unknown, next: (err: unknown) => void) => {
    if (err instanceof AppError && err.status === 503) {
      res.status(503).setHeader('Retry-After', String(err.options.retryAfterSeconds ?? 5));
      return sendHtml(res, errorPage(shellOf(req, req.user), 'Your account', 'Changing your account is unavailable for a moment. Try again shortly.'));
    }
    next(err);
  };

  router.use(['/account', '/confirm-email-change'], noStore, loadUser);

  router.get('/account', requireUser, async (req: WebRequest, res, next) => {
    try {
      await show(req, res, 200, {});
    } catch (err) {
      next(err);
    }
  });

  router.post('/account/name', requireUser, fields, sameOrigin, async (req: WebRequest, res, next) => {
    try {
      const raw = bodyOf(req).displayName;
      const checked = displayNameProblem(raw);
      if ('problem' in checked) return show(req, res, 400, { errors: { displayName: checked.problem }, values: { displayName: text(raw) } });
      await services.accountSettings.setDisplayName(req.user!, checked.name, networkRef(config, req));
      req.user = { ...req.user!, displayName: checked.name };
      await show(req, res, 200, { notice: <p>Your display name is saved.</p> });
    } catch (err) {
      failed(req, res, err, next);
    }
  });

  router.post('/account/password', requireUser, fields, sameOrigin, async (req: WebRequest, res, next) => {
    try {
      const body = bodyOf(req);
      const problem = newPasswordProblem(body.password, body.confirm);
      if (problem) return show(req, res, 400, { errors: { [problem.field]: problem.problem } });
      const check = await services.signIn.confirmPassword(req.user!, body.currentPassword, network(req));
      if (check.kind === 'refused') return tooMany(req, res, check.retryAfterSeconds);
      if (check.kind === 'wrong') return show(req, res, 400, { errors: { currentPassword: 'That is not your current password.' } });
      const ended = await services.accountSettings.changePassword(req.user!, body.password as string, services.webSessions.hashOf(cookieOf(req) ?? ''), networkRef(config, req));
      await show(req, res, 200, { notice: <p>Your password is changed. {ended === 1 ? 'One other browser was' : `${ended} other browsers were`} signed out.</p> });
    } catch (err) {
      failed(req, res, err, next);
    }
  });

  router.post('/account/email', requireUser, fields, sameOrigin, async (req: WebRequest, res, next) => {
    try {
      const body = bodyOf(req);
      const newEmail = normalizeEmail(text(body.newEmail));
      const values = { newEmail: text(body.newEmail) };
      if (!newEmail || newEmail.length > 320 || !EMAIL.test(newEmail)) return show(req, res, 400, { errors: { newEmail: 'Enter an e-mail address like name@example.org.' }, values });
      if (newEmail === req.user!.email) return show(req, res, 400, { errors: { newEmail: 'That is the address your account has now.' }, values });
      const check = await services.signIn.confirmPassword(req.user!, body.emailPassword, network(req));
      if (check.kind === 'refused') return tooMany(req, res, check.retryAfterSeconds);
      if (check.kind === 'wrong') return show(req, res, 400, { errors: { emailPassword: 'That is not your current password.' }, values });
      const keys = [`addr:${keyedHash(config.secretKey, 'account-mail', newEmail)}`, ...(network(req) ? [`net:${network(req)}`] : [])];
      const wait = await services.rateLimits.consumeAccountMail(keys);
      if (wait > 0) return tooMany(req, res, wait);
      await services.accountEmail.requestEmailChange(req.user!.id, newEmail, networkRef(config, req));
      await show(req, res, 200, {
        notice: (
          <p>
            A link to confirm <strong>{newEmail}</strong> is on its way (unless another account uses that address). Your address changes when you open it, within 24 hours.
          </p>
        ),
      });
    } catch (err) {
      failed(req, res, err, next);
    }
  });

  router.post('/account/sessions/end', requireUser, fields, sameOrigin, async (req: WebRequest, res, next) => {
    try {
      await services.webSessions.endAll(req.user!.id);
      res.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, secure, sameSite: 'lax' });
      res.redirect(303, '/login');
    } catch (err) {
      failed(req, res, err, next);
    }
  });

  // ---- deleting the account ----------------------------------------------------------------

  const deletePage = (req: WebRequest, error?: string) =>
    formPage(
      shellOf(req, req.user),
      'Delete your account',
      <>
        <p>Deleting your account cannot be undone. When you confirm with your password:</p>
        <ul>
          <li>You are signed out of every browser, and your account, its e-mail address and its password are removed.</li>
          <li>Every personal API token and OAuth application of the account stops working and is deleted, and every access an application was given for you is revoked.</li>
          <li>Your unpublished drafts and pending e-mail links are deleted.</li>
          <li>
            Events you published <strong>stay published</strong>, attributed to a former contributor: no account is linked to them any more, so nobody can correct or retract them
            as their contributor. Retract any you want taken down before you delete the account.
          </li>
          <li>Profiles and worlds you own stay public, with no owner.</li>
          <li>The audit trail keeps the account's id (never your address or password), as the operator's record of what happened.</li>
        </ul>
        {error ? (
          <p class="error" role="alert">
            One field needs your attention.
          </p>
        ) : null}
        <form method="post" action="/account/delete" class="form">
          <Field name="deletePassword" type="password" label="Your password" error={error} autocomplete="current-password" />
          <div class="actions">
            <button type="submit" class="btn primary">
              Delete my account
            </button>
            <a class="btn" href="/account">
              Keep my account
            </a>
          </div>
        </form>
      </>,
    );

  router.get('/account/delete', requireUser, (req: WebRequest, res) => {
    sendHtml(res, deletePage(req));
  });

  router.post('/account/delete', requireUser, fields, sameOrigin, async (req: WebRequest, res, next) => {
    try {
      const check = await services.signIn.confirmPassword(req.user!, bodyOf(req).deletePassword, network(req));
      if (check.kind === 'refused') return tooMany(req, res, check.retryAfterSeconds);
      if (check.kind === 'wrong') return sendHtml(res.status(400), deletePage(req, 'That is not your password.'));
      await services.accountSettings.deleteAccount(req.user!, networkRef(config, req));
      res.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, secure, sameSite: 'lax' });
      sendHtml(
        res,
        formPage(
          shellOf(req),
          'Account deleted',
          <>
            <p>Your account is deleted and you are signed out everywhere. What you published stays, attributed to a former contributor.</p>
            <p>
              <a href="/">Back to the events</a>
            </p>
          </>,
        ),
      );
    } catch (err) {
      failed(req, res, err, next);
    }
  });

  // ---- confirming a new address by link (as /verify-email: the link shows a button that posts) ----

  const invalidLink = (req: WebRequest, res: Response, detail?: string, status = 400) =>
    sendHtml(res.status(status), errorPage(shellOf(req, req.user), 'Link not valid', detail ?? 'This link is not valid: it was already used, has expired, or was replaced by a newer one.', <p><a href="/account">Your account</a></p>));

  router.get('/confirm-email-change', async (req: WebRequest, res, next) => {
    try {
      const token = req.query.token;
      if (!(await services.accountEmail.isLive('change_email', token))) return invalidLink(req, res);
      sendHtml(
        res,
        formPage(
          shellOf(req, req.user),
          'Confirm your new e-mail address',
          <form method="post" action="/confirm-email-change">
            <input type="hidden" name="token" value={String(token)} />
            <div class="actions">
              <button type="submit" class="btn primary">
                Use this address for my account
              </button>
            </div>
          </form>,
        ),
      );
    } catch (err) {
      next(err);
    }
  });

  router.post('/confirm-email-change', fields, sameOrigin, async (req: WebRequest, res, next) => {
    try {
      const { email } = await services.accountEmail.confirmEmailChange(bodyOf(req).token, networkRef(config, req));
      sendHtml(
        res,
        formPage(
          shellOf(req, req.user),
          'E-mail address changed',
          <>
            <p>
              Your account now uses <strong>{email}</strong>. We told your old address about the change.
            </p>
            <p>
              <a href={req.user ? '/account' : '/login'}>Continue</a>
            </p>
          </>,
        ),
      );
    } catch (err) {
      if (err instanceof AppError && (err.status === 400 || err.status === 409)) return invalidLink(req, res, err.options.detail, err.status);
      next(err);
    }
  });

  return router;
}

/** The signed-in browsers: what they are, when they signed in and when they were last seen. */
function SessionTable({ sessions }: { sessions: SessionSummary[] }) {
  return (
    <div class="table-wrap" tabindex={0} role="region" aria-label="Signed-in browsers">
      <table>
        <thead>
          <tr>
            <th scope="col">Browser</th>
            <th scope="col">Signed in</th>
            <th scope="col">Last seen</th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((s) => (
            <tr>
              <td>
                {s.browser ?? 'Unknown browser'}
                {s.current ? <strong> (this browser)</strong> : null}
              </td>
              <td>
                <When at={s.createdAt} zone="UTC" />
              </td>
              <td>
                <When at={s.lastSeenAt} zone="UTC" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
