import path from 'node:path';
import type { Clock } from '../../lib/clock.js';
import { ConfigError } from '../../config.js';
import { LocalObjectStore, type ObjectStore } from './objectStore.js';
import { S3ObjectStore } from './s3ObjectStore.js';

/**
 * S3-compatible storage when `S3_BUCKET` is set; otherwise the embedded default, files under
 * `<dataDir>/objects` with uploads received by this server.
 */
export function storageFromEnv(
  env: NodeJS.ProcessEnv,
  deps: { dataDir: string; secretKey: Buffer; publicBaseUrl: string; clock: Clock },
): ObjectStore {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) {
    return new LocalObjectStore({
      root: path.join(deps.dataDir, 'objects'),
      secretKey: deps.secretKey,
      publicBaseUrl: deps.publicBaseUrl,
    });
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint) {
    let protocol: string | undefined;
    try {
      protocol = new URL(endpoint).protocol;
    } catch {
      protocol = undefined;
    }
    if (protocol !== 'http:' && protocol !== 'https:') throw new ConfigError('S3_ENDPOINT must be an absolute http(s) URL');
  }
  return new S3ObjectStore({
    bucket,
    region: env.S3_REGION?.trim() || 'us-east-1',
    endpoint,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === '1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    clock: deps.clock,
  });
}
