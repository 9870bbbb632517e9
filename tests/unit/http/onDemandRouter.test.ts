import express from 'express';
import request from 'supertest';
import { onDemandRouter } from '../../../src/http/onDemandRouter.js';

/** An app with a router built on demand at /mcp, counting how often it was built. */
function appWithOnDemandRouter() {
  let builds = 0;
  const app = express();
  app.use(
    onDemandRouter('/mcp', async () => {
      builds++;
      const router = express.Router();
      router.all('/mcp', (_req, res) => void res.json({ router: true }));
      return router;
    }),
  );
  app.use((_req, res) => void res.status(404).json({ router: false }));
  return { app, builds: () => builds };
}

describe('a router built on demand', () => {
  test('when requests reach other paths only, then the router is never built and they pass by', async () => {
    const { app, builds } = appWithOnDemandRouter();
    for (const path of ['/', '/healthz', '/mcpx', '/api/v0/mcp']) {
      const res = await request(app).get(path);
      expect(res.status).toBe(404);
    }
    expect(builds()).toBe(0);
  });

  test('when the first requests reach its path (in any case, with a trailing slash), then it is built once and answers them all', async () => {
    const { app, builds } = appWithOnDemandRouter();
    const answers = await Promise.all(['/mcp', '/MCP', '/mcp/'].map((path) => request(app).post(path)));
    expect(answers.map((r) => r.body)).toEqual([{ router: true }, { router: true }, { router: true }]);
    expect(builds()).toBe(1);
    expect((await request(app).get('/elsewhere')).status).toBe(404);
    expect(builds()).toBe(1);
  });
});
