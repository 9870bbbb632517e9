// The baselines of the out-of-process benchmarks (bench/http.ts): a small JSON answered by bare
// node:http (`node`) or by a bare express route (`express`, which also answers a JSON POST), on
// the port given; prints "ready".
import http from 'node:http';
import express from 'express';

const [kind, port] = process.argv.slice(2);
const body = JSON.stringify({ ok: true, service: 'marquee', version: '0.1.0' });
let server;
if (kind === 'node') {
  server = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  });
} else {
  const app = express();
  app.get('/bare', (_req, res) => res.json({ ok: true, service: 'marquee', version: '0.1.0' }));
  // The write baseline (bench/publish.ts): a JSON body parsed and answered.
  app.post('/bare', express.json(), (req, res) => res.json({ ok: true, fields: Object.keys(req.body?.patch ?? {}).length }));
  server = http.createServer(app);
}
server.listen(Number(port), '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
