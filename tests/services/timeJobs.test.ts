import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeUser } from '../helpers/factories.js';
import { refusal } from '../helpers/refusal.js';
import { TimeJobsService, type EngineInput, type EngineOutcome, type TimeParser } from '../../src/services/time/jobs.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A parser the test drives: warm or cold, answering at once or when released. */
class FakeParser implements TimeParser {
  warm = true;
  hold = false;
  seen: EngineInput[] = [];
  private releases: (() => void)[] = [];
  isWarm() {
    return this.warm;
  }
  async parse(input: EngineInput): Promise<EngineOutcome> {
    this.seen.push(input);
    if (this.hold) await new Promise<void>((r) => this.releases.push(r));
    // A stand-in outcome (not a full contract result): the job service stores whatever the parser returns.
    return { status: 'resolved', kind: 'instant', epoch: Math.floor(input.referenceInstant / 1000) + 3600, text: input.text } as unknown as EngineOutcome;
  }
  releaseAll() {
    this.releases.splice(0).forEach((r) => r());
  }
}

async function setup(opts: { budgetMs?: number } = {}) {
  const parser = new FakeParser();
  const jobs = new TimeJobsService({ repos: t.repos, clock: t.clock, config: t.config }, t.services.timeQuota, parser, opts.budgetMs ?? 200);
  const user = await makeUser(t.services, { verified: true });
  await t.services.users.setTimeApiAccess(user.id, true);
  return { parser, jobs, user, caller: { userId: user.id, tokenId: `tok_${user.id}` } };
}
const settle = (jobs: TimeJobsService) => Promise.all([...jobs.inFlight]);

