/**
 * Contributors for the out-of-process publish benchmark (bench/publish.ts): run with the
 * benchmarked server's environment (same database, same secret key), it creates the accounts
 * given on the command line, each with an `events:contribute` token, and prints the tokens as JSON.
 */
import { loadConfig } from '../src/config.js';
import { createDb } from '../src/db/knex.js';
import { Repositories } from '../src/repositories/index.js';
import { createServices } from '../src/services/index.js';
import { RateLimits } from '../src/services/ratelimit/rateLimits.js';
import { SigningKeyFile } from '../src/services/oauth/signingKeys.js';
import { storageFromEnv } from '../src/services/storage/config.js';
import { systemClock } from '../src/lib/clock.js';

const count = Number(process.argv[2] ?? 16);
const config = loadConfig();
const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, pgSchema: config.databaseSchema });
try {
  const store = storageFromEnv(process.env, { dataDir: config.dataDir, secretKey: config.secretKey, publicBaseUrl: config.publicBaseUrl, clock: systemClock });
  const signingKeys = await new SigningKeyFile(config.oauthSigningKeysFile).loadOrCreate(systemClock.now());
  const services = createServices(
    { repos: new Repositories(db), clock: systemClock, config },
    { rateLimits: new RateLimits({ kind: 'memory' }, config.rateLimitKeyPrefix), store, posterReader: () => { throw new Error('no posters here'); }, signingKeys },
  );
  const tokens: string[] = [];
  const stamp = Date.now();
  for (let i = 0; i < count; i++) {
    const u = await services.users.create({ email: `bench-publisher-${i}-${stamp}@example.test`, password: 'benchmark password' });
    tokens.push((await services.tokens.create(u.id, { label: 'bench', scopes: ['events:contribute'] })).tokenValue);
  }
  console.log(JSON.stringify(tokens));
} finally {
  await db.destroy();
}
