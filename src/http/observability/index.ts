import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Redis } from 'ioredis';
import type { Config } from '../../config.js';
import type { TimeParser } from '../../services/time/jobs.js';
import { createLogger, type Logger } from './logger.js';
import { Metrics, metricsAccess, metricsEndpoint } from './metrics.js';
import { healthz, readinessChecks, readyz } from './health.js';
import { beginRequests, requestLog, trackRequests } from './requestLog.js';
import { clientAddressWatch } from '../clientAddress.js';

export { noteRoute } from './routeInfo.js';
export type { Logger } from './logger.js';

export interface Observability {
  logger: Logger;
  metrics: Metrics;
  /** First middleware of the app: request id, log line and metrics of every request. */
  requestLog: RequestHandler;
  /** What requestLog does to one request, for the fast lane that answers before it. */
  trackRequest: (req: Request, res: Response) => void;
  /** As `trackRequest`, without setting `X-Request-Id`: the request's id, for a lane that writes its headers at once. */
  beginRequest: ReturnType<typeof beginRequests>;
  /** `/healthz`, `/readyz` and `/metrics` (operational endpoints, outside the API contract). */
  routes: Router;
}

export function createObservability(deps: {
  config: Config;
  pingDatabase: () => Promise<void>;
  redis?: Redis;
  timeParser?: TimeParser;
  logger?: Logger;
}): Observability {
  const { config } = deps;
  const logger = deps.logger ?? createLogger(config);
  const metrics = new Metrics({ timeParser: deps.timeParser });
  const routes = Router();
  routes.get('/healthz', healthz);
  routes.get('/readyz', readyz(readinessChecks({ pingDatabase: deps.pingDatabase, redis: deps.redis })));
  routes.get('/metrics', metricsEndpoint(metrics, metricsAccess(config)));
  const log = { logger, metrics, logRequests: config.logRequests, watchClientAddress: clientAddressWatch(config, (problem) => metrics.countClientAddressProblem(problem)) };
  return { logger, metrics, requestLog: requestLog(log), trackRequest: trackRequests(log), beginRequest: beginRequests(log), routes };
}
