import express, { type Request, type RequestHandler, type Response, Router } from 'express';
import { sendHtml } from '../encoding.js';
import type { ComponentChildren } from 'preact';
import type { Config } from '../../config.js';
import type { Services } from '../../services/index.js';
import type { UserRow } from '../../repositories/users.js';
import { SESSION_COOKIE } from '../../services/identity/webSessions.js';
import { normalizeEmail } from '../../services/identity/users.js';
import { AppError } from '../../services/errors.js';
import { keyedHash } from '../../lib/crypto.js';
import { networkRef } from '../clientAddress.js';
import { readForm } from '../requestGuards.js';
import { errorPage, formPage, type PageShell } from './pages/Account.js';

type WebRequest = Request & { user?: UserRow };

/** The page guards the other web forms use (routes.ts): no-store, the signed-in user, same-origin posts. */
export interface PageGuards {
  noStore: RequestHandler;
  loadUser: RequestHandler;
  requireUser: RequestHandler;
  sameOrigin: RequestHandler;
}

const FORGOT_ANSWER = (
  <>
    <p>If an account uses that address, a message with a link to choose a new password is on its way. The link works once, for 1 hour.</p>
    <p>
      <a href="/login">Back to sign-in</a>
    </p>
  </>
);

/**
 * Account e-mail pages (decisions §6): confirming an address and resetting a password by link.
 * A link opens a page whose button posts the token: following a link (mail scanners, previews)
 * never uses it. Tokens travel in the query of the link and in the form body, neither of which
 * the request log records.
 */
