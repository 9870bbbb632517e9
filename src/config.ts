import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

export interface Config {
  env: 'development' | 'test' | 'production';
  host: string;
  port: number;
  /** Canonical public origin, e.g. https://marquee.example (no trailing slash). */
  publicBaseUrl: string;
  dataDir: string;
  /** The OAuth issuer's signing keys (private JWKs); created on first start except in production. */
  oauthSigningKeysFile: string;
  /** PostgreSQL connection string; when absent the embedded SQLite file is used. */
  databaseUrl?: string;
  /** PostgreSQL schema (search path) to use; the server default when absent. */
  databaseSchema?: string;
  sqliteFile: string;
  redisUrl?: string;
  /** Key for verifier hashes of personal tokens, session ids and network references. */
  secretKey: Buffer;
  /**
   * Where anonymous clients' addresses come from (contract 8.3 rule 7): the TCP peer (default),
   * one operator-configured single-value header, or nowhere (one shared bucket).
   */
  clientIp: { source: 'none' } | { source: 'socket' } | { source: 'header'; header: string };
  corsAllowedOrigins: string[] | '*';
  /** Largest JSON request body accepted, in bytes. */
  jsonBodyLimitBytes: number;
  /** Check every API response against the contract (tests turn this on). */
  validateResponses: boolean;
  /** Prefix for rate-limit keys, so several deployments can share one Redis. */
  rateLimitKeyPrefix: string;
  /**
   * Multiplies every route-class limit (benchmarks only: counting still happens, refusals do
   * not). Always 1 in production.
   */
  rateLimitScale: number;
  passwordHash: { memoryCost: number; timeCost: number; parallelism: number };
  logRequests: boolean;
  /** Contract 8.2 defaults, changeable by the operator (per account via the CLI, or here). */
  timeParse: { perMinute: number; dailyAllowance: number; monthlyAllowance: number };
}

export class ConfigError extends Error {}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new ConfigError(`${name} must be a non-negative integer`);
  return n;
}

/** Reads (or creates on first start) the embedded default's secret key under the data dir. */
function embeddedSecretKey(dataDir: string): Buffer {
  const file = path.join(dataDir, 'secret.key');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
  } catch {
    const key = crypto.randomBytes(32);
    fs.writeFileSync(file, key.toString('base64url') + '\n', { mode: 0o600, flag: 'wx' });
    return key;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const mode = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const port = int(env.PORT, 3000, 'PORT');
  const dataDir = path.resolve(env.MARQUEE_DATA_DIR ?? './data');
  const publicBaseUrl = (env.PUBLIC_BASE_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(publicBaseUrl);
  } catch {
    throw new ConfigError('PUBLIC_BASE_URL must be an absolute URL');
  }

  let secretKey: Buffer;
  if (env.MARQUEE_SECRET_KEY) {
    secretKey = Buffer.from(env.MARQUEE_SECRET_KEY, 'base64url');
    if (secretKey.length < 32) throw new ConfigError('MARQUEE_SECRET_KEY must hold at least 32 bytes (base64url)');
  } else if (mode === 'production') {
    throw new ConfigError('MARQUEE_SECRET_KEY is required in production');
  } else {
    secretKey = overrides.secretKey ?? embeddedSecretKey(dataDir);
  }

  // Contract 8.3 rule 7: the TCP peer is platform-derived (no caller can choose it), so it is
  // the default; one operator-named single-value header overrides it; `none` puts every
  // anonymous caller in one shared bucket. Forwarded-for headers are never an option.
  const ipSetting = env.CLIENT_IP_HEADER?.trim();
  const clientIp: Config['clientIp'] =
    !ipSetting || ipSetting.toLowerCase() === 'socket'
      ? { source: 'socket' }
      : ipSetting.toLowerCase() === 'none'
        ? { source: 'none' }
        : { source: 'header', header: ipSetting.toLowerCase() };
  if (clientIp.source === 'header' && !/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(clientIp.header)) {
    throw new ConfigError('CLIENT_IP_HEADER must be `socket`, `none` or one header name');
  }

  const origins = env.CORS_ALLOWED_ORIGINS?.trim();
  const config: Config = {
    env: mode,
    host: env.HOST ?? '127.0.0.1',
    port,
    publicBaseUrl,
    dataDir,
    oauthSigningKeysFile: path.resolve(env.OAUTH_SIGNING_KEYS_FILE ?? path.join(dataDir, 'oauth-signing-keys.json')),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    sqliteFile: path.resolve(env.SQLITE_FILE ?? path.join(dataDir, 'marquee.sqlite')),
    redisUrl: env.REDIS_URL || undefined,
    secretKey,
    clientIp,
    corsAllowedOrigins: !origins || origins === '*' ? '*' : origins.split(',').map((o) => o.trim()),
    jsonBodyLimitBytes: int(env.JSON_BODY_LIMIT_BYTES, 2 * 1024 * 1024, 'JSON_BODY_LIMIT_BYTES'),
    validateResponses: env.VALIDATE_RESPONSES === '1',
    rateLimitKeyPrefix: env.RATE_LIMIT_KEY_PREFIX ?? 'marquee',
    rateLimitScale: mode === 'production' ? 1 : Math.max(1, int(env.RATE_LIMIT_SCALE, 1, 'RATE_LIMIT_SCALE')),
    passwordHash: { memoryCost: 19456, timeCost: 2, parallelism: 1 },
    logRequests: env.LOG_REQUESTS !== '0' && mode !== 'test',
    timeParse: {
      perMinute: 6,
      dailyAllowance: int(env.TIME_PARSE_DAILY_ALLOWANCE, 250, 'TIME_PARSE_DAILY_ALLOWANCE'),
      monthlyAllowance: int(env.TIME_PARSE_MONTHLY_ALLOWANCE, 2000, 'TIME_PARSE_MONTHLY_ALLOWANCE'),
    },
    ...overrides,
  };
  if (config.env === 'production') {
    config.rateLimitScale = 1;
    if (!config.redisUrl) throw new ConfigError('production requires REDIS_URL: rate limits need a shared store (contract 8.3 rule 8)');
    if (!env.PUBLIC_BASE_URL) throw new ConfigError('production requires PUBLIC_BASE_URL');
  }
  return config;
}
