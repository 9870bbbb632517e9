import express, { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { sendHtml } from './encoding.js';
import { parse as parseCookies } from 'cookie';
import type { Config } from '../config.js';
import type { Services } from '../services/index.js';
import type { OAuthIssuerService } from '../services/oauth/issuer.js';
import { API_RESOURCE_SCOPES, MCP_RESOURCE_SCOPES, OAUTH_SCOPES, type OAuthScope } from '../services/oauth/resources.js';
import { SCOPE_WORDS } from '../services/oauth/scopeWords.js';
import { SESSION_COOKIE } from '../services/identity/webSessions.js';
import { errorPage } from './web/pages/Account.js';
import { consentDocument } from './web/pages/Consent.js';
import { pageHeaders, pagePolicy } from './web/pageHeaders.js';
import { noteRoute } from './observability/routeInfo.js';
import { dynamicRegistrationRoutes } from './oauthRegistration.js';
import { networkRef } from './clientAddress.js';
import { rateLimitHeaders } from '../services/ratelimit/rateLimits.js';
import { unstorableText } from '../services/sanitize.js';

/** Contract 5.8: a client-credentials request without scope asks for public reads. */
const DEFAULT_SCOPE = 'public:read';
const JWT = /^eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** The consent page's policy: its form may lead to this server and to the client's redirect URI. */
export function consentPolicy(redirectUri: string): string {
  let origin = '';
  try {
    origin = new URL(redirectUri).origin;
  } catch {
    origin = '';
  }
  return pagePolicy(origin && origin !== 'null' ? ["'self'", origin] : ["'self'"]);
}

/** RFC 8414 metadata of this issuer (contract 4.11). */
export function authorizationServerMetadata(issuer: OAuthIssuerService) {
  const base = issuer.issuer;
  return {
    issuer: base,
    authorization_endpoint: `${base}/oauth/authorize`,
    token_endpoint: `${base}/oauth/token`,
    revocation_endpoint: `${base}/oauth/revoke`,
    registration_endpoint: `${base}/oauth/register`,
    jwks_uri: `${base}/oauth/jwks.json`,
    scopes_supported: [...OAUTH_SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    code_challenge_methods_supported: ['S256'],
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: true,
  };
}

/** RFC 9728 metadata of a protected resource (contract 4.11, 5.14). */
export function protectedResourceMetadata(issuer: OAuthIssuerService, resource: 'api' | 'mcp') {
  return {
    resource: issuer.resources[resource],
    authorization_servers: [issuer.issuer],
    scopes_supported: [...(resource === 'api' ? API_RESOURCE_SCOPES : MCP_RESOURCE_SCOPES)],
    bearer_methods_supported: ['header'],
    resource_name: resource === 'api' ? 'Marquee API' : 'Marquee MCP',
  };
}

/**
 * The issuer's HTTP surface: metadata documents, the sign-in and consent interaction, and
 * oidc-provider for `/oauth/*`. Mounted before any other body parser: only the token request
 * is read here, to give a client-credentials request without scope its default.
 */
export function oauthRoutes(config: Config, services: Services, issuer: OAuthIssuerService): Router {
  const router = Router();
  // oidc-provider loads with the first request that needs it (the metadata documents do not).
  let callback: Promise<ReturnType<Awaited<ReturnType<OAuthIssuerService['provider']>>['callback']>> | undefined;
  const ownOrigin = new URL(config.publicBaseUrl).origin;
  // The token and revocation bodies, refused (OAuth's `invalid_request`) when a parameter holds
  // what no stored value can (NUL, a lone surrogate): nothing such reaches a lookup.
  const urlencoded = express.urlencoded({ extended: false, limit: '16kb' });
  const form: RequestHandler = (req, res, next) =>
    urlencoded(req, res, (err?: unknown) => {
      if (err) return next(err);
      const unstorable = unstorableParameter(Object.entries((req.body ?? {}) as Record<string, unknown>));
      if (!unstorable) return next();
      res.setHeader('Cache-Control', 'no-store');
      res.status(400).json({ error: 'invalid_request', error_description: unstorable });
    });

  const noStore = pageHeaders({ noStore: true });
  const json = (body: unknown) => (_req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(body);
  };

  router.get('/.well-known/oauth-authorization-server', json(authorizationServerMetadata(issuer)));
  router.get('/.well-known/oauth-protected-resource', json(protectedResourceMetadata(issuer, 'api')));
  router.get('/.well-known/oauth-protected-resource/mcp', json(protectedResourceMetadata(issuer, 'mcp')));

  /**
   * Contract 8.3 rule 5: authorize GETs and consent POSTs count as `oauth_authorize`, token and
   * revocation POSTs as `oauth_token`, per client address, before any parsing or token work.
   * A refusal is an OAuth error (`temporarily_unavailable`) with the standard headers.
   */
  const limit = (routeClass: 'oauth_authorize' | 'oauth_token') => async (req: Request, res: Response, next: NextFunction) => {
    noteRoute(res, { routeClass });
    try {
      const net = networkRef(config, req);
      const identity = { key: `ip:${net}`, tier: 'standard' as const };
      const window = await services.rateLimits.consume(routeClass, identity);
      for (const [k, v] of Object.entries(rateLimitHeaders(window))) res.setHeader(k, v);
      if (window.allowed) return next();
      if (window.firstRefusal) await services.audit.recordRateLimitBlock(window, identity, 'anonymous', net);
      res.setHeader('Retry-After', String(window.retryAfterSeconds));
      res.setHeader('Cache-Control', 'no-store');
      res.status(429).json({ error: 'temporarily_unavailable', error_description: 'Too many requests from this address; retry after the Retry-After delay.' });
    } catch (err) {
      next(err);
    }
  };

  const signedInUser = async (req: Request) => services.webSessions.resolve(parseCookies(req.headers.cookie ?? '')[SESSION_COOKIE]);

  const refuse = (res: Response, status: number, message: string) => {
    // The authorize refusals come before any page's headers: the pages' policy, no-store.
    if (!res.getHeader('Content-Security-Policy')) res.setHeader('Content-Security-Policy', pagePolicy());
    res.setHeader('Cache-Control', 'no-store');
    return sendHtml(res.status(status), errorPage({ baseUrl: config.publicBaseUrl, path: res.req.path }, 'Authorization', message));
  };

  router.get('/oauth/interaction/:uid', noStore, async (req, res, next) => {
    try {
      const provider = await issuer.provider();
      const details = await provider.interactionDetails(req, res);
      const user = await signedInUser(req);
      if (details.prompt.name === 'login') {
        if (!user) return res.redirect(303, `/login?next=${encodeURIComponent(req.originalUrl)}`);
        return await provider.interactionFinished(req, res, { login: { accountId: user.id } }, { mergeWithLastSubmission: false });
      }
      // Contract 5.7: the consent belongs to the signed-in user the grant is for.
      if (!user || user.id !== details.session?.accountId) return refuse(res, 403, 'Sign in as the account this authorization is for.');
      const client = await provider.Client.find(String(details.params.client_id));
      const missing = (details.prompt.details.missingResourceScopes ?? {}) as Record<string, string[]>;
      const [resource] = Object.keys(missing);
      const scopes = (missing[resource] ?? []).filter((s): s is OAuthScope => s in SCOPE_WORDS);
      const resourceName = resource === issuer.resources.mcp ? 'Marquee tools for AI assistants (MCP)' : 'the Marquee API';
      // Browsers apply form-action to the redirects after a submission too: the decision ends on
      // the client's redirect URI, so its origin (exactly, registered and matched) is allowed.
      res.setHeader('Content-Security-Policy', consentPolicy(String(details.params.redirect_uri)));
      sendHtml(res, 
        consentDocument(
          { baseUrl: config.publicBaseUrl, path: req.path, user },
          { clientName: String(client?.clientName ?? details.params.client_id), resourceName, scopes, redirectUri: String(details.params.redirect_uri), uid: details.uid },
        ),
      );
    } catch (err) {
      next(err);
    }
  });

  router.post('/oauth/interaction/:uid', limit('oauth_authorize'), noStore, form, async (req, res, next) => {
    try {
      // Contract 5.7: a cross-site consent POST is refused; production requires the Origin header.
      const origin = req.headers.origin;
      if ((origin && origin !== ownOrigin) || (!origin && config.env === 'production')) return refuse(res, 403, 'Cross-site consent refused.');
      const provider = await issuer.provider();
      const details = await provider.interactionDetails(req, res);
      if (details.uid !== req.params.uid || details.prompt.name !== 'consent') return refuse(res, 400, 'This authorization step is not waiting for a decision.');
      const user = await signedInUser(req);
      const accountId = details.session?.accountId;
      if (!user || user.id !== accountId) return refuse(res, 403, 'Sign in as the account this authorization is for.');
      // Only the form's own fields are a decision: a body of another kind (or none) decides nothing.
      const decision = (req.body as { decision?: unknown } | undefined)?.decision;
      if (decision !== 'approve' && decision !== 'deny') return refuse(res, 400, 'The form sent no decision; choose Allow or Deny.');
      if (decision === 'deny') {
        return await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The user denied the request.' }, { mergeWithLastSubmission: false });
      }
      const grant = details.grantId ? await provider.Grant.find(details.grantId) : new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      if (!grant) return refuse(res, 400, 'This authorization has expired; start again from the application.');
      // oidc-provider lists the scopes both as its own and as the resource's; the grant records both.
      const missingOwn = details.prompt.details.missingOIDCScope as string[] | undefined;
      if (missingOwn?.length) grant.addOIDCScope(missingOwn.join(' '));
      for (const [indicator, scopes] of Object.entries((details.prompt.details.missingResourceScopes ?? {}) as Record<string, string[]>)) {
        grant.addResourceScope(indicator, scopes.join(' '));
      }
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { consent: details.grantId ? {} : { grantId } }, { mergeWithLastSubmission: true });
    } catch (err) {
      next(err);
    }
  });

  // Contract 5.8 defaults, applied before oidc-provider reads the request.
  router.get('/oauth/authorize', limit('oauth_authorize'), async (req, res, next) => {
    try {
      const url = new URL(req.originalUrl, ownOrigin);
      const unstorable = unstorableParameter([...url.searchParams]);
      if (unstorable) return void refuse(res, 400, unstorable);
      // Only the advertised response mode (response_modes_supported: query). Another one is
      // refused on this page, not at the client: the answer cannot travel by the mode the client
      // asked for (that is what is refused) nor by one it did not ask for and may not read.
      const mode = url.searchParams.getAll('response_mode').find((m) => m !== 'query');
      if (mode !== undefined) {
        const named = JSON.stringify(mode.slice(0, 40).replace(/[^\x20-\x7e]/g, '?'));
        return void refuse(res, 400, `The app that sent you here asked for its answer in a way Marquee does not offer, so nothing was sent to it: go back to the app and tell its developer. (invalid_request: response_mode ${named} is not supported; this server answers in the query, response_mode=query.)`);
      }
      const defaults = await issuer.authorizationDefaults(url.searchParams.get('client_id') ?? '', url.searchParams.get('scope') || undefined);
      if (!url.searchParams.get('scope')) url.searchParams.set('scope', defaults.scope);
      if (!url.searchParams.get('resource')) url.searchParams.set('resource', defaults.resource);
      req.url = `${url.pathname}?${url.searchParams.toString()}`;
      next();
    } catch (err) {
      next(err);
    }
  });
  router.post('/oauth/token', limit('oauth_token'), form, (req, _res, next) => {
    const body = req.body as Record<string, string> | undefined;
    if (body?.grant_type === 'client_credentials' && !body.scope) body.scope = DEFAULT_SCOPE;
    next();
  });

  // RFC 7009 for JWT access tokens, which oidc-provider does not store; refresh tokens go on to it.
  router.post('/oauth/revoke', limit('oauth_token'), form, async (req, res, next) => {
    try {
      const body = (req.body ?? {}) as Record<string, string | undefined>;
      const token = body.token;
      if (!token || !JWT.test(token)) return next();
      res.setHeader('Cache-Control', 'no-store');
      let clientId = body.client_id;
      let secret = body.client_secret;
      if (req.headers.authorization !== undefined) {
        const basic = basicClientCredentials(req.headers.authorization);
        if ('refused' in basic) return res.status(400).json({ error: 'invalid_request', error_description: basic.refused });
        if (secret !== undefined) return res.status(400).json({ error: 'invalid_request', error_description: 'client authentication must only be provided using one mechanism' });
        if (clientId !== undefined && clientId !== basic.clientId) return res.status(400).json({ error: 'invalid_request', error_description: 'client_id mismatch' });
        ({ clientId, secret } = basic);
      }
      const client = clientId ? await issuer.authenticateClient(clientId, secret) : undefined;
      if (!client) {
        res.setHeader('WWW-Authenticate', 'Basic realm="marquee"');
        return res.status(401).json({ error: 'invalid_client', error_description: 'client authentication failed' });
      }
      await issuer.revokeAccessToken(token, client.clientId);
      res.status(200).end();
    } catch (err) {
      next(err);
    }
  });

  router.use(dynamicRegistrationRoutes(config, services)); // contract 5.11: ours, not oidc-provider's

  // Everything else under /oauth/ is oidc-provider's (mounted at the root: it builds its own URLs).
  router.use(async (req, res, next) => {
    if (!req.path.startsWith('/oauth/')) return next();
    try {
      callback ??= issuer.provider().then((provider) => provider.callback());
      await (await callback)(req, res);
    } catch (err) {
      next(err);
    }
  });
  return router;
}

/**
 * The client's credentials from an `Authorization: Basic` header (RFC 6749 §2.3.1: client id and
 * secret form-urlencoded, then joined by `:` and base64-encoded), read as oidc-provider reads them
 * on its own endpoints, with the same refusals (400 `invalid_request`) for a header that is not
 * Basic, not base64, without a `:`, or not properly percent-encoded.
 */
export function basicClientCredentials(header: string): { clientId: string; secret: string } | { refused: string } {
  const parts = header.split(' ');
  if (parts.length !== 2 || parts[0].toLowerCase() !== 'basic' || !/^[A-Za-z0-9+/]*={0,2}$/.test(parts[1]) || parts[1].length % 4 === 1) {
    return { refused: 'invalid authorization header value format' };
  }
  const decoded = Buffer.from(parts[1], 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i === -1) return { refused: 'invalid authorization header value format' };
  const part = (value: string) => {
    const text = decodeURIComponent(value.replace(/\+/g, '%20'));
    // RFC 6749 Appendix A: client ids and secrets are VSCHAR (printable ASCII).
    if (/[^\x20-\x7e]/.test(text)) throw new URIError('invalid character found');
    return text;
  };
  try {
    return { clientId: part(decoded.slice(0, i)), secret: part(decoded.slice(i + 1)) };
  } catch {
    return { refused: 'client_id and client_secret in the authorization header are not properly encoded' };
  }
}

/** Why one of these request parameters can be no stored value (NUL, a lone surrogate), or undefined. */
function unstorableParameter(params: Iterable<[string, unknown]>): string | undefined {
  for (const [name, value] of params) {
    for (const text of [name, ...([] as unknown[]).concat(value)]) {
      const why = typeof text === 'string' ? unstorableText(text) : undefined;
      if (why) return `The parameter ${JSON.stringify(name.replace(/[^\x20-\x7e]/g, '?').slice(0, 40))} ${why}.`;
    }
  }
  return undefined;
}

