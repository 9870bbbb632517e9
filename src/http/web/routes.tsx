import express, { type Request, type Response, type NextFunction, Router } from 'express';
import { sendHtml } from '../encoding.js';
import type { ComponentChildren } from 'preact';
import { parse as parseCookies } from 'cookie';
import type { Config } from '../../config.js';
import type { Services } from '../../services/index.js';
import { SESSION_COOKIE } from '../../services/identity/webSessions.js';
import type { FormOnce } from '../../services/identity/formNonces.js';
import { AppError, problems } from '../../services/errors.js';
import { scopes } from '../../generated/contract.js';
import type { UserRow } from '../../repositories/users.js';
import { errorPage, formPage, type PageShell } from './pages/Account.js';
import { DeveloperPage, type DeveloperData } from './pages/Developer.js';
import { renderFormPage } from './ui/render.js';
import { pageHeaders, pagePolicy } from './pageHeaders.js';
import { networkRef } from '../clientAddress.js';
import { createAjv } from '../../contract/ajv.js';
import { contractDocument } from '../../contract/document.js';
import type { Schemas } from '../../contract/types.js';
import { readForm } from '../requestGuards.js';
import { unstorableText } from '../../services/sanitize.js';
import { accountEmailRoutes } from './accountPages.js';
import { signUpRoutes } from './signUpPages.js';
import { accountSettingsRoutes } from './accountSettingsPages.js';
import { sessionForms } from './sessionForms.js';
import { contributionListRoutes } from './contributionListPages.js';
import { mediaKitRoutes } from './mediaKitPages.js';
import { profileEditRoutes } from './profileEditPages.js';
import { ownerEventRoutes } from './ownerEventPages.js';
import { contributeRoutes } from './contributePages.js';

type WebRequest = Request & { user?: UserRow; sessionRef?: string };

/** A form field that may repeat (checkboxes), as a list of strings. */
const many = (raw: unknown): string[] => (Array.isArray(raw) ? raw : raw !== undefined && raw !== '' ? [raw] : []).map(String);

