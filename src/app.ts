import express, { type NextFunction, type Request, type Response } from 'express';
import { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Db } from './db/knex.js';
import { systemClock, type Clock } from './lib/clock.js';
import { createServices, type Services } from './services/index.js';
import { Repositories } from './repositories/index.js';
import { SigningKeyFile } from './services/oauth/signingKeys.js';
import { oauthRoutes } from './http/oauth.js';
import type { GuardedFetch } from './services/outbound/guardedFetch.js';
import { RateLimits } from './services/ratelimit/rateLimits.js';
import { handlers as defaultHandlers } from './handlers/index.js';
import type { HandlerMap } from './handlers/types.js';
import type { TimeParser } from './services/time/jobs.js';
import { createDispatcher } from './http/pipeline/index.js';
import { ANY_ORIGIN_HEADERS, apiCors, setAnyOriginHeaders } from './http/cors.js';
import { securityHeaderList, securityHeaders, setSecurityHeaders } from './http/securityHeaders.js';
import { sendProblem } from './http/problem.js';
import { problems } from './services/errors.js';
import { webRoutes } from './http/web/routes.js';
import { pageLane, publicPageRoutes, type LaneResponse } from './http/web/publicPages.js';
import type { IncomingMessage, RequestListener } from 'node:http';
import type { ObjectStore } from './services/storage/objectStore.js';
import { storageFromEnv } from './services/storage/config.js';
import type { PosterTextReader } from './services/posters/ocr.js';
import { createPosterTextReaderOnDemand } from './services/posters/ocrOnDemand.js';
import { storageUploadForm } from './http/storageUpload.js';
import { onDemandRouter } from './http/onDemandRouter.js';
import { refuseMalformedPath, refuseSeveralCredentials, transportErrors } from './http/requestGuards.js';
import { createObservability, type Logger } from './http/observability/index.js';
import type { Metrics } from './http/observability/metrics.js';
import { useEventLog } from './lib/eventLog.js';
import { releaseMemory } from './lib/releaseMemory.js';
import { compressRest } from './http/encoding.js';

export interface AppDeps {
  config: Config;
  db: Db;
  clock?: Clock;
  /** Shared rate-limit store; memory is used when absent (refused in production). */
  redis?: Redis;
  handlers?: HandlerMap;
  /** Runs time parses (the worker pool in the server; a stand-in in tests). */
  timeParser?: TimeParser;
  /** Poster and artwork storage; from the environment (S3 or files under the data dir) when absent. */
  store?: ObjectStore;
  /** Poster text recognition; offline OCR created on first use when absent. */
  posterReader?: () => PosterTextReader;
  /** Fetches third-party URLs (client metadata documents); the guarded fetcher when absent. */
  outboundFetch?: GuardedFetch;
  /** Compile each operation's request validators on its first request rather than all at start (the server). */
  compileValidatorsOnFirstUse?: boolean;
  /** The JSON log; one on standard output at the configured level when absent. */
  logger?: Logger;
}

export interface MarqueeApp {
  /**
   * The service's request listener (for `http.createServer`): the page lane, then the express
   * app with everything else.
   */
  app: RequestListener;
  services: Services;
  /** The repositories the services were built on (the one place that reaches the database). */
  repos: Repositories;
  /** Poster and artwork storage. */
  store: ObjectStore;
  /** The JSON log the app writes (requests, when enabled). */
  logger: Logger;
  /** This app's Prometheus registry and instruments (served at /metrics). */
  metrics: Metrics;
  /** Finishes background account mail and releases what the app started on demand (OCR workers). */
  shutdown(): Promise<void>;
}

