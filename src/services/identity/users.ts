import { newId } from '../../lib/crypto.js';
import { type UsersRepository, type UserRow } from '../../repositories/users.js';
import { AppError } from '../errors.js';
import type { ServiceDeps } from '../context.js';
import { PasswordHasher } from './passwords.js';

export const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}$/;

/** The one password rule: at least this many characters. */
export const PASSWORD_MIN_LENGTH = 10;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The one password rule, for accounts created by the operator and passwords set by reset. */
export function checkNewPassword(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw new AppError(400, '/problems/validation-failed', 'Password too short', {
      code: 'VALIDATION_FAILED',
      detail: 'Passwords need at least 10 characters.',
    });
  }
}

export class UsersService {
  private readonly repo: UsersRepository;
  private readonly hasher: PasswordHasher;

  constructor(private readonly deps: ServiceDeps) {
    this.repo = deps.repos.users;
    this.hasher = new PasswordHasher(deps.config.passwordHash);
  }

  async create(input: { email: string; password: string; displayName?: string }): Promise<UserRow> {
    const email = normalizeEmail(input.email);
    if (!EMAIL.test(email)) throw new AppError(400, '/problems/validation-failed', 'Invalid e-mail address', { code: 'VALIDATION_FAILED' });
    checkNewPassword(input.password);
    if (await this.repo.findByEmail(email)) {
      throw new AppError(409, '/problems/conflict', 'Account exists', { code: 'ACCOUNT_EXISTS', detail: 'An account with this e-mail exists.' });
    }
    const now = this.deps.clock.now();
    const user: UserRow = {
      id: newId('usr'),
      email,
      displayName: (input.displayName ?? email.split('@')[0]).slice(0, 80),
      passwordHash: await this.hasher.hash(input.password),
      emailVerifiedAt: null,
      timeApiGrantedAt: null,
      retentionDefault: true,
      timeDailyAllowance: null,
      timeMonthlyAllowance: null,
      createdAt: now,
      updatedAt: now,
      origin: 'operator',
    };
    await this.repo.insert(user);
    return user;
  }

  /** Returns the user when the password matches; the same work is done for unknown e-mails. */
  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.repo.findByEmail(normalizeEmail(email));
  }

  async checkPassword(email: string, password: string): Promise<UserRow | undefined> {
    const user = await this.repo.findByEmail(normalizeEmail(email));
    const ok = await this.hasher.verify(user?.passwordHash ?? null, password);
    return ok ? user : undefined;
  }

  async require(emailOrId: string): Promise<UserRow> {
    const user = emailOrId.startsWith('usr_') ? await this.repo.findById(emailOrId) : await this.repo.findByEmail(normalizeEmail(emailOrId));
    if (!user) throw new AppError(404, '/problems/not-found', 'No such user', { code: 'NOT_FOUND' });
    return user;
  }

  async verifyEmail(userId: string): Promise<void> {
    await this.repo.update(userId, { emailVerifiedAt: this.deps.clock.now() }, this.deps.clock.now());
  }

  async setTimeApiAccess(userId: string, granted: boolean): Promise<void> {
    const now = this.deps.clock.now();
    await this.repo.update(userId, { timeApiGrantedAt: granted ? now : null }, now);
  }

}
