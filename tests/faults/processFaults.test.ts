import net from 'node:net';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeContributor, saveReadyDraft, uniqueTitle } from '../helpers/factories.js';
import { bodyOf, callOp } from '../helpers/contractClient.js';
import { loadDemoData } from '../../seeds/demo.js';
import { describeWithSharedBackends, waitFor } from './backends.js';
import { productionEnv, startServer, type ChildServer } from './childServer.js';

interface Draft {
  token: string;
  draftId: string;
  title: string;
}

/** The events stored under a draft's (unique) title. */
const eventsTitled = (t: TestApp, title: string) => t.db('events').where({ title }).select('id') as Promise<{ id: string }[]>;

/** Whether a new TCP connection to `url` is refused. */
const refusesConnections = (url: string) =>
  new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = net.connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

/**
 * The real server as a process: killed without warning in the middle of a publish burst, and
 * stopped with SIGTERM while a request is still arriving.
 */
describeWithSharedBackends('the server process: kill -9 and SIGTERM', () => {
  let t: TestApp;
  let env: Record<string, string>;
  let server: ChildServer | undefined;
  const drafts: Draft[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await loadDemoData(t.services);
    env = productionEnv(t, { databaseUrl: process.env.DATABASE_URL!, redisUrl: process.env.REDIS_URL! });
    // Four contributors with eight ready drafts each: well inside public_write's 30 a minute.
    for (let c = 0; c < 4; c++) {
      const { token } = await makeContributor(t);
      for (let d = 0; d < 8; d++) {
        const title = uniqueTitle();
        drafts.push({ token, title, draftId: await saveReadyDraft(t, token, { title, communitySlug: 'polygon-painters', eventDate: '2027-01-15', start: { time: '19:00' } }) });
      }
    }
  }, 60_000);
  afterAll(async () => {
    await server?.kill();
    await t?.close();
  });

  const publish = (target: ChildServer, d: Draft) =>
    callOp(target.target, 'publishEventIntakeDraft', { token: d.token, params: { draftId: d.draftId }, body: { expectedVersion: 1, idempotencyKey: `burst-${d.draftId}` } });

  test('when the process is killed with SIGKILL during a publish burst, then after a restart every acknowledged publish is present exactly once', async () => {
    server = await startServer(env);
    const first = server;
    const acknowledged = new Map<string, string>(); // draftId → eventId
    let interrupted = 0;
    const burst = drafts.map(async (d) => {
      try {
        const res = await publish(first, d);
        if (res.status === 200) {
          acknowledged.set(d.draftId, bodyOf(res, 200).eventId);
          if (acknowledged.size === 3) void first.kill();
        }
      } catch {
        interrupted++; // the connection died with the process: no answer, so no promise was made
      }
    });
    await Promise.all(burst);
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(acknowledged.size).toBeGreaterThanOrEqual(3);
    expect(interrupted).toBeGreaterThan(0);

    server = await startServer(env);
    for (const d of drafts) {
      const rows = await eventsTitled(t, d.title);
      if (acknowledged.has(d.draftId)) expect(rows.map((r) => r.id)).toEqual([acknowledged.get(d.draftId)]);
      else expect(rows.length).toBeLessThanOrEqual(1);
    }
    // Replaying each publish (same key and version) on the restarted process: the acknowledged
    // ones answer as before, the others publish now; every draft ends with exactly one event.
    for (const d of drafts) {
      const replay = bodyOf(await publish(server, d), 200);
      if (acknowledged.has(d.draftId)) expect(replay.eventId).toBe(acknowledged.get(d.draftId));
      expect((await eventsTitled(t, d.title)).map((r) => r.id)).toEqual([replay.eventId]);
    }
  }, 90_000);

  test('when SIGTERM arrives with a request in flight, then that request completes, new connections are refused and the process exits 0', async () => {
    server ??= await startServer(env);
    const running = server;
    const { token } = drafts[0];
    const title = uniqueTitle();
    const body = Buffer.from(JSON.stringify({ patch: { title, communitySlug: 'polygon-painters' } }));
    const half = Math.floor(body.length / 2);

    // A client still sending its body: the server has its headers (it answered 100 Continue) but
    // not the whole request when the signal arrives.
    const { port } = new URL(running.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    let received = '';
    socket.on('data', (d: Buffer) => (received += d.toString('latin1')));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      `POST /api/v0/event-intake HTTP/1.1\r\nHost: marquee.test\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
    );
    await waitFor('100 Continue', () => received.startsWith('HTTP/1.1 100 Continue'));
    socket.write(body.subarray(0, half));

    running.process.kill('SIGTERM');
    await waitFor('new connections to be refused', () => refusesConnections(running.url));
    expect(running.process.exitCode).toBeNull(); // still draining

    socket.write(body.subarray(half));
    await waitFor('the in-flight answer', () => /\r\n\r\n[^]*\}$/.test(received.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '')));
    const answer = received.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '');
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    // The answer closes its keep-alive connection, so draining need not wait for the client.
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    const draft = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { draftId: string };
    expect(await t.db('event_intake_drafts').where({ id: draft.draftId }).count({ n: '*' })).toEqual([{ n: 1 }]);

    expect(await running.exited).toEqual({ code: 0, signal: null });
    await closed;
    server = undefined;
  }, 60_000);
});
