import express, { Router, type NextFunction, type Request, type Response } from 'express';
import type { Config } from '../config.js';
import type { Services } from '../services/index.js';
import { REGISTRATION_BODY_LIMIT_BYTES, type RegistrationOutcome } from '../services/oauth/registration.js';
import { rateLimitHeaders, type RateLimitWindow } from '../services/ratelimit/rateLimits.js';
import { networkRef } from './clientAddress.js';
import { noteRoute } from './observability/routeInfo.js';

/**
 * `POST /oauth/register` (contract 4.11, 5.11): constrained RFC 7591 registration of hosted MCP
 * clients. Answers are RFC 7591 JSON (`invalid_client_metadata`, `invalid_redirect_uri`) or
 * OAuth's `temporarily_unavailable`, never problem+json. Open CORS without credentials, since
 * browser-based MCP clients register cross-origin and the endpoint reads no cookie.
 */
export function dynamicRegistrationRoutes(config: Config, services: Services): Router {
  const router = Router();
  const parse = express.json({ limit: REGISTRATION_BODY_LIMIT_BYTES, type: () => true, strict: false, inflate: false });

  const cors = (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Expose-Headers', 'Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset');
    next();
  };
  const answer = (res: Response, status: number, body: unknown, window?: RateLimitWindow) => {
    if (window) for (const [k, v] of Object.entries(rateLimitHeaders(window))) res.setHeader(k, v);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Pragma', 'no-cache');
    res.status(status).json(body);
  };
  const send = (res: Response, outcome: RegistrationOutcome) => {
    if (outcome.kind === 'registered') return answer(res, 201, outcome.client, outcome.window);
    if (outcome.kind === 'refused') return answer(res, 400, { error: outcome.error, error_description: outcome.description });
    res.setHeader('Retry-After', String(outcome.window.retryAfterSeconds));
    answer(res, 429, { error: 'temporarily_unavailable', error_description: 'Too many registrations; retry after the Retry-After delay.' }, outcome.window);
  };

  router.options('/oauth/register', cors, (_req, res) => {
    res.setHeader('Access-Control-Allow-Methods', 'POST');
    res.setHeader('Access-Control-Allow-Headers', 'Content-Type');
    res.setHeader('Access-Control-Max-Age', '600');
    res.status(204).end();
  });

  router.post('/oauth/register', cors, async (req, res, next) => {
    try {
      const registration = services.dynamicRegistration;
      noteRoute(res, { routeClass: 'oauth_dynamic_client_registration' });
      const net = networkRef(config, req);
      // Contract 8.3 rules 3 and 5: the network's bucket is counted before the body is read.
      const window = await registration.admitNetwork(net);
      for (const [k, v] of Object.entries(rateLimitHeaders(window))) res.setHeader(k, v);
      if (!window.allowed) return send(res, { kind: 'rate_limited', window });

      if (!req.is('application/json')) return send(res, await registration.refuseUnreadable(net, 'media_type'));
      const parsed = await new Promise<{ error?: { status?: number; type?: string } }>((resolve) => parse(req, res, (error?: unknown) => resolve({ error: error as never })));
      if (parsed.error) {
        // A stream error (the client went away) is not the client's metadata: the app's handler takes it.
        if ((parsed.error.status ?? 500) >= 500) return next(parsed.error);
        return send(res, await registration.refuseUnreadable(net, parsed.error.type === 'entity.too.large' ? 'too_large' : 'json'));
      }
      send(res, await registration.register(req.body, net, window));
    } catch (err) {
      next(err);
    }
  });

  // No other method here, and no management endpoint (RFC 7592): nothing else reaches oidc-provider.
  router.all('/oauth/register', cors, (_req, res) => {
    res.setHeader('Allow', 'POST, OPTIONS');
    answer(res, 405, { error: 'invalid_request', error_description: 'Use POST to register a client.' });
  });
  return router;
}
