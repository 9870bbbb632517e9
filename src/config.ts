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
  /**
   * Keep answers of anonymous public reads in memory while the public-read version stamp in the
   * database is unchanged and their computed status holds (PUBLIC_READ_CACHE=0 turns it off).
   */
  publicReadCache: boolean;
  /** Prefix for rate-limit keys, so several deployments can share one Redis. */
  rateLimitKeyPrefix: string;
  /**
   * Multiplies every route-class limit (benchmarks only: counting still happens, refusals do
   * not). Always 1 in production.
   */
  rateLimitScale: number;
  passwordHash: { memoryCost: number; timeCost: number; parallelism: number };
  logRequests: boolean;
  /** Least severe level written to the JSON log (LOG_LEVEL); `silent` by default under test. */
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /**
   * Bearer token that `/metrics` requires (METRICS_TOKEN). Without one, metrics are served openly
   * in development and test and not at all in production.
   */
  metricsToken?: string;
  /** Contract 8.2 defaults, changeable by the operator (per account via the CLI, or here). */
  timeParse: { perMinute: number; dailyAllowance: number; monthlyAllowance: number };
  /**
   * The server's time-parse worker threads: at most `threads`, started by the first parse (none
   * at start); one idle for `idleSeconds` exits and gives its memory back (0: never).
   */
  timeParseWorkers: { threads: number; idleSeconds: number };
  /**
   * The poster reader's OCR workers (started by the first poster read): one idle for
   * `idleSeconds` is terminated and gives its memory back (0: never).
   */
  ocrWorkers: { idleSeconds: number };
  /**
   * Account e-mail (decisions §6): sent through SMTP when `smtpUrl` is set
   * (`smtp://user:pass@host:587`, `smtps://…:465`), otherwise written as .eml files to `outboxDir`.
   */
  mail: { smtpUrl?: string; from: string; outboxDir: string };
  /**
   * Who may create an account on the sign-up page (SIGNUP): `open` (anyone), `invite` (only with
   * an operator's invite link, `npm run cli -- invite create`) or `closed` (the operator makes
   * every account). `open` by default in development and test, so a newcomer can try the whole
   * browser flow; `invite` by default in production, so a public deployment is not open to spam
   * until its operator decides.
   */
  signUp: SignUpPolicy;
}

export type SignUpPolicy = 'open' | 'invite' | 'closed';
const SIGN_UP_POLICIES: readonly SignUpPolicy[] = ['open', 'invite', 'closed'];

function signUpPolicy(value: string | undefined, mode: Config['env']): SignUpPolicy {
  if (!value) return mode === 'production' ? 'invite' : 'open';
  const policy = SIGN_UP_POLICIES.find((p) => p === value.trim().toLowerCase());
  if (!policy) throw new ConfigError(`SIGNUP must be one of ${SIGN_UP_POLICIES.join(', ')}`);
  return policy;
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

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function logLevel(value: string | undefined, mode: Config['env']): Config['logLevel'] {
  if (!value) return mode === 'test' ? 'silent' : 'info';
  const level = LOG_LEVELS.find((l) => l === value.trim().toLowerCase());
  if (!level) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  return level;
}

function metricsToken(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!/^[\x21-\x7e]{16,}$/.test(value)) throw new ConfigError('METRICS_TOKEN must be at least 16 printable characters without spaces');
  return value;
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
  if (env.SMTP_URL && !/^smtps?:\/\//.test(env.SMTP_URL)) throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL');
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
    publicReadCache: env.PUBLIC_READ_CACHE !== '0',
    rateLimitKeyPrefix: env.RATE_LIMIT_KEY_PREFIX ?? 'marquee',
    rateLimitScale: mode === 'production' ? 1 : Math.max(1, int(env.RATE_LIMIT_SCALE, 1, 'RATE_LIMIT_SCALE')),
    passwordHash: { memoryCost: 19456, timeCost: 2, parallelism: 1 },
    logRequests: env.LOG_REQUESTS !== '0' && mode !== 'test',
    logLevel: logLevel(env.LOG_LEVEL, mode),
    metricsToken: metricsToken(env.METRICS_TOKEN),
    timeParse: {
      perMinute: 6,
      dailyAllowance: int(env.TIME_PARSE_DAILY_ALLOWANCE, 250, 'TIME_PARSE_DAILY_ALLOWANCE'),
      monthlyAllowance: int(env.TIME_PARSE_MONTHLY_ALLOWANCE, 2000, 'TIME_PARSE_MONTHLY_ALLOWANCE'),
    },
    timeParseWorkers: {
      threads: Math.max(1, int(env.TIME_PARSE_WORKERS, 1, 'TIME_PARSE_WORKERS')),
      idleSeconds: int(env.TIME_PARSE_WORKER_IDLE_SECONDS, 300, 'TIME_PARSE_WORKER_IDLE_SECONDS'),
    },
    ocrWorkers: { idleSeconds: int(env.OCR_WORKER_IDLE_SECONDS, 60, 'OCR_WORKER_IDLE_SECONDS') },
    mail: {
      smtpUrl: env.SMTP_URL || undefined,
      from: env.MAIL_FROM || `Marquee <no-reply@${new URL(publicBaseUrl).hostname}>`,
      outboxDir: path.resolve(env.MAIL_OUTBOX_DIR ?? path.join(dataDir, 'outbox')),
    },
    signUp: signUpPolicy(env.SIGNUP, mode),
    ...overrides,
  };
  if (config.env === 'production') {
    config.rateLimitScale = 1;
    if (!config.redisUrl) throw new ConfigError('production requires REDIS_URL: rate limits need a shared store (contract 8.3 rule 8)');
    if (!env.PUBLIC_BASE_URL) throw new ConfigError('production requires PUBLIC_BASE_URL');
    // The default (the TCP peer) is wrong behind a reverse proxy, where every client has the
    // proxy's address and one client's failures count for all; production says which it is.
    if (!ipSetting && !overrides.clientIp) {
      throw new ConfigError(
        'production requires CLIENT_IP_HEADER: the one header your reverse proxy sets to the client address (e.g. x-real-ip), `socket` when clients connect directly, or `none`',
      );
    }
  }
  return config;
}