export function accountEmailRoutes(config: Config, services: Services, guards: PageGuards): Router {
  const router = Router();
  const { noStore, loadUser, requireUser, sameOrigin } = guards;
  const secure = config.publicBaseUrl.startsWith('https://');
  const fields = readForm('16kb');
  const emptyForm = express.urlencoded({ extended: false, limit: '1kb' });
  const account = services.accountEmail;
  const shellOf = (req: Request, user?: UserRow): PageShell => ({ baseUrl: config.publicBaseUrl, path: req.path, user, signUp: config.signUp === 'open' });

  router.use(['/verify-email', '/forgot-password', '/reset-password'], noStore, loadUser);

  /** Mail requests count per address, and per network when client addresses are known (as sign-in). */
  const mailLimitKeys = (req: Request, email: string) => {
    const keys = [`addr:${keyedHash(config.secretKey, 'account-mail', normalizeEmail(email))}`];
    if (config.clientIp.source !== 'none') keys.push(`net:${networkRef(config, req)}`);
    return keys;
  };
  const tooMany = (req: Request, res: Response, wait: number, title: string, user?: UserRow) => {
    res.status(429).setHeader('Retry-After', String(wait));
    sendHtml(res, errorPage(shellOf(req, user), title, `Too many requests for now. Try again in ${Math.ceil(wait / 60)} minutes.`));
  };
  const invalidLinkPage = (req: Request, res: Response, err: AppError | undefined, retry: ComponentChildren, user?: UserRow) =>
    sendHtml(res.status(400), errorPage(shellOf(req, user), 'Link not valid', err?.options.detail ?? 'This link is not valid: it was already used, has expired, or was replaced by a newer one.', retry));
  const tokenOf = (req: Request) => String((req.body as Record<string, unknown>).token ?? '');

  // ---- e-mail verification ------------------------------------------------------------------

  const verifyAgain = (
    <p>
      Signed in, you can ask for a new link on the <a href="/developer">developer page</a>.
    </p>
  );

  router.get('/verify-email', async (req: WebRequest, res, next) => {
    try {
      const token = req.query.token;
      if (!(await account.isLive('verify_email', token))) return invalidLinkPage(req, res, undefined, verifyAgain, req.user);
      sendHtml(res, 
        formPage(
          shellOf(req, req.user),
          'Confirm your e-mail address',
          <form method="post" action="/verify-email">
            <input type="hidden" name="token" value={String(token)} />
            <div class="actions">
              <button type="submit" class="btn primary">
                Confirm my e-mail address
              </button>
            </div>
          </form>,
        ),
      );
    } catch (err) {
      next(err);
    }
  });

  router.post('/verify-email', fields, sameOrigin, async (req: WebRequest, res, next) => {
    try {
      await account.verifyEmail(tokenOf(req), networkRef(config, req));
      sendHtml(res, 
        formPage(
          shellOf(req, req.user),
          'E-mail address confirmed',
          <>
            <p>Your e-mail address is confirmed.</p>
            <p>
              <a href={req.user ? '/developer' : '/login'}>Continue</a>
            </p>
          </>,
        ),
      );
    } catch (err) {
      if (err instanceof AppError && err.status === 400) return invalidLinkPage(req, res, err, verifyAgain, req.user);
      next(err);
    }
  });

  router.post('/verify-email/send', requireUser, emptyForm, sameOrigin, async (req: WebRequest, res, next) => {
    const user = req.user!;
    try {
      const wait = await services.rateLimits.consumeAccountMail(mailLimitKeys(req, user.email));
      if (wait > 0) return tooMany(req, res, wait, 'Confirm your e-mail address', user);
      const outcome = await account.sendVerification(user.id, { kind: 'web_session', networkRef: networkRef(config, req) });
      sendHtml(res, 
        formPage(
          shellOf(req, user),
          'Confirm your e-mail address',
          <>
            {outcome.sent ? (
              <p>
                A link to confirm <strong>{user.email}</strong> is on its way. It works once, for 24 hours.
              </p>
            ) : (
              <p>Your e-mail address is already confirmed.</p>
            )}
            <p>
              <a href="/developer">Back</a>
            </p>
          </>,
        ),
      );
    } catch (err) {
      if (err instanceof AppError && err.status === 503) {
        res.status(503).setHeader('Retry-After', String(err.options.retryAfterSeconds ?? 60));
        return sendHtml(res, errorPage(shellOf(req, user), 'Confirm your e-mail address', err.options.detail ?? err.title));
      }
      next(err);
    }
  });

  // ---- password reset -----------------------------------------------------------------------

  const forgotForm = (req: Request, error?: string) =>
    formPage(
      shellOf(req),
      'Forgot your password?',
      <>
        {error ? <p class="error">{error}</p> : null}
        <form method="post" action="/forgot-password" class="form">
          <label>
            E-mail <input type="email" name="email" required autocomplete="username" />
          </label>
          <div class="actions">
            <button type="submit" class="btn primary">
              Send me a link
            </button>
          </div>
        </form>
      </>,
    );

  router.get('/forgot-password', (req, res) => {
    sendHtml(res, forgotForm(req));
  });

  router.post('/forgot-password', fields, sameOrigin, async (req, res, next) => {
    try {
      const email = String((req.body as Record<string, unknown>).email ?? '').trim();
      if (!email || email.length > 320) return sendHtml(res.status(400), forgotForm(req, 'Enter the e-mail address of your account.'));
      // Counted before the account is looked up, so the answer is the same for unknown addresses.
      const wait = await services.rateLimits.consumeAccountMail(mailLimitKeys(req, email));
      if (wait > 0) return tooMany(req, res, wait, 'Forgot your password?');
      account.requestPasswordReset(email, networkRef(config, req));
      sendHtml(res, formPage(shellOf(req), 'Check your e-mail', FORGOT_ANSWER));
    } catch (err) {
      next(err);
    }
  });

  const resetForm = (req: Request, token: string, error?: string) =>
    formPage(
      shellOf(req),
      'Choose a new password',
      <>
        {error ? <p class="error">{error}</p> : null}
        <form method="post" action="/reset-password" class="form">
          <input type="hidden" name="token" value={token} />
          <label>
            New password (at least 10 characters) <input type="password" name="password" required minLength={10} autocomplete="new-password" />
          </label>
          <label>
            Repeat it <input type="password" name="confirm" required minLength={10} autocomplete="new-password" />
          </label>
          <div class="actions">
            <button type="submit" class="btn primary">
              Set the new password
            </button>
          </div>
        </form>
        <p>Setting it signs out every browser signed in to your account. Personal API tokens keep working.</p>
      </>,
    );
  const resetAgain = (
    <p>
      <a href="/forgot-password">Ask for a new link</a>
    </p>
  );

  router.get('/reset-password', async (req, res, next) => {
    try {
      const token = req.query.token;
      if (!(await account.isLive('reset_password', token))) return invalidLinkPage(req, res, undefined, resetAgain);
      sendHtml(res, resetForm(req, String(token)));
    } catch (err) {
      next(err);
    }
  });

  router.post('/reset-password', fields, sameOrigin, async (req, res, next) => {
    const token = tokenOf(req);
    try {
      const { password, confirm } = req.body as Record<string, unknown>;
      if (typeof password !== 'string' || password !== confirm) return sendHtml(res.status(400), resetForm(req, token, 'The two passwords differ.'));
      await account.resetPassword(token, password, networkRef(config, req));
      res.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, secure, sameSite: 'lax' });
      sendHtml(res, 
        formPage(
          shellOf(req),
          'Password changed',
          <>
            <p>Your password is changed and every session was signed out.</p>
            <p>
              <a href="/login">Sign in</a>
            </p>
          </>,
        ),
      );
    } catch (err) {
      if (err instanceof AppError && err.options.code === 'LINK_INVALID') return invalidLinkPage(req, res, err, resetAgain);
      if (err instanceof AppError && err.status === 400) return sendHtml(res.status(400), resetForm(req, token, err.options.detail ?? err.title));
      next(err);
    }
  });

  return router;
}