describe('time jobs (contract 3 and 4.10)', () => {
  beforeEach(() => t.clock.set(Date.UTC(2026, 10, 21, 12, 0, 0)));

  test('when the parser is warm and quick, then the result comes back at once with a requestId', async () => {
    const { jobs, caller } = await setup();
    const res = await jobs.submit(caller, { text: 'in an hour' });
    expect(res.kind).toBe('done');
    expect(res.body).toMatchObject({ requestId: expect.stringMatching(/^tpr_/), status: 'resolved', epoch: Date.UTC(2026, 10, 21, 13) / 1000 });
  });

  test('when the pool is cold, then 202-style pending, and the poll returns the result once done', async () => {
    const { jobs, parser, caller } = await setup();
    parser.warm = false;
    const res = await jobs.submit(caller, { text: 'in an hour' });
    expect(res.kind).toBe('pending');
    if (res.kind !== 'pending') return;
    expect(res.body).toMatchObject({ status: 'pending', retryAfterSeconds: 1, expiresAt: '2026-11-21T12:15:00.000Z' });
    expect(res.continuationToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await settle(jobs);
    const polled = await jobs.poll(caller.userId, res.continuationToken);
    expect(polled).toMatchObject({ kind: 'done', body: { requestId: res.body.requestId, status: 'resolved' } });
  });

  test('when a parse misses the budget, then pending; polls before completion stay pending', async () => {
    const { jobs, parser, caller } = await setup({ budgetMs: 20 });
    parser.hold = true;
    const res = await jobs.submit(caller, { text: 'slow one' });
    expect(res.kind).toBe('pending');
    if (res.kind !== 'pending') return;
    expect((await jobs.poll(caller.userId, res.continuationToken)).kind).toBe('pending');
    parser.releaseAll();
    await settle(jobs);
    expect((await jobs.poll(caller.userId, res.continuationToken)).kind).toBe('done');
  });

  test('when referenceInstant is omitted, then the acceptance time is fixed for the job (rule 2)', async () => {
    const { jobs, parser, caller } = await setup();
    parser.warm = false;
    const res = await jobs.submit(caller, { text: 'in an hour' });
    t.clock.advance(5 * 60_000);
    await settle(jobs);
    expect(parser.seen[0].referenceInstant).toBe(Date.UTC(2026, 10, 21, 12));
    if (res.kind === 'pending') expect(((await jobs.poll(caller.userId, res.continuationToken)).body as Record<string, unknown>).epoch).toBe(Date.UTC(2026, 10, 21, 13) / 1000);
  });

  test('when the same key and request are replayed, then the original job comes back and no quota is used (rule 3)', async () => {
    const { jobs, parser, caller } = await setup();
    parser.warm = false;
    const first = await jobs.submit(caller, { text: 'tomorrow 9 JST' }, 'key-1');
    const again = await jobs.submit(caller, { text: 'tomorrow 9 JST' }, 'key-1');
    expect(again.body.requestId).toBe(first.body.requestId);
    if (first.kind === 'pending' && again.kind === 'pending') expect(again.continuationToken).toBe(first.continuationToken);
    expect((await t.services.timeQuota.usage(caller.userId)).minute.accountCount).toBe(1);
  });

  test('when a key is reused with a different request, then 409 and nothing is counted', async () => {
    const { jobs, caller } = await setup();
    await jobs.submit(caller, { text: 'friday 8pm' }, 'key-2');
    const conflict = await refusal(jobs.submit(caller, { text: 'saturday 8pm' }, 'key-2'));
    expect(conflict).toMatchObject({ status: 409, options: { code: 'IDEMPOTENCY_CONFLICT' } });
    expect((await t.services.timeQuota.usage(caller.userId)).minute.accountCount).toBe(1);
  });

  test('when a key is reused after the 15-minute window, then it is a new job (rule 4)', async () => {
    const { jobs, caller } = await setup();
    const first = await jobs.submit(caller, { text: 'friday 8pm' }, 'key-3');
    t.clock.advance(15 * 60_000 + 1);
    const second = await jobs.submit(caller, { text: 'saturday 8pm' }, 'key-3');
    expect(second.body.requestId).not.toBe(first.body.requestId);
  });

  test('when a parse is in flight, then a second submission is refused without using quota', async () => {
    const { jobs, parser, caller } = await setup({ budgetMs: 10 });
    parser.hold = true;
    await jobs.submit(caller, { text: 'one' });
    const second = await refusal(jobs.submit(caller, { text: 'two' }));
    expect(second).toMatchObject({ status: 429, options: { code: 'QUOTA_EXCEEDED' } });
    expect((await t.services.timeQuota.usage(caller.userId)).minute.accountCount).toBe(1);
    parser.hold = false;
    parser.releaseAll();
    await settle(jobs);
    expect((await jobs.submit(caller, { text: 'three' })).kind).toBe('done');
  });

  test('when the quota refuses, then no job is left behind', async () => {
    const { jobs, caller } = await setup();
    for (let i = 0; i < 6; i++) await jobs.submit(caller, { text: `n${i}` });
    const refused = await refusal(jobs.submit(caller, { text: 'seventh' }));
    expect(refused?.options.code).toBe('QUOTA_EXCEEDED');
    expect(await t.db('time_parse_jobs').where({ user_id: caller.userId })).toHaveLength(6);
  });

  test('when another account, an unknown token or an expired continuation is polled, then 404, 404, 410', async () => {
    const { jobs, parser, caller } = await setup();
    parser.warm = false;
    const res = await jobs.submit(caller, { text: 'later' });
    if (res.kind !== 'pending') throw new Error('expected pending');
    const other = await makeUser(t.services);
    expect((await refusal(jobs.poll(other.id, res.continuationToken)))?.status).toBe(404);
    expect((await refusal(jobs.poll(caller.userId, 'A'.repeat(43))))?.status).toBe(404);
    t.clock.advance(15 * 60_000);
    expect(await refusal(jobs.poll(caller.userId, res.continuationToken))).toMatchObject({ status: 410, options: { code: 'CONTINUATION_EXPIRED' } });
  });

  test('when the account turns retention off, then unexpired continuations answer 410 and stored data is purged', async () => {
    const { jobs, parser, caller } = await setup();
    parser.warm = false;
    const res = await jobs.submit(caller, { text: 'keep me' });
    await settle(jobs);
    if (res.kind !== 'pending') throw new Error('expected pending');
    const { purged } = await t.services.timeRetention.setAccountDefault(caller.userId, false);
    expect(await refusal(jobs.poll(caller.userId, res.continuationToken))).toMatchObject({ status: 410, options: { code: 'RETENTION_DISABLED' } });
    expect(await purged).toBe(1);
    const [row] = await t.db('time_parse_jobs').where({ user_id: caller.userId });
    expect([row.input_text, row.input_hash, row.outcome]).toEqual([null, null, null]);
  });

  test('when a request opts out of retention, then its expression and hash go when it completes and the result when it expires', async () => {
    const { jobs, caller } = await setup();
    await jobs.submit(caller, { text: 'private phrase', retainInput: false });
    await jobs.submit(caller, { text: 'kept phrase' });
    const rows = await t.db('time_parse_jobs').where({ user_id: caller.userId }).orderBy('accepted_at');
    const optedOut = rows.find((r: { retain_input: unknown }) => !r.retain_input && r.retain_input !== 1);
    const kept = rows.find((r: { input_text: string | null }) => r.input_text === 'kept phrase');
    expect(optedOut.input_text).toBeNull();
    expect(optedOut.input_hash).toBeNull();
    expect(optedOut.outcome).not.toBeNull();
    expect(kept.input_hash).toBeTruthy();
    t.clock.advance(15 * 60_000);
    await t.services.timeRetention.scrubExpired();
    const after = await t.db('time_parse_jobs').where({ id: optedOut.id }).first();
    expect(after.outcome).toBeNull();
    expect((await t.db('time_parse_jobs').where({ id: kept.id }).first()).input_text).toBe('kept phrase');
  });

  test('when the e-mail is unverified or access not granted, then 403', async () => {
    const { jobs } = await setup();
    const unverified = await makeUser(t.services);
    await t.services.users.setTimeApiAccess(unverified.id, true);
    expect((await refusal(jobs.submit({ userId: unverified.id, tokenId: 'tok_x' }, { text: 'now' })))?.status).toBe(403);
    const ungranted = await makeUser(t.services, { verified: true });
    expect((await refusal(jobs.submit({ userId: ungranted.id, tokenId: 'tok_y' }, { text: 'now' })))?.status).toBe(403);
  });
});
