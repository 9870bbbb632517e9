import { jest } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { makeToken, makeUser } from '../helpers/factories.js';
import { callOp } from '../helpers/contractClient.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logRequests: true });
});
afterAll(() => t.close());

describe('the request log', () => {
  test('when requests carry tokens in paths, queries or headers, then none of them reaches the log', async () => {
    const user = await makeUser(t.services);
    const { value } = await makeToken(t.services, user.id, ['time:parse', 'public:read']);
    const lines: string[] = [];
    const spy = jest.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
    try {
      const continuation = 'A'.repeat(43);
      await callOp(t.app, 'getTemporalParseContinuation', { params: { continuationToken: continuation }, token: value });
      // Raw: a credential in the query string is refused before routing (no contract query parameter carries it).
      await request(t.app).get(`/api/v0/me?access_token=${value}`);
      // Raw: a path that reaches no contract operation.
      await request(t.app).get('/api/v0/nowhere/secret-path-part');
    } finally {
      spy.mockRestore();
    }
    const log = lines.join('\n');
    expect(log).toContain('GET /api/v0/time/parse/{continuationToken}');
    expect(log).not.toContain('AAAAAAAAAA');
    expect(log).not.toContain(value);
    expect(log).not.toContain('access_token');
    expect(log).not.toContain('secret-path-part');
  });
});
