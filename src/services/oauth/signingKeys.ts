import fs from 'node:fs';
import path from 'node:path';
import type { JWK } from 'jose';
import { randomToken } from '../../lib/crypto.js';

/** The signing algorithm of JWT access tokens. */
export const SIGNING_ALG = 'ES256' as const;

interface StoredKey {
  createdAt: number;
  jwk: JWK;
}

/**
 * The issuer's signing keys (contract 5.6, decisions §6), newest first: the first signs, the
 * others stay published in the JWKS so tokens signed before a rotation still verify. Kept in a
 * file under the data dir (mode 0600) on the embedded default; production names the file.
 */
export class SigningKeyFile {
  constructor(readonly file: string) {}

  static forDataDir(dataDir: string): SigningKeyFile {
    return new SigningKeyFile(path.join(dataDir, 'oauth-signing-keys.json'));
  }

  exists(): boolean {
    return fs.existsSync(this.file);
  }

  private read(): StoredKey[] {
    const parsed = JSON.parse(fs.readFileSync(this.file, 'utf8')) as { keys?: StoredKey[] };
    if (!Array.isArray(parsed.keys) || !parsed.keys.length) throw new Error(`${this.file} holds no signing keys`);
    return parsed.keys;
  }

  private write(keys: StoredKey[]): void {
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify({ keys }, null, 2) + '\n', { mode: 0o600 });
    fs.renameSync(tmp, this.file);
  }

  private static async newKey(now: number): Promise<StoredKey> {
    // jose loads only when a key is made: a start that finds its keys never needs it.
    const { exportJWK, generateKeyPair } = await import('jose');
    const { privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
    const jwk = await exportJWK(privateKey);
    return { createdAt: now, jwk: { ...jwk, kid: randomToken(12), alg: SIGNING_ALG, use: 'sig' } };
  }

  /** The private JWKs, newest first; creates the first key when the file does not exist yet. */
  async loadOrCreate(now: number): Promise<JWK[]> {
    if (!this.exists()) this.write([await SigningKeyFile.newKey(now)]);
    return this.read().map((k) => k.jwk);
  }

  /**
   * Puts a new key first (it signs from the next start on) and keeps the previous ones whose
   * tokens may still be live: a retired key stays published for at least `keepSeconds` after
   * the key that replaced it was created.
   */
  async rotate(now: number, keepSeconds: number): Promise<{ kid: string; kept: string[] }> {
    const current = this.exists() ? this.read() : [];
    const fresh = await SigningKeyFile.newKey(now);
    // Key i was replaced when key i-1 was created; it stays while that is recent enough.
    const kept = current.filter((_, i) => i === 0 || now - current[i - 1].createdAt < keepSeconds * 1000);
    this.write([fresh, ...kept]);
    return { kid: fresh.jwk.kid!, kept: kept.map((k) => k.jwk.kid!) };
  }
}

/** The public half of private JWKs, as published at the JWKS endpoint. */
export function publicJwks(keys: JWK[]): { keys: JWK[] } {
  return { keys: keys.map(({ d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...pub }) => pub) };
}
