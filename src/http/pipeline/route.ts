import type { Context } from 'openapi-backend';
import type { Config } from '../../config.js';
import { operations } from '../../generated/contract.js';
import { problems } from '../../services/errors.js';
import { networkRef } from '../clientAddress.js';
import { noteRoute } from '../observability/routeInfo.js';
import { isOperationId, type RequestContext } from './context.js';
import { problemAnswer, type Answer } from './send.js';

/**
 * Stage 1, route (openapi-backend's `postRoutingHandler`, after it matched the contract's path
 * and method): records the operation and the caller's network ref on the context.
 */
export function route(config: Config) {
  return function routeStage(c: Context, ctx: RequestContext): void {
    const operationId = c.operation?.operationId;
    if (!isOperationId(operationId)) return; // unmatched: notFound or methodNotAllowed answers
    const meta = operations[operationId];
    ctx.operationId = operationId;
    ctx.meta = meta;
    // The request log shows the path template: concrete paths can hold continuation tokens.
    noteRoute(ctx.res, { template: meta.path, operationId, routeClass: meta.routeClass });
    ctx.networkRef = networkRef(config, ctx.req);
  };
}

/** openapi-backend's `notFound`: no path of the contract matches. */
export const notFound = (): Answer => problemAnswer(problems.notFound('No route matches this path.'));

const templates = Object.values(operations).map((o) => ({
  method: o.method,
  pattern: new RegExp('^' + o.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{[^}]+\\\}/g, '[^/]+') + '/?$'),
}));

/** The methods the contract has for a concrete path (GET implies HEAD, RFC 9110 §9.3.2). */
export function allowedMethods(path: string): string[] {
  const allow = templates.filter((t) => t.pattern.test(path)).flatMap((t) => (t.method === 'get' ? ['GET', 'HEAD'] : [t.method.toUpperCase()]));
  return [...new Set(allow)];
}

/** openapi-backend's `methodNotAllowed`: the path exists, the method does not. */
export const methodNotAllowed = (_c: Context, ctx: RequestContext): Answer => problemAnswer(problems.methodNotAllowed(allowedMethods(ctx.req.path)));
