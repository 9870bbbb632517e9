import { keyedHash } from '../../lib/crypto.js';
import type { UserRow } from '../../repositories/users.js';
import type { ServiceDeps } from '../context.js';
import type { RateLimits } from '../ratelimit/rateLimits.js';
import { normalizeEmail, type UsersService } from './users.js';

export type SignInOutcome =
  | { kind: 'signed_in'; user: UserRow }
  /** Unknown e-mail or wrong password: one answer for both. */
  | { kind: 'wrong' }
  /** Too many failures in a bucket the attempt belongs to; the password was not checked. */
  | { kind: 'refused'; retryAfterSeconds: number };

/**
 * Password sign-in with failure throttling (the buckets and their limits: `SIGN_IN_*` in
 * src/services/ratelimit/rateLimits.ts). Every attempt counts against its account from its
 * network, its account everywhere, and its network; a right password gives its count back.
 * The account is named by a keyed hash of the normalized e-mail, whether or not an account has
 * it, so a refusal tells nothing about which addresses exist.
 */
export class SignInService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly users: UsersService,
    private readonly rateLimits: RateLimits,
  ) {}

  /**
   * `network` is the caller's network reference (src/http/clientAddress.ts), or undefined when
   * the deployment cannot tell clients apart (CLIENT_IP_HEADER=none): then only the account's
   * own bucket applies, since a network bucket would be everyone's.
   */
  async attempt(email: unknown, password: unknown, network: string | undefined): Promise<SignInOutcome> {
    const address = typeof email === 'string' ? email : '';
    const keys = this.throttleKeys(address, network);
    const wait = await this.rateLimits.reserveSignIn(keys);
    if (wait > 0) return { kind: 'refused', retryAfterSeconds: wait };
    const user = address && typeof password === 'string' && password ? await this.users.checkPassword(address, password) : undefined;
    // An account made on the sign-up page signs in once its address is confirmed; until then
    // the answer is the one for a wrong password, so signing in after a sign-up cannot tell
    // whether the address had an account before (and the attempt stays counted).
    if (!user || (user.origin === 'signup' && user.emailVerifiedAt === null)) return { kind: 'wrong' };
    await this.rateLimits.releaseSignIn(keys);
    return { kind: 'signed_in', user };
  }

  /**
   * The password of a signed-in user, asked again before a sensitive change (password, address).
   * It counts in the same buckets as a sign-in of that account, so a stolen session cannot guess
   * the password faster than the sign-in page allows.
   */
  async confirmPassword(user: UserRow, password: unknown, network: string | undefined): Promise<{ kind: 'ok' } | { kind: 'wrong' } | { kind: 'refused'; retryAfterSeconds: number }> {
    const keys = this.throttleKeys(user.email, network);
    const wait = await this.rateLimits.reserveSignIn(keys);
    if (wait > 0) return { kind: 'refused', retryAfterSeconds: wait };
    const ok = typeof password === 'string' && password !== '' && (await this.users.checkPassword(user.email, password))?.id === user.id;
    if (!ok) return { kind: 'wrong' };
    await this.rateLimits.releaseSignIn(keys);
    return { kind: 'ok' };
  }

  private throttleKeys(email: string, network: string | undefined): string[] {
    const account = keyedHash(this.deps.config.secretKey, 'sign-in', normalizeEmail(email)).slice(0, 32);
    return network === undefined ? [`acct:${account}`] : [`acctnet:${account}:${network}`, `acct:${account}`, `net:${network}`];
  }
}
