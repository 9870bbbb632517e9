import express from 'express';
import request from 'supertest';
import { apiCors, corsOf } from '../../../src/http/cors.js';
import { loadConfig } from '../../../src/config.js';

/** The any-origin shortcut of apiCors must answer exactly as the cors package with the same options. */
const served = (middleware: express.RequestHandler) => {
  const app = express();
  app.use(middleware);
  app.all('/{*rest}', (_req, res) => res.json({ ok: true }));
  return app;
};
const corsHeaders = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).filter(([k]) => k.startsWith('access-control-') || k === 'vary'));

describe('apiCors', () => {
  const config = loadConfig({ NODE_ENV: 'test', MARQUEE_DATA_DIR: '/tmp/unused' }, { secretKey: Buffer.alloc(32, 1) });
  test('when any origin is allowed, then each request gets the headers the cors package gives it', async () => {
    expect(config.corsAllowedOrigins).toBe('*');
    const ours = served(apiCors(config));
    const theirs = served(corsOf(config));
    const requests: [string, Record<string, string>][] = [
      ['GET', {}],
      ['GET', { Origin: 'https://tool.example' }],
      ['POST', { Origin: 'https://tool.example', 'Content-Type': 'application/json' }],
      ['OPTIONS', { Origin: 'https://tool.example', 'Access-Control-Request-Method': 'PATCH', 'Access-Control-Request-Headers': 'authorization,if-match' }],
      ['DELETE', {}],
    ];
    for (const [method, headers] of requests) {
      const send = (app: express.Express) => {
        let r = request(app)[method.toLowerCase() as 'get'](`/api/v0/x`);
        for (const [k, v] of Object.entries(headers)) r = r.set(k, v);
        return r;
      };
      const [a, b] = [await send(ours), await send(theirs)];
      expect(a.status).toBe(b.status);
      expect(corsHeaders(a.headers)).toEqual(corsHeaders(b.headers));
      expect(Object.keys(corsHeaders(a.headers)).length).toBeGreaterThan(0);
    }
  });
});
