import { assertNoCredentialInQuery, authorize, presentedCredential } from '../../src/http/auth.js';
import { operations } from '../../src/generated/contract.js';
import { AppError } from '../../src/services/errors.js';
import type { PersonalTokenCredential } from '../../src/services/context.js';
import type { Scope } from '../../src/generated/contract.js';

const cred = (scopes: Scope[], userAuthority = true): PersonalTokenCredential => ({
  kind: 'api_token', tokenId: 'tok_1', ownerKind: userAuthority ? 'user' : 'community', ownerUserId: 'usr_1', scopes, trustTier: 'personal',
  userId: userAuthority ? 'usr_1' : undefined,
});
const status = (fn: () => void) => {
  try {
    fn();
    return 200;
  } catch (e) {
    return (e as AppError).status;
  }
};

describe('credential extraction', () => {
  test.each([
    [{}, 'none'],
    [{ authorization: 'Bearer abc.def-ghi_' }, 'bearer'],
    [{ authorization: 'bearer abc' }, 'bearer'],
    [{ authorization: 'Basic Zm9vOmJhcg==' }, 'malformed'],
    [{ authorization: 'Bearer' }, 'malformed'],
    [{ authorization: 'Bearer a b' }, 'malformed'],
  ])('when the headers are %j, then the credential is %s', (headers, kind) => {
    expect(presentedCredential(headers).kind).toBe(kind);
  });

  test.each([
    [{ access_token: 'x' }, 400],
    [{ Token: 'x' }, 400],
    [{ q: 'service_abcdefghijklmnopqrstuvwxyz' }, 400],
    [{ q: ['ok', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig'] }, 400],
    [{ q: 'night shift', limit: '5' }, 200],
  ])('when the query is %j, then %i', (query, expected) => {
    expect(status(() => assertNoCredentialInQuery(query))).toBe(expected);
  });
});

describe('the scope guard reads the contract requirement of the credential’s own scheme', () => {
  const op = { security: [{ bearerAuth: ['developer:read'] }, { oauth2: ['developer:read'] }], userAuthority: true, anonymous: false };
  test('when all scopes are held, then allowed', () => expect(status(() => authorize(op, cred(['developer:read'])))).toBe(200));
  test('when a scope is missing, then 403', () => expect(status(() => authorize(op, cred(['public:read'])))).toBe(403));
  test('when no credential is sent, then 401', () => expect(status(() => authorize(op, undefined))).toBe(401));
  test('when the credential has no user authority, then 403', () => expect(status(() => authorize(op, cred(['developer:read'], false)))).toBe(403));
  test('when anonymous access is allowed, then no credential is fine', () =>
    expect(status(() => authorize({ security: [{}, { bearerAuth: ['public:read'] }], userAuthority: false, anonymous: true }, undefined))).toBe(200));
  test('when the scheme is not offered for this credential kind, then 403', () =>
    expect(status(() => authorize({ security: [{ oauth2: ['public:read'] }], userAuthority: false, anonymous: false }, cred(['public:read'])))).toBe(403));
});

describe('time parsing takes user-owned personal tokens only (contract 5.16), as the contract states it', () => {
  const session = { kind: 'web_session', tokenId: 's_1', ownerKind: 'user', ownerUserId: 'usr_1', scopes: ['time:parse'], trustTier: 'personal', userId: 'usr_1' } as const;
  test.each(['parseTemporalExpression', 'getTemporalParseContinuation'] as const)('%s: a user-owned token with time:parse is allowed', (id) =>
    expect(status(() => authorize(operations[id], cred(['time:parse'])))).toBe(200));
  test.each(['parseTemporalExpression', 'getTemporalParseContinuation'] as const)('%s: no OAuth scheme is offered, so an OAuth token cannot be accepted', (id) =>
    expect(operations[id].security.some((req) => 'oauth2' in req)).toBe(false));
  test.each(['parseTemporalExpression', 'getTemporalParseContinuation'] as const)('%s: a community-owned token with time:parse is refused', (id) =>
    expect(status(() => authorize(operations[id], cred(['time:parse'], false)))).toBe(403));
  test.each(['parseTemporalExpression', 'getTemporalParseContinuation'] as const)('%s: a signed-in browser session is refused', (id) =>
    expect(status(() => authorize(operations[id], { ...session, scopes: [...session.scopes] }))).toBe(403));
});
