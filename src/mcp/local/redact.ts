/**
 * The local server's one guard against leaking its credential (contract 7.3): every text it
 * returns or logs passes through here, whatever produced it (an API problem echoing a header, a
 * storage error page, a thrown error's message).
 */
export const REDACTED = '[redacted]';

export class Redactor {
  private readonly secrets = new Set<string>();

  /** Remembers a secret to scrub (the bearer, as sent). */
  add(secret: string | undefined): void {
    if (secret && secret.length >= 4) this.secrets.add(secret);
  }

  text(value: string): string {
    let out = value;
    for (const secret of this.secrets) {
      out = out.split(secret).join(REDACTED);
      // The same secret as it appears inside a JSON string.
      const escaped = JSON.stringify(secret).slice(1, -1);
      if (escaped !== secret) out = out.split(escaped).join(REDACTED);
    }
    return out;
  }

  /** A JSON value with every string scrubbed (keys included). */
  json<T>(value: T): T {
    if (this.secrets.size === 0) return value;
    return JSON.parse(this.text(JSON.stringify(value))) as T;
  }
}
