/**
 * Event-intake write throughput: draft saves (PATCH with the current version) and publishes,
 * each timed per request from concurrent clients, one contributor per client. The baseline is
 * the same client loop posting JSON to a bare express route in the same run.
 */
import crypto from 'node:crypto';

export interface LoopResult {
  name: string;
  perSecond: number;
  p50: number;
  p99: number;
  failures: number;
  /** Failed answers by status (and problem code). */
  failedWith: Record<string, number>;
}

const pct = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

export async function loop(name: string, clients: number, seconds: number, step: (client: number) => Promise<{ ms: number; ok: boolean; status?: number; body?: any }>): Promise<LoopResult> {
  const latencies: number[] = [];
  let failures = 0;
  const failedWith: Record<string, number> = {};
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      while (performance.now() < until) {
        const r = await step(c);
        latencies.push(r.ms);
        if (!r.ok) {
          failures++;
          const why = `${r.status}${r.body?.code ? ` ${r.body.code}` : ''}`;
          failedWith[why] = (failedWith[why] ?? 0) + 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { name, perSecond: latencies.length / elapsed, p50: pct(latencies, 0.5), p99: pct(latencies, 0.99), failures, failedWith };
}

export async function timed(url: string, init: RequestInit): Promise<{ ms: number; ok: boolean; status: number; body: any }> {
  const t0 = performance.now();
  const res = await fetch(url, init);
  const body = await res.json().catch(() => undefined);
  return { ms: performance.now() - t0, ok: res.ok, status: res.status, body };
}

export const jsonRequest = (token: string | undefined, method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(body),
});

/** The fields of a draft ready to publish, with a title and date of its own. */
export const readyDraftFields = (communitySlug: string) => ({
  communitySlug,
  title: `Bench night n${crypto.randomBytes(6).toString('hex')}`,
  // Spread over ten years so the near-duplicate check sees realistic same-day sets.
  eventDate: new Date(Date.UTC(2027, 0, 1) + crypto.randomInt(3650) * 86_400_000).toISOString().slice(0, 10),
  timezone: 'Europe/Berlin',
  start: { time: '21:00' },
  // Clear of 02:00–03:00, which some of these dates skip or repeat in Berlin (and publish refuses).
  end: { time: '01:30' },
  summary: 'Three DJs, one rooftop, no sleep.',
  lineup: ['21:00', '21:45', '22:30', '23:15', '00:00', '00:45'].map((time, i) => ({ clientKey: `s${i}`, position: i, performerLabel: `Act ${i}`, start: { time } })),
});

export async function benchIntake(opts: { baseUrl: string; bareUrl: string; tokens: string[]; communitySlug: string; seconds: number }): Promise<LoopResult[]> {
  const { baseUrl, tokens, seconds } = opts;
  const clients = tokens.length;
  const fields = () => readyDraftFields(opts.communitySlug);

  const results: LoopResult[] = [];
  results.push(await loop('POST bare express JSON (baseline)', clients, seconds, async () => timed(`${opts.bareUrl}/bare`, jsonRequest(undefined, 'POST', { patch: fields() }))));

  // Draft saves: each client owns one draft and saves it at its current version.
  const drafts = await Promise.all(tokens.map(async (token) => {
    const r = await timed(`${baseUrl}/api/v0/event-intake`, jsonRequest(token, 'POST', { patch: fields() }));
    return { id: r.body.draftId as string, version: r.body.version as number };
  }));
  results.push(
    await loop('PATCH /api/v0/event-intake/{id} (save)', clients, seconds, async (c) => {
      const r = await timed(`${baseUrl}/api/v0/event-intake/${drafts[c].id}`, jsonRequest(tokens[c], 'PATCH', { expectedVersion: drafts[c].version, patch: { summary: `edit ${drafts[c].version}` } }));
      if (r.ok) drafts[c].version = r.body.version;
      return r;
    }),
  );

  // A fresh ready draft, then its publish: each pair counts once (publishing alone, from outside
  // the process, is measured by bench/publish.ts).
  results.push(
    await loop('POST new draft + POST its publish', clients, seconds, async (c) => {
      const d = await timed(`${baseUrl}/api/v0/event-intake`, jsonRequest(tokens[c], 'POST', { patch: fields() }));
      return timed(`${baseUrl}/api/v0/event-intake/${d.body.draftId}/publish`, jsonRequest(tokens[c], 'POST', { expectedVersion: 1, idempotencyKey: `bench-${crypto.randomUUID()}` }));
    }),
  );
  return results;
}
