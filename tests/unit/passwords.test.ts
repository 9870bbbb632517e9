import { PasswordHasher } from '../../src/services/identity/passwords.js';

describe('password hashing', () => {
  test('when hashed with the default parameters, then it is argon2id (memory-hard) and verifies only the right password', async () => {
    const hasher = new PasswordHasher({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    const encoded = await hasher.hash('correct horse battery staple');
    expect(encoded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(encoded, 'correct horse battery staple')).toBe(true);
    expect(await hasher.verify(encoded, 'Correct horse battery staple')).toBe(false);
    expect(await hasher.verify(null, 'anything')).toBe(false);
    expect(await hasher.verify('garbage', 'anything')).toBe(false);
  });
});
