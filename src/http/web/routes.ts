import express, { type Request, type Response, type NextFunction, Router } from 'express';
import { parse as parseCookies } from 'cookie';
import type { Config } from '../../config.js';
import type { Services } from '../../services/index.js';
import { SESSION_COOKIE } from '../../services/identity/webSessions.js';
import { AppError, problems } from '../../services/errors.js';
import { scopes } from '../../generated/contract.js';
import type { UserRow } from '../../repositories/users.js';
import { esc, page } from './html.js';
import { pageHeaders, pagePolicy } from './pageHeaders.js';
import { networkRef } from '../clientAddress.js';
import { createAjv } from '../../contract/ajv.js';
import { contractDocument } from '../../contract/document.js';
import type { Schemas } from '../../contract/types.js';
import { readForm } from '../requestGuards.js';
import { unstorableText } from '../../services/sanitize.js';
import { accountEmailRoutes } from './accountPages.js';
import { sendHtml } from '../encoding.js';

type WebRequest = Request & { user?: UserRow };

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

  const loadUser = async (req: WebRequest, _res: Response, next: NextFunction) => {
    try {
      const value = parseCookies(req.headers.cookie ?? '')[SESSION_COOKIE];
      req.user = await services.webSessions.resolve(value);
      next();
    } catch (err) {
      next(err);
    }
  };

  /** Cross-site form posts are refused: a present Origin must be ours; production requires one. */
  const sameOrigin = (req: Request, res: Response, next: NextFunction) => {
    const origin = req.headers.origin;
    if ((origin && origin !== ownOrigin) || (!origin && config.env === 'production')) {
      sendHtml(res.status(403), page('Refused', '<p class="error">Cross-site form submission refused.</p>'));
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
  for (const name of ['tokenId', 'clientId']) {
    router.param(name, (_req, _res, next, value: unknown) => {
      const message = typeof value === 'string' ? unstorableText(value) : undefined;
      next(message ? problems.validation([{ parameter: name, message }]) : undefined);
    });
  }

  const loginForm = (next: string, error?: string) =>
    page(
      'Sign in',
      `${error ? `<p class="error">${esc(error)}</p>` : ''}
<form method="post" action="/login">
<input type="hidden" name="next" value="${esc(next)}">
<label>E-mail <input type="email" name="email" required autocomplete="username"></label>
<label>Password <input type="password" name="password" required autocomplete="current-password"></label>
<button type="submit">Sign in</button></form>
<p><a href="/forgot-password">Forgot your password?</a></p>
<p>Accounts are created by the operator: <code>npm run cli -- user create --email you@example.org</code>.</p>`,
    );

  router.get('/login', (req: WebRequest, res) => {
    const nextPath = safeNext(req.query.next);
    if (req.user) return res.redirect(303, nextPath);
    // Signing in to continue an authorization can end, through redirects, on the client's
    // redirect URI (when consent was given before); browsers hold those redirects to form-action.
    if (nextPath.startsWith('/oauth/interaction/')) {
      res.setHeader('Content-Security-Policy', pagePolicy(null));
    }
    sendHtml(res, loginForm(nextPath));
  });

  router.post('/login', fields, sameOrigin, async (req: WebRequest, res, next) => {
    try {
      const { email, password } = req.body as Record<string, unknown>;
      // Failures are counted per account from this network, per account and per network
      // (SignInService); without a configured client-address source, only per account.
      const outcome = await services.signIn.attempt(email, password, config.clientIp.source === 'none' ? undefined : networkRef(config, req));
      if (outcome.kind === 'refused') {
        res.status(429).setHeader('Retry-After', String(outcome.retryAfterSeconds));
        sendHtml(res, loginForm(safeNext(req.body?.next), `Too many failed sign-ins. Try again in ${Math.ceil(outcome.retryAfterSeconds / 60)} minutes.`));
        return;
      }
      if (outcome.kind === 'wrong') {
        sendHtml(res.status(401), loginForm(safeNext(req.body?.next), 'Unknown e-mail or wrong password.'));
        return;
      }
      const { user } = outcome;
      const session = await services.webSessions.start(user.id);
      res.cookie(SESSION_COOKIE, session.value, {
        httpOnly: true,
        secure,
        sameSite: 'lax',
        path: '/',
        expires: new Date(session.expiresAt),
      });
      res.redirect(303, safeNext(req.body?.next));
    } catch (err) {
      // The throttle's store (or the database) unreachable: a readable page, not a problem document.
      if (err instanceof AppError && err.status === 503) {
        res.status(503).setHeader('Retry-After', String(err.options.retryAfterSeconds ?? 5));
        return sendHtml(res, loginForm(safeNext(req.body?.next), 'Signing in is unavailable for a moment. Try again shortly.'));
      }
      next(err);
    }
  });

  router.get('/logout', (req: WebRequest, res) => {
    sendHtml(res, page('Sign out', '<form method="post" action="/logout"><button>Sign out</button></form>', req.user));
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

  const tokensSection = async (user: UserRow) => {
    const { tokens } = await services.tokens.list(user.id, { includeRevoked: true, limit: 100 });
    const rows = tokens
      .map(
        (t) => `<tr><td>${esc(t.label)}</td><td><code>${esc(t.tokenPrefix)}…</code></td><td>${esc(t.scopes.join(' '))}</td><td>${esc(t.status)}</td>
<td>${t.lastUsedAt ? new Date(t.lastUsedAt).toISOString() : '—'}</td><td>${
          t.status === 'active'
            ? `<form method="post" action="/developer/tokens/${esc(t.id)}/revoke"><button>Revoke</button></form>`
            : ''
        }</td></tr>`,
      )
      .join('');
    const boxes = scopes
      .map((s) => `<label><input type="checkbox" name="scopes" value="${esc(s)}"${s === 'public:read' ? ' checked' : ''}> ${esc(s)}</label>`)
      .join('');
    return `<h3>Personal API tokens</h3>
<table><thead><tr><th>Label</th><th>Prefix</th><th>Scopes</th><th>Status</th><th>Last used</th><th></th></tr></thead><tbody>${rows || '<tr><td colspan="6">No tokens yet.</td></tr>'}</tbody></table>
<h4>New token</h4>
<form method="post" action="/developer/tokens">
<label>Label <input type="text" name="label" required maxlength="80"></label>
<fieldset><legend>Scopes</legend>${boxes}</fieldset>
<button type="submit">Create token</button></form>`;
  };

  const oauthAppsSection = async (user: UserRow) => {
    const { applications } = await services.oauthApps.list(user.id, { includeRevoked: true, limit: 100 });
    const communities = await services.oauthApps.ownedCommunities(user.id);
    const communityName = new Map(communities.map((c) => [c.id, c.displayName]));
    const rows = applications
      .map((a) => {
        const action = `/developer/oauth-apps/${esc(encodeURIComponent(a.clientId))}`;
        const owner = a.ownerKind === 'community' ? communityName.get(a.ownerCommunityProfileId ?? '') ?? 'community' : 'you';
        const buttons =
          a.status === 'active'
            ? `${a.clientType === 'confidential' ? `<form method="post" action="${action}/secrets"><button>New secret</button></form>` : ''}<form method="post" action="${action}/revoke"><button>Revoke</button></form>`
            : '';
        return `<tr><td>${esc(a.displayName)}</td><td><code>${esc(a.clientId)}</code></td><td>${esc(a.clientType)}</td><td>${esc(owner)}</td>
<td>${a.redirectUris.map(esc).join('<br>')}</td><td>${esc(a.allowedScopes.join(' '))}</td><td>${esc(a.status)}</td>
<td>${a.activeSecretPrefixes.map((p) => `<code>${esc(p)}…</code>`).join('<br>') || '—'}</td><td>${buttons}</td></tr>`;
      })
      .join('');
    const scopeBoxes = oauthScopes
      .map((s) => `<label><input type="checkbox" name="scopes" value="${esc(s)}"${s === 'public:read' ? ' checked' : ''}> ${esc(s)}</label>`)
      .join('');
    const grantBoxes = oauthGrants
      .map((g) => `<label><input type="checkbox" name="grants" value="${esc(g)}"${defaultGrants.has(g) ? ' checked' : ''}> ${esc(g)}</label>`)
      .join('');
    const owners = communities.length
      ? `<label>Owner <select name="ownerCommunitySlug"><option value="">You</option>${communities
          .map((c) => `<option value="${esc(c.slug)}">${esc(c.displayName)}</option>`)
          .join('')}</select></label>`
      : '';
    return `<h3>OAuth applications</h3>
<table><thead><tr><th>Name</th><th>Client ID</th><th>Type</th><th>Owner</th><th>Redirect URIs</th><th>Scopes</th><th>Status</th><th>Secrets</th><th></th></tr></thead><tbody>${
      rows || '<tr><td colspan="9">No applications yet.</td></tr>'
    }</tbody></table>
<h4>New application</h4>
<form method="post" action="/developer/oauth-apps">
<label>Name <input type="text" name="displayName" required maxlength="80"></label>
<label>Client type <select name="clientType"><option value="confidential">confidential (a server that keeps a secret)</option><option value="public">public (browser or native app)</option></select></label>
${owners}
<label>Redirect URIs, one per line (https, or http on 127.0.0.1, [::1] or localhost)<br><textarea name="redirectUris" rows="3" cols="60" required></textarea></label>
<fieldset><legend>Grants</legend>${grantBoxes}</fieldset>
<fieldset><legend>Scopes</legend>${scopeBoxes}</fieldset>
<button type="submit">Register application</button></form>`;
  };

  /** Unverified addresses can ask for a confirmation link (decisions §6). */
  const verifyNotice = (user: UserRow) =>
    user.emailVerifiedAt === null
      ? `<p>Your e-mail address <strong>${esc(user.email)}</strong> is not confirmed yet.</p><form method="post" action="/verify-email/send"><button>Send me a confirmation link</button></form>`
      : '';

  const developerPage = async (user: UserRow, extra = '') =>
    page('Developer', `${verifyNotice(user)}${extra}\n${await tokensSection(user)}\n${await oauthAppsSection(user)}`, user);

  /** A refusal of a form post, shown on the page (with each failing field, when there are several). */
  const refusedOnPage = async (res: Response, user: UserRow, err: AppError) => {
    const details = (err.options.errors ?? []).map((e) => `<li>${esc(e.pointer ?? e.parameter ?? '')} ${esc(e.message)}</li>`).join('');
    res
      .status(err.status)
      .type('html')
      .send(await developerPage(user, `<p class="error">${esc(err.options.detail ?? err.title)}</p>${details ? `<ul class="error">${details}</ul>` : ''}`));
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
      sendHtml(res, await developerPage(req.user!));
    } catch (err) {
      next(err);
    }
  });

  router.post('/developer/tokens', noStore, loadUser, requireUser, fields, sameOrigin, async (req: WebRequest, res, next) => {
    try {
      const raw = (req.body as Record<string, unknown>).scopes;
      const chosen = (Array.isArray(raw) ? raw : raw ? [raw] : []).map(String);
      const label = String((req.body as Record<string, unknown>).label ?? '').trim().slice(0, 80) || 'token';
      const { tokenValue } = await services.tokens.create(req.user!.id, { label, scopes: chosen.length ? chosen : undefined }, 'web_session');
      res
        .status(201)
        .type('html')
        .send(await developerPage(req.user!, `<p>Your new token — copy it now, it is not shown again:</p><p class="secret">${esc(tokenValue)}</p>`));
    } catch (err) {
      if (err instanceof AppError && err.status < 500) return refusedOnPage(res, req.user!, err);
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
      if (!input) return refusedOnPage(res, req.user!, error!);
      const { application, clientSecretValue } = await services.oauthApps.create(req.user!.id, input, 'web_session');
      const secret = clientSecretValue
        ? `<p>Its client secret — copy it now, it is not shown again:</p><p class="secret">${esc(clientSecretValue)}</p>`
        : '<p>A public client has no secret.</p>';
      res
        .status(201)
        .type('html')
        .send(await developerPage(req.user!, `<p>Registered <strong>${esc(application.displayName)}</strong> with client ID <code>${esc(application.clientId)}</code>.</p>${secret}`));
    } catch (err) {
      if (err instanceof AppError && err.status < 500) return refusedOnPage(res, req.user!, err);
      next(err);
    }
  });

  router.post('/developer/oauth-apps/:clientId/secrets', noStore, loadUser, requireUser, form, sameOrigin, async (req: WebRequest, res, next) => {
    try {
      const { application, clientSecretValue } = await services.oauthApps.createSecret(req.user!.id, String(req.params.clientId), {}, 'web_session');
      res
        .status(201)
        .type('html')
        .send(
          await developerPage(
            req.user!,
            `<p>New client secret for <code>${esc(application.clientId)}</code> — copy it now, it is not shown again (older secrets stay active):</p><p class="secret">${esc(clientSecretValue)}</p>`,
          ),
        );
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return res.redirect(303, '/developer');
      if (err instanceof AppError && err.status < 500) return refusedOnPage(res, req.user!, err);
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

  router.use(accountEmailRoutes(config, services, { noStore, loadUser, requireUser, sameOrigin }));

  return router;
}
