import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * A router built on the first request to its path, for routers whose libraries are heavy (the MCP
 * SDK): until then requests to other paths pass by without loading anything, exactly as the
 * router would let them pass; from then on every request goes through the router.
 */
export function onDemandRouter(path: string, build: () => Promise<RequestHandler>): RequestHandler {
  let router: Promise<RequestHandler> | undefined;
  let ready: RequestHandler | undefined;
  const ownPath = path.toLowerCase();
  return (req: Request, res: Response, next: NextFunction) => {
    if (ready) return ready(req, res, next);
    // express routes match case-insensitively and with or without a trailing slash.
    if (req.path.toLowerCase().replace(/(.)\/$/, '$1') !== ownPath) return next();
    router ??= build().then((built) => (ready = built));
    router.then((built) => built(req, res, next), next);
  };
}
