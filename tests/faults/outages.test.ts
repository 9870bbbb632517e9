import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeToken, makeUser } from '../helpers/factories.js';
import { callOp } from '../helpers/contractClient.js';
import { describeWithSharedBackends, waitFor } from './backends.js';
import { productionEnv, startServer, type ChildServer } from './childServer.js';
import { TcpProxy } from './tcpProxy.js';

interface Answer {
  /** Which stretch of the outage the request was sent in. */
  phase: string;
  status: number;
  contentType: string;
  body: { code?: string; retryAfterSeconds?: number };
  retryAfter?: string;
}

/**
 * A production server (child process) reaching PostgreSQL and Redis through loopback proxies, so
 * each can be taken away and given back while requests keep arriving.
 */
describeWithSharedBackends('outages of Redis and PostgreSQL under a production server', () => {
  let t: TestApp;
  let pg: { proxy: TcpProxy; url: string };
  let redis: { proxy: TcpProxy; url: string };
  let server: ChildServer;

  beforeAll(async () => {
    t = await createTestApp();
    pg = await TcpProxy.inFrontOf(process.env.DATABASE_URL!);
    redis = await TcpProxy.inFrontOf(process.env.REDIS_URL!);
    server = await startServer(productionEnv(t, { databaseUrl: pg.url, redisUrl: redis.url }));
  }, 60_000);
  afterAll(async () => {
    await server?.kill();
    await pg?.proxy.close();
    await redis?.proxy.close();
    await t?.close();
  });

  /** Three callers asking who they are (a rate-limited route that reads the database), until stopped. */
  async function traffic(token: string) {
    const answers: Answer[] = [];
    let phase = 'up';
    let running = true;
    const pending = new Map<string, number>();
    const worker = async () => {
      while (running) {
        const sentIn = phase;
        pending.set(sentIn, (pending.get(sentIn) ?? 0) + 1);
        const res = await callOp(server.target, 'getCurrentApiCaller', { token }).finally(() => pending.set(sentIn, pending.get(sentIn)! - 1));
        answers.push({ phase: sentIn, status: res.status, contentType: String(res.headers['content-type']), body: res.body as Answer['body'], retryAfter: res.headers['retry-after'] });
        // Paced, so a few seconds of traffic stay well inside the token's 600 a minute.
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const workers = Promise.all([worker(), worker(), worker()]);
    return {
      answers,
      enter: (next: string) => (phase = next),
      /** Waits until a request sent in `inPhase` got `status`. */
      until: (status: number, inPhase: string) => waitFor(`a ${status} in phase ${inPhase}`, () => answers.some((a) => a.phase === inPhase && a.status === status)),
      /** Waits until every request sent in `inPhase` has its answer. */
      settle: (inPhase: string) => waitFor(`every request of phase ${inPhase} answered`, () => !pending.get(inPhase)),
      /** Waits until `n` more answers arrived for requests sent in `inPhase`. */
      collect: (inPhase: string, n: number) => waitFor(`${n} answers in phase ${inPhase}`, () => answers.filter((a) => a.phase === inPhase).length >= n),
      stop: async () => {
        running = false;
        await workers;
      },
    };
  }

  const expectUnavailableProblem = (a: Answer) => {
    expect(a.status).toBe(503);
    expect(a.contentType).toContain('application/problem+json');
    expect(a.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: expect.any(Number) });
    expect(Number(a.retryAfter)).toBe(a.body.retryAfterSeconds);
  };

  test('when Redis stops during traffic, then rate-limited routes fail closed with 503 problems (never unlimited, never 500), and recover when it returns', async () => {
    const user = await makeUser(t.services);
    const { value: token } = await makeToken(t.services, user.id, ['public:read']);
    const load = await traffic(token);
    try {
      await load.until(200, 'up');
      redis.proxy.stop();
      load.enter('stopping');
      await load.until(503, 'stopping');
      // From the first refusal on, every request is refused until Redis is back.
      load.enter('down');
      await load.collect('down', 12);
      // The service comes back only once every request sent while it was away has its answer
      // (one still in flight then may rightly be served after it returns).
      load.enter('returning');
      await load.settle('down');
      redis.proxy.start();
      load.enter('back');
      await load.until(200, 'back');
    } finally {
      await load.stop();
    }
    const down = load.answers.filter((a) => a.phase === 'down');
    expect(down.length).toBeGreaterThanOrEqual(12);
    down.forEach(expectUnavailableProblem);
    expect(load.answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
    expect(server.process.exitCode).toBeNull();
  }, 30_000);

  test('when PostgreSQL restarts during traffic, then 503 problems, then recovery, and the process does not crash', async () => {
    const user = await makeUser(t.services);
    const { value: token } = await makeToken(t.services, user.id, ['public:read']);
    const load = await traffic(token);
    try {
      await load.until(200, 'up');
      pg.proxy.stop();
      load.enter('stopping');
      await load.until(503, 'stopping');
      load.enter('down');
      await load.collect('down', 12);
      // The service comes back only once every request sent while it was away has its answer
      // (one still in flight then may rightly be served after it returns).
      load.enter('returning');
      await load.settle('down');
      pg.proxy.start();
      load.enter('back');
      await load.until(200, 'back');
      // Every pooled connection was cut: the pool must have replaced them, not kept dead ones.
      load.enter('after');
      await load.collect('after', 12);
    } finally {
      await load.stop();
    }
    load.answers.filter((a) => a.phase === 'down').forEach(expectUnavailableProblem);
    expect(load.answers.filter((a) => a.phase === 'after').map((a) => a.status)).toEqual(load.answers.filter((a) => a.phase === 'after').map(() => 200));
    expect(load.answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
    expect(server.process.exitCode).toBeNull();
    expect(server.output()).not.toMatch(/unexpected_error/);
  }, 30_000);
});