/** The composition root: builds the whole service from its dependencies. Importing it starts nothing. */
export async function buildApp(deps: AppDeps): Promise<MarqueeApp> {
  const { config, db } = deps;
  const clock = deps.clock ?? systemClock;
  if (config.env === 'production' && !deps.redis) {
    throw new Error('production refuses an in-process rate-limit store (contract 8.3 rule 8): set REDIS_URL');
  }
  const rateLimits = new RateLimits(deps.redis ? { kind: 'redis', client: deps.redis } : { kind: 'memory' }, config.rateLimitKeyPrefix, config.rateLimitScale, clock);
  const store = deps.store ?? storageFromEnv(process.env, { dataDir: config.dataDir, secretKey: config.secretKey, publicBaseUrl: config.publicBaseUrl, clock });
  let reader: PosterTextReader | undefined;
  // OCR workers idle for OCR_WORKER_IDLE_SECONDS are terminated (their wasm heaps and models go).
  const { idleSeconds: ocrIdleSeconds } = config.ocrWorkers;
  const posterReader = deps.posterReader ?? (() => (reader ??= createPosterTextReaderOnDemand({ idleMs: ocrIdleSeconds > 0 ? ocrIdleSeconds * 1000 : Infinity, onRelease: () => void releaseMemory() })));
  const keyFile = new SigningKeyFile(config.oauthSigningKeysFile);
  if (config.env === 'production' && !keyFile.exists()) {
    throw new Error(`production refuses to generate OAuth signing keys on start (decisions §6): create ${keyFile.file} with \`npm run cli -- oauth rotate-keys\` and keep it`);
  }
  const signingKeys = await keyFile.loadOrCreate(clock.now());
  const repos = new Repositories(db);
  const services = createServices({ repos, clock, config }, { rateLimits, timeParser: deps.timeParser, store, posterReader, signingKeys, outboundFetch: deps.outboundFetch });

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  app.set('etag', false);

  const observability = createObservability({ config, pingDatabase: () => repos.ping(), redis: deps.redis, timeParser: deps.timeParser, logger: deps.logger });
  // Operational events (unexpected errors, outages) go to the same JSON log as the requests.
  useEventLog(observability.logger);
  const setSecurity = setSecurityHeaders({ publicBaseUrl: config.publicBaseUrl });
  const securityHeaderPairs = securityHeaderList({ publicBaseUrl: config.publicBaseUrl });
  const { dispatch, lanes, publicReadCache, keptReadLane, directLane } = await createDispatcher({
    config,
    services,
    handlers: deps.handlers ?? defaultHandlers,
    compileValidatorsOnFirstUse: deps.compileValidatorsOnFirstUse,
    // What the four middlewares below do to a plain GET under /api/v0.
    prelude: (req, res) => {
      observability.trackRequest(req, res);
      setSecurity(res);
      setAnyOriginHeaders(res);
    },
    beginRequest: observability.beginRequest,
    fixedHeaders: [...securityHeaderPairs, ...ANY_ORIGIN_HEADERS],
  });
  const pageDeps = { config, services, clock, cache: publicReadCache };
  // Kept anonymous public reads, and operations with nothing to validate, answered before
  // anything else by the pipeline's own stages (src/http/pipeline/fastLane.ts).
  for (const lane of lanes) app.use(lane);
  // Textual answers not sent through src/http/encoding.ts's `sendEncoded` (account pages, OAuth,
  // streamed bodies) are compressed on the way; coded answers pass through untouched.
  app.use(compressRest());
  // First: every answer, refusals included, carries its request id and is logged and counted.
  app.use(observability.requestLog);
  app.use(securityHeaders({ publicBaseUrl: config.publicBaseUrl }));
  // CORS first, so that the API's early refusals below are readable by browsers too.
  app.use(['/api/v0', '/storage'], apiCors(config));
  // Malformed requests (an undecodable path, several credentials) answer 400 before any route.
  app.use(refuseMalformedPath, refuseSeveralCredentials);
  // /healthz, /readyz, /metrics: operational endpoints outside the API contract.
  app.use(observability.routes);

  // The OAuth issuer reads its own request bodies: mounted before any body parser.
  app.use(oauthRoutes(config, services, services.oauth));
  // Hosted MCP (Streamable HTTP): authenticates, rate-limits and checks the media type before it
  // reads the body, so it parses its own. The MCP SDK loads with the first request to /mcp.
  const mcpDeps = { config, services, handlers: deps.handlers ?? defaultHandlers };
  app.use(onDemandRouter('/mcp', async () => (await import('./mcp/hosted/endpoint.js')).hostedMcpRouter(mcpDeps)));
  // The embedded storage target reads its multipart form itself (posters exceed the JSON limit).
  app.post('/storage/uploads', storageUploadForm());
  app.use(['/api', '/storage'], express.json({ limit: config.jsonBodyLimitBytes, type: ['application/json', 'application/*+json'] }));

  app.use(publicPageRoutes(pageDeps));
  app.use(webRoutes(config, services));

  app.use(['/api', '/storage'], (req, res, next) => {
    req.url = req.originalUrl; // the contract's paths are absolute
    dispatch(req, res, next);
  });

  app.use((_req: Request, res: Response) => sendProblem(res, problems.notFound('No route matches this path.')));
  // Body-parser and other transport errors become problems too; nothing leaks a stack.
  app.use(transportErrors(config.jsonBodyLimitBytes));
  app.use((err: any, _req: Request, res: Response, _next: NextFunction) => {
    if (err?.type === 'entity.too.large') return sendProblem(res, problems.payloadTooLarge(config.jsonBodyLimitBytes));
    if (err?.type === 'entity.parse.failed') return sendProblem(res, problems.malformed('The request body is not valid JSON.'));
    if (err?.type === 'encoding.unsupported' || err?.type === 'charset.unsupported') {
      return sendProblem(res, problems.unsupportedMediaType(['application/json; charset=utf-8']));
    }
    sendProblem(res, err);
  });

  // Kept anonymous pages and kept anonymous public reads are answered as requests arrive, ahead of
  // express (src/http/web/publicPages.tsx, src/http/pipeline/fastLane.ts): the request log,
  // metrics and security headers as the first middlewares give them (and the API's CORS headers;
  // pages are not API answers). Everything else, and whatever a lane hands on, goes to the app.
  const lane = pageLane({ ...pageDeps, beginRequest: observability.beginRequest, securityHeaders: securityHeaderPairs });
  // Then the kept anonymous reads, then the operations with nothing to validate (`/me`…), each
  // handing on to the next and the last to the app.
  type Lane = (req: IncomingMessage, res: LaneResponse, next: () => void) => void;
  const afterPages = [keptReadLane, directLane]
    .filter((l): l is Lane => l !== undefined)
    .reduceRight<(req: IncomingMessage, res: LaneResponse) => void>((next, ahead) => (req, res) => ahead(req, res, () => next(req, res)), (req, res) => app(req, res));
  const listener: RequestListener = (req, res) => {
    const laneRes = res as LaneResponse;
    laneRes.locals = Object.create(null) as LaneResponse['locals'];
    lane(req, laneRes, () => afterPages(req, laneRes));
  };

  return {
    app: listener,
    services,
    repos,
    store,
    logger: observability.logger,
    metrics: observability.metrics,
    async shutdown() {
      // Work started after its answer (sign-ups, password-reset requests and their mail) finishes first.
      await services.signUp.settled();
      await reader?.close();
      reader = undefined;
    },
  };
}
