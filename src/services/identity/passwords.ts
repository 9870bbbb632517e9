import { hash, verify } from '@node-rs/argon2';

/** Argon2id (memory-hard), OWASP's baseline parameters by default. */
export class PasswordHasher {
  constructor(private readonly params: { memoryCost: number; timeCost: number; parallelism: number }) {}

  hash(password: string): Promise<string> {
    return hash(password, this.params);
  }

  async verify(encoded: string | null, password: string): Promise<boolean> {
    if (!encoded) {
      // Spend the same work as a real check so response time does not reveal unknown accounts.
      await hash(password, this.params);
      return false;
    }
    try {
      return await verify(encoded, password);
    } catch {
      return false;
    }
  }
}
