import { jest } from '@jest/globals';
import { toProblem } from '../../src/http/problem.js';
import { isDatabaseUnavailable } from '../../src/db/knex.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('a lost database connection as a problem', () => {
  // Both kinds are logged; the log is not what these tests are about.
  beforeAll(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterAll(() => jest.restoreAllMocks());

  test.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    ['a connection ended by the server', new Error('Connection terminated unexpectedly')],
    ['PostgreSQL shutting down (57P01)', withCode('terminating connection due to administrator command', '57P01')],
    ['PostgreSQL starting up (57P03)', withCode('the database system is starting up', '57P03')],
    ['a connection exception (class 08)', withCode('connection failure', '08006')],
    ['no pooled connection in time', Object.assign(new Error('Knex: Timeout acquiring a connection.'), { name: 'KnexTimeoutError' })],
    ['a wrapped cause', new Error('query failed', { cause: withCode('read ECONNRESET', 'ECONNRESET') })],
  ])('when the error is %s, then 503 SERVICE_UNAVAILABLE with Retry-After and no detail', (_, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
    const p = toProblem(err);
    expect(p.status).toBe(503);
    expect(p.body).toEqual({ type: '/problems/service-unavailable', title: 'Service unavailable', status: 503, code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: 5 });
    expect(p.headers['Retry-After']).toBe('5');
  });

  test.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a syntax error', withCode('syntax error at or near "selec"', '42601')],
    ['any other error', new Error('boom')],
  ])('when the error is %s, then still a bare 500', (_, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
    expect(toProblem(err).body).toEqual({ type: '/problems/internal', title: 'Internal server error', status: 500, code: 'INTERNAL' });
  });
});
