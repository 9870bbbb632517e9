// The client of the out-of-process write benchmarks (bench/publish.ts), in its own process
// (pinned to the load core): reads {base, concurrency, jobs: [{path, token, body}]} as JSON from
// stdin, sends every job once as a JSON POST over kept-alive connections, `concurrency` at a time,
// and prints {count, seconds, perSecond, p50, p99, failures, failedWith} as JSON (with every
// answer's body, in the jobs' order, when asked to keep them).
import http from 'node:http';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const { base, concurrency, jobs, keepBodies } = JSON.parse(input);
const bodies = keepBodies ? new Array(jobs.length) : undefined;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const post = (url, headers, body) =>
  new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ statusCode: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
const latencies = [];
const failedWith = {};
let failures = 0;
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < jobs.length) {
      const index = next++;
      const job = jobs[index];
      const t0 = performance.now();
      const res = await post(`${base}${job.path}`, { 'content-type': 'application/json', ...(job.token ? { authorization: `Bearer ${job.token}` } : {}) }, JSON.stringify(job.body));
      const text = res.text;
      if (bodies) bodies[index] = JSON.parse(text);
      latencies.push(performance.now() - t0);
      if (res.statusCode >= 300) {
        failures++;
        let code = '';
        try {
          code = JSON.parse(text).code ?? '';
        } catch {}
        const why = `${res.statusCode}${code ? ` ${code}` : ''}`;
        failedWith[why] = (failedWith[why] ?? 0) + 1;
      }
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const pct = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
agent.destroy();
console.log(JSON.stringify({ count: latencies.length, seconds, perSecond: latencies.length / seconds, p50: pct(0.5), p99: pct(0.99), failures, failedWith, bodies }));