/** Plain server-rendered pages: sign-in, sign-out and the developer page (tokens and OAuth apps). */
export function webRoutes(config: Config, services: Services): Router {
  const router = Router();
  const secure = config.publicBaseUrl.startsWith('https://');
  const ownOrigin = new URL(config.publicBaseUrl).origin;
  const form = express.urlencoded({ extended: false, limit: '16kb' });
  // Routes that read their fields: a form body is required (no body or JSON answers 400, not a 500).
  const fields = readForm('16kb');
  // The OAuth application form is checked against the contract's own request schema, like the API route.
  const contract = contractDocument();
  const ajv = createAjv();
  ajv.addSchema(contract, 'openapi.json');
  const validAppRequest = ajv.compile<Schemas['DeveloperOAuthAppCreateRequest']>({ $ref: 'openapi.json#/components/schemas/DeveloperOAuthAppCreateRequest' });
  const oauthScopes: string[] = contract.components.schemas.OAuthScope.enum;
  const oauthGrants: string[] = contract.components.schemas.OAuthGrantType.enum;
  const defaultGrants = new Set(['authorization_code', 'refresh_token']);

  const noStore = pageHeaders({ noStore: true });
  const shellOf = (req: Request, user?: UserRow): PageShell => ({ baseUrl: config.publicBaseUrl, path: req.path, user, signUp: config.signUp === 'open' });

  const loadUser = async (req: WebRequest, _res: Response, next: NextFunction) => {
    try {
      const value = parseCookies(req.headers.cookie ?? '')[SESSION_COOKIE];
      const session = await services.webSessions.resolveForPage(value);
      req.user = session?.user;
      req.sessionRef = session?.ref;
      next();
    } catch (err) {
      next(err);
    }
  };

  /** Cross-site form posts are refused: a present Origin must be ours; production requires one. */
  const sameOrigin = (req: Request, res: Response, next: NextFunction) => {
    const origin = req.headers.origin;
    if ((origin && origin !== ownOrigin) || (!origin && config.env === 'production')) {
      sendHtml(res.status(403), errorPage(shellOf(req), 'Refused', 'Cross-site form submission refused.'));
      return;
    }
    next();
  };

  const requireUser = (req: WebRequest, res: Response, next: NextFunction) => {
    if (!req.user) return res.redirect(303, `/login?next=${encodeURIComponent(req.originalUrl)}`);
    next();
  };

  const safeNext = (value: unknown) => (typeof value === 'string' && /^\/(?![/\\])/.test(value) ? value : '/developer');

  router.use(['/login', '/logout', '/developer'], noStore, loadUser);
  // Ids in page paths: one holding NUL names nothing and must not reach the database (400, as the API).
  for (const name of ['tokenId', 'clientId', 'secretId']) {
    router.param(name, (_req, _res, next, value: unknown) => {
      const message = typeof value === 'string' ? unstorableText(value) : undefined;
      next(message ? problems.validation([{ parameter: name, message }]) : undefined);
    });
  }

  const loginForm = (req: Request, next: string, error?: string) =>
    formPage(
      shellOf(req),
      'Sign in',
      <>
        {error ? <p class="error">{error}</p> : null}
        <form method="post" action="/login" class="form">
          <input type="hidden" name="next" value={next} />
          <label>
            E-mail <input type="email" name="email" required autocomplete="username" />
          </label>
          <label>
            Password <input type="password" name="password" required autocomplete="current-password" />
          </label>
          <div class="actions">
            <button type="submit" class="btn primary">
              Sign in
            </button>
          </div>
        </form>
        <p>
          <a href="/forgot-password">Forgot your password?</a>
        </p>
        {config.signUp === 'open' ? (
          <p>
            New here? <a href="/signup">Create an account</a>
          </p>
        ) : config.signUp === 'invite' ? (
          <p class="muted">New accounts need an invite link from the operator of this site: open it to create your account.</p>
        ) : (
          <p class="muted">
            Accounts are created by the operator: <code>npm run cli -- user create --email you@example.org</code>.
          </p>
        )}
      </>,
    );

  router.get('/login', (req: WebRequest, res) => {
    const nextPath = safeNext(req.query.next);
    if (req.user) return res.redirect(303, nextPath);
    // Signing in to continue an authorization can end, through redirects, on the client's
    // redirect URI (when consent was given before); browsers hold those redirects to form-action.
    if (nextPath.startsWith('/oauth/interaction/')) {
      res.setHeader('Content-Security-Policy', pagePolicy(null));
    }
    sendHtml(res, loginForm(req, nextPath));
  });

  router.post('/login', fields, sameOrigin, async (req: WebRequest, res, next) => {
    try {
      const { email, password } = req.body as Record<string, unknown>;
      // Failures are counted per account from this network, per account and per network
      // (SignInService); without a configured client-address source, only per account.
      const outcome = await services.signIn.attempt(email, password, config.clientIp.source === 'none' ? undefined : networkRef(config, req));
      if (outcome.kind === 'refused') {
        res.status(429).setHeader('Retry-After', String(outcome.retryAfterSeconds));
        sendHtml(res, loginForm(req, safeNext(req.body?.next), `Too many failed sign-ins. Try again in ${Math.ceil(outcome.retryAfterSeconds / 60)} minutes.`));
        return;
      }
      if (outcome.kind === 'wrong') {
        sendHtml(res.status(401), loginForm(req, safeNext(req.body?.next), 'Unknown e-mail or wrong password.'));
        return;
      }
      const { user } = outcome;
      const session = await services.webSessions.start(user.id, req.headers['user-agent']);
      res.cookie(SESSION_COOKIE, session.value, {
        httpOnly: true,
        secure,
        sameSite: 'lax',
        path: '/',
        // A lifetime (Max-Age), not a date: the browser counts it on its own clock, so a clock
        // apart from the server's (the user's, or the server's injected one) cannot end the session early.
        maxAge: Math.max(0, session.expiresAt - services.clock.now()),
      });
      res.redirect(303, safeNext(req.body?.next));
    } catch (err) {
      // The throttle's store (or the database) unreachable: a readable page, not a problem document.
      if (err instanceof AppError && err.status === 503) {
        res.status(503).setHeader('Retry-After', String(err.options.retryAfterSeconds ?? 5));
        return sendHtml(res, loginForm(req, safeNext(req.body?.next), 'Signing in is unavailable for a moment. Try again shortly.'));
      }
      next(err);
    }
  });

  router.get('/logout', (req: WebRequest, res) => {
    sendHtml(res, 
      formPage(
        shellOf(req, req.user),
        'Sign out',
        <form method="post" action="/logout" class="actions">
          <button type="submit" class="btn primary">
            Sign out
          </button>
        </form>,
      ),
    );
  });

  router.post('/logout', form, sameOrigin, async (req, res, next) => {
    try {
      await services.webSessions.end(parseCookies(req.headers.cookie ?? '')[SESSION_COOKIE]);
      res.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, secure, sameSite: 'lax' });
      res.redirect(303, '/login');
    } catch (err) {
      next(err);
    }
  });

  /** What the developer page shows: the account's tokens and OAuth applications, and the forms' choices. */
  const developerData = async (user: UserRow): Promise<DeveloperData> => {
    const [{ tokens }, { applications }, communities] = await Promise.all([
      services.tokens.list(user.id, { includeRevoked: true, limit: 100 }),
      services.oauthApps.list(user.id, { includeRevoked: true, limit: 100 }),
      services.oauthApps.ownedCommunities(user.id),
    ]);
    return {
      user,
      tokens,
      applications,
      communities,
      tokenScopes: scopes,
      oauthScopes,
      oauthGrants,
      defaultGrants,
      now: services.clock.now(),
      nonce: () => services.formNonces.issue(user.id),
    };
  };

  const developerPage = async (req: Request, user: UserRow, notice?: ComponentChildren) =>
    renderFormPage(<DeveloperPage shell={shellOf(req, user)} data={await developerData(user)} notice={notice} />);

  /** A refusal of a form post, shown on the page (with each failing field, when there are several). */
  const refusedOnPage = async (req: Request, res: Response, user: UserRow, err: AppError) => {
    const details = err.options.errors ?? [];
    sendHtml(res.status(err.status), 
        await developerPage(
          req,
          user,
          <>
            <p class="error">{err.options.detail ?? err.title}</p>
            {details.length ? (
              <ul class="error">
                {details.map((e) => (
                  <li>
                    {e.pointer ?? e.parameter ?? ''} {e.message}
                  </li>
                ))}
              </ul>
            ) : null}
          </>,
        ),
      );
  };

  /**
   * A create form that created nothing now: sent again (a refresh re-sends the POST, or two sends
   * raced), or carrying no nonce of this user's that still counts. Secrets are shown once and
   * never stored, so a repeat can only point at what the first send created.
   */
  const answerNotCreated = async (req: Request, res: Response, user: UserRow, outcome: Exclude<FormOnce<unknown>, { kind: 'created' }>) => {
    if (outcome.kind === 'invalid') {
      return sendHtml(
        res.status(400),
        await developerPage(
          req,
          user,
          <p class="error">This form has expired or was not made for this page, so nothing was created. Fill in the form below and send it again.</p>,
        ),
      );
    }
    const what = { api_token: 'token', oauth_app: 'application', oauth_secret: 'client secret' }[outcome.purpose];
    const anchor =
      outcome.createdRef === null
        ? outcome.purpose === 'api_token'
          ? '#tokens'
          : '#oauth-apps'
        : `#${{ api_token: 'token', oauth_app: 'app', oauth_secret: 'secret' }[outcome.purpose]}-${outcome.createdRef}`;
    sendHtml(
      res.status(200),
      await developerPage(
        req,
        user,
        <div class="notice">
          <p>
            This form was already sent, so nothing new was created: the {what} it created is <a href={anchor}>in the list below</a>.
          </p>
          <p>
            {outcome.purpose === 'oauth_app' ? 'A confidential application’s client secret' : 'Its value'} was shown once, when it was created, and cannot be shown again. If you did not copy it,
            {outcome.purpose === 'api_token' ? ' revoke the token and create another.' : ' make a new secret and revoke the one you did not keep.'}
          </p>
        </div>,
      ),
    );
  };

  /** The create form as the contract's request body; undefined (with the reasons) when it does not fit. */
  const appRequestOf = (body: Record<string, unknown>): { input?: Schemas['DeveloperOAuthAppCreateRequest']; error?: AppError } => {
    const candidate: Record<string, unknown> = {
      displayName: String(body.displayName ?? '').trim(),
      clientType: String(body.clientType ?? 'confidential'),
      redirectUris: String(body.redirectUris ?? '')
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    };
    const grants = many(body.grants);
    if (grants.length) candidate.allowedGrants = grants;
    const chosen = many(body.scopes);
    if (chosen.length) candidate.allowedScopes = chosen;
    const owner = String(body.ownerCommunitySlug ?? '');
    if (owner) candidate.ownerCommunitySlug = owner;
    if (validAppRequest(candidate)) return { input: candidate };
    const errors = (validAppRequest.errors ?? []).map((e) => ({ pointer: e.instancePath, message: e.message ?? 'is invalid' }));
    return { error: problems.validation(errors) };
  };

  router.get('/developer', requireUser, async (req: WebRequest, res, next) => {
    try {
      sendHtml(res, await developerPage(req, req.user!));
    } catch (err) {
      next(err);
    }
  });

  router.post('/developer/tokens', noStore, loadUser, requireUser, fields, sameOrigin, async (req: WebRequest, res, next) => {
    try {
      const body = req.body as Record<string, unknown>;
      const chosen = many(body.scopes);
      const label = String(body.label ?? '').trim().slice(0, 80) || 'token';
      const outcome = await services.formNonces.once(req.user!.id, 'api_token', body.formNonce, async () => {
        const created = await services.tokens.create(req.user!.id, { label, scopes: chosen.length ? chosen : undefined }, 'web_session');
        return { ref: created.token.id, result: created };
      });
      if (outcome.kind !== 'created') return answerNotCreated(req, res, req.user!, outcome);
      sendHtml(res.status(201), 
          await developerPage(
            req,
            req.user!,
            <>
              <p>Your new token — copy it now, it is not shown again:</p>
              <p class="secret">{outcome.result.tokenValue}</p>
            </>,
          ),
        );
    } catch (err) {
      if (err instanceof AppError && err.status < 500) return refusedOnPage(req, res, req.user!, err);
      next(err);
    }
  });

  router.post('/developer/tokens/:tokenId/revoke', noStore, loadUser, requireUser, form, sameOrigin, async (req: WebRequest, res, next) => {
    try {
      await services.tokens.revoke(req.user!.id, String(req.params.tokenId), 'web_session');
      res.redirect(303, '/developer');
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return res.redirect(303, '/developer');
      next(err);
    }
  });

  router.post('/developer/oauth-apps', noStore, loadUser, requireUser, fields, sameOrigin, async (req: WebRequest, res, next) => {
    try {
      const { input, error } = appRequestOf(req.body as Record<string, unknown>);
      if (!input) return refusedOnPage(req, res, req.user!, error!);
      const outcome = await services.formNonces.once(req.user!.id, 'oauth_app', (req.body as Record<string, unknown>).formNonce, async () => {
        const created = await services.oauthApps.create(req.user!.id, input, 'web_session');
        return { ref: created.application.clientId, result: created };
      });
      if (outcome.kind !== 'created') return answerNotCreated(req, res, req.user!, outcome);
      const { application, clientSecretValue } = outcome.result;
      sendHtml(res.status(201), 
          await developerPage(
            req,
            req.user!,
            <>
              <p>
                Registered <strong>{application.displayName}</strong> with client ID <code>{application.clientId}</code>.
              </p>
              {clientSecretValue ? (
                <>
                  <p>Its client secret — copy it now, it is not shown again:</p>
                  <p class="secret">{clientSecretValue}</p>
                </>
              ) : (
                <p>A public client has no secret.</p>
              )}
            </>,
          ),
        );
    } catch (err) {
      if (err instanceof AppError && err.status < 500) return refusedOnPage(req, res, req.user!, err);
      next(err);
    }
  });

  router.post('/developer/oauth-apps/:clientId/secrets', noStore, loadUser, requireUser, fields, sameOrigin, async (req: WebRequest, res, next) => {
    try {
      const clientId = String(req.params.clientId);
      const outcome = await services.formNonces.once(req.user!.id, 'oauth_secret', (req.body as Record<string, unknown>).formNonce, async () => {
        const created = await services.oauthApps.createSecret(req.user!.id, clientId, {}, 'web_session');
        return { ref: created.secretId, result: created };
      });
      if (outcome.kind !== 'created') return answerNotCreated(req, res, req.user!, outcome);
      const { application, clientSecretValue } = outcome.result;
      sendHtml(res.status(201), 
          await developerPage(
            req,
            req.user!,
            <>
              <p>
                New client secret for <code>{application.clientId}</code> — copy it now, it is not shown again (older secrets stay active until you revoke them):
              </p>
              <p class="secret">{clientSecretValue}</p>
            </>,
          ),
        );
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return res.redirect(303, '/developer');
      if (err instanceof AppError && err.status < 500) return refusedOnPage(req, res, req.user!, err);
      next(err);
    }
  });

  // One secret retired (after a leak); the application and its other secrets stay. Idempotent:
  // a secret already revoked, or not one the user can manage, leaves the page as it is.
  router.post('/developer/oauth-apps/:clientId/secrets/:secretId/revoke', noStore, loadUser, requireUser, form, sameOrigin, async (req: WebRequest, res, next) => {
    try {
      await services.oauthApps.revokeSecret(req.user!.id, String(req.params.clientId), String(req.params.secretId), 'web_session');
      res.redirect(303, `/developer#app-${encodeURIComponent(String(req.params.clientId))}`);
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return res.redirect(303, '/developer');
      next(err);
    }
  });

  router.post('/developer/oauth-apps/:clientId/revoke', noStore, loadUser, requireUser, form, sameOrigin, async (req: WebRequest, res, next) => {
    try {
      await services.oauthApps.revoke(req.user!.id, String(req.params.clientId), 'web_session');
      res.redirect(303, '/developer');
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return res.redirect(303, '/developer');
      next(err);
    }
  });

  const guards = { noStore, loadUser, requireUser, sameOrigin };
  // The signed-in person's writing pages act through `forms` (sessionForms.tsx): as the person,
  // in the rate limit of the API operation behind each form, with its problems next to the fields.
  const forms = sessionForms(config, services);
  router.use(accountEmailRoutes(config, services, guards));
  router.use(signUpRoutes(config, services, guards));
  router.use(contributionListRoutes(config, services, guards, forms));
  router.use(accountSettingsRoutes(config, services, guards, forms));
  // Before the profile pages: `/manage/events/…` is the owner's event pages (`events` is a reserved slug).
  router.use(ownerEventRoutes(config, services, guards, forms));
  router.use(mediaKitRoutes(config, services, guards, forms));
  router.use(profileEditRoutes(config, services, guards, forms));
  router.use(contributeRoutes(config, services, guards, forms));

  return router;
}
