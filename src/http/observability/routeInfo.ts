import type { IncomingMessage } from 'node:http';
import type { Request } from 'express';

/**
 * What the log line and metrics of a request say about where it went. Routes fill it in as
 * they learn it: the pipeline's route stage (contract path template, operationId,
 * x-route-class), the last stage (the class the call counted against), a rate-limited answer
 * (the class whose window refused).
 */
export interface RouteInfo {
  /** The route's template, never the concrete path (paths carry tokens and ids). */
  template?: string;
  operationId?: string;
  /** The class whose window the call counted against; before that is known, the operation's x-route-class. */
  routeClass?: string;
  /** The route class whose window or quota answered 429. */
  refusedBy?: string;
}

export function noteRoute(res: { locals: Record<string, unknown> }, info: RouteInfo): void {
  res.locals.route = { ...(res.locals.route as RouteInfo | undefined), ...info };
}

/** Where a finished request went, in bounded labels: templates, never raw paths. */
export function routeOf(req: Pick<Request, 'route' | 'baseUrl'> | IncomingMessage, res: { locals: Record<string, unknown> }): Required<Pick<RouteInfo, 'template'>> & RouteInfo {
  const noted = (res.locals.route as RouteInfo | undefined) ?? {};
  const template =
    noted.template ??
    (res.locals.routeTemplate as string | undefined) ??
    // An express route (pages, OAuth interaction): its pattern, e.g. /oauth/interaction/:uid.
    ('route' in req && typeof req.route?.path === 'string' ? `${req.baseUrl}${req.route.path}` : undefined) ??
    '(unmatched)';
  return { ...noted, template };
}
