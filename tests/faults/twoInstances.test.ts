import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeContributor, makeToken, makeUser, saveReadyDraft } from '../helpers/factories.js';
import { bodyOf, callOp, expectStatus } from '../helpers/contractClient.js';
import { StandInParser } from '../helpers/standInTimeParser.js';
import { loadDemoData } from '../../seeds/demo.js';
import { describeWithSharedBackends, listen, type Listening } from './backends.js';

/**
 * Two instances of one deployment: two real HTTP servers over one PostgreSQL schema and one Redis
 * key prefix. Whatever one instance counts, stores or revokes, the other sees at once.
 */
describeWithSharedBackends('two instances on one PostgreSQL and one Redis', () => {
  const parserA = new StandInParser();
  const parserB = new StandInParser();
  let a: TestApp;
  let b: TestApp;
  let httpA: Listening;
  let httpB: Listening;

  beforeAll(async () => {
    a = await createTestApp({}, { timeParser: parserA });
    b = await createTestApp({}, { timeParser: parserB }, { shareWith: a });
    await loadDemoData(a.services);
    httpA = await listen(a.app);
    httpB = await listen(b.app);
  });
  afterAll(async () => {
    await httpA?.close();
    await httpB?.close();
    await b?.close();
    await a?.close();
  });

  test('when both instances are configured, then they share the schema and the rate-limit keys but not the process', () => {
    expect(b.config.databaseSchema).toBe(a.config.databaseSchema);
    expect(b.config.rateLimitKeyPrefix).toBe(a.config.rateLimitKeyPrefix);
    expect(httpA.url).not.toBe(httpB.url);
  });

  test('when concurrent requests of one token are spread over both instances, then the limit is counted once: N allowed, N+1 refused', async () => {
    const user = await makeUser(a.services);
    const { value } = await makeToken(a.services, user.id, ['developer:read']);
    // developer_credential_management allows 30 a minute; 31 concurrent calls, alternating instances.
    const results = await Promise.all(
      Array.from({ length: 31 }, (_, i) => callOp(i % 2 ? httpB.target : httpA.target, 'listCurrentDeveloperApiTokens', { token: value })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    // Both instances now refuse, and both report the same exhausted window.
    for (const target of [httpA.target, httpB.target]) {
      const refused = await callOp(target, 'listCurrentDeveloperApiTokens', { token: value });
      expectStatus(refused, 429);
      expect(refused.headers['ratelimit-limit']).toBe('30');
      expect(refused.headers['ratelimit-remaining']).toBe('0');
    }
  });

  test('when a publish is replayed on the other instance, or raced on both, then it is exact: one event, the same answer', async () => {
    const { token } = await makeContributor(a);
    const fields = { communitySlug: 'polygon-painters', eventDate: '2027-01-15', start: { time: '19:00' } };

    const draftId = await saveReadyDraft(a, token, fields);
    const body = { expectedVersion: 1, idempotencyKey: `k-${draftId}` };
    const first = bodyOf(await callOp(httpA.target, 'publishEventIntakeDraft', { token, params: { draftId }, body }), 200);
    const replay = bodyOf(await callOp(httpB.target, 'publishEventIntakeDraft', { token, params: { draftId }, body }), 200);
    expect(replay.eventId).toBe(first.eventId);
    expect(replay.eventPath).toBe(first.eventPath);

    const raced = await saveReadyDraft(a, token, fields);
    const raceBody = { expectedVersion: 1, idempotencyKey: `k-${raced}` };
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => callOp(i % 2 ? httpB.target : httpA.target, 'publishEventIntakeDraft', { token, params: { draftId: raced }, body: raceBody })),
    );
    const ids = answers.map((r) => bodyOf(r, 200).eventId);
    expect(new Set(ids).size).toBe(1);

    for (const [draft, eventId] of [
      [draftId, first.eventId],
      [raced, ids[0]],
    ]) {
      const { title } = bodyOf(await callOp(httpB.target, 'getEventIntakeDraft', { token, params: { draftId: draft } }), 200).fields;
      const rows = await a.db('events').where({ title }).select('id');
      expect(rows.map((r: { id: string }) => r.id)).toEqual([eventId]);
    }
  });

  test('when a time job is submitted on one instance, then the other answers its continuation, pending and then done', async () => {
    const user = await makeUser(a.services, { verified: true });
    await a.services.users.setTimeApiAccess(user.id, true);
    const { value: token } = await makeToken(a.services, user.id, ['time:parse']);
    parserA.warm = false;
    let release!: () => void;
    parserA.gate = new Promise<void>((resolve) => (release = resolve));
    try {
      const submitted = await callOp(httpA.target, 'parseTemporalExpression', { token, body: { text: 'in an hour', timeZone: 'Asia/Tokyo' } });
      expectStatus(submitted, 202);
      const continuationToken = submitted.body.continuationToken;

      const pending = await callOp(httpB.target, 'getTemporalParseContinuation', { token, params: { continuationToken } });
      expectStatus(pending, 202);

      release();
      await Promise.all([...a.services.timeJobs!.inFlight]);
      const done = await callOp(httpB.target, 'getTemporalParseContinuation', { token, params: { continuationToken } });
      expectStatus(done, 200);
      expect(done.body).toMatchObject({ requestId: submitted.body.requestId, status: 'resolved', canonical: { timeZone: 'Asia/Tokyo' } });
    } finally {
      release();
      parserA.gate = undefined;
      parserA.warm = true;
    }
  });

  test('when a token is revoked on one instance, then the other refuses it on the very next request', async () => {
    const user = await makeUser(a.services);
    const manager = (await makeToken(a.services, user.id, ['developer:write', 'developer:read'])).value;
    const target = await makeToken(a.services, user.id, ['public:read']);
    // Used (and so looked up) on B first, so any cache of B's would be warm.
    expectStatus(await callOp(httpB.target, 'getCurrentApiCaller', { token: target.value }), 200);

    expectStatus(await callOp(httpA.target, 'revokeCurrentDeveloperApiToken', { params: { tokenId: target.id }, token: manager }), 200);
    const refused = await callOp(httpB.target, 'getCurrentApiCaller', { token: target.value });
    expect(refused.status).toBe(401);
  });
});
