import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Where a message went: the SMTP server's message id, or the outbox file. */
export type MailReceipt = { via: 'smtp'; messageId: string } | { via: 'outbox'; file: string };

/** Delivers account e-mail (verification and password-reset links). */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<MailReceipt>;
  close(): void;
}

/** nodemailer, loaded on the first message (the CLI and most requests send none). */
const loadNodemailer = async () => (await import('nodemailer')).default;

/** Sends through the configured SMTP server (nodemailer; STARTTLS when the server offers it). */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private transport?: Promise<Transporter>;

  constructor(
    private readonly smtpUrl: string,
    private readonly from: string,
  ) {}

  async send(message: MailMessage): Promise<MailReceipt> {
    this.transport ??= loadNodemailer().then((nodemailer) => nodemailer.createTransport(this.smtpUrl));
    const info = await (await this.transport).sendMail({ from: this.from, ...message });
    return { via: 'smtp', messageId: String(info.messageId) };
  }

  close(): void {
    void this.transport?.then((transport) => transport.close());
  }
}

/**
 * The embedded default: each message is written as one RFC 5322 file (`.eml`, readable by any
 * mail client) under the outbox folder, and one line names the file. The line never holds the
 * link: logs are kept and shipped, and the link is a credential; the file is the delivery.
 */
export class OutboxMailer implements Mailer {
  readonly kind = 'outbox' as const;
  private composer?: Promise<Transporter>;

  constructor(
    readonly dir: string,
    private readonly from: string,
    private readonly clock: Clock,
    private readonly announce: (line: string) => void = (line) => console.error(line),
  ) {}

  async send(message: MailMessage): Promise<MailReceipt> {
    // nodemailer composes the message (headers, encodings) without sending it anywhere.
    this.composer ??= loadNodemailer().then((nodemailer) => nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
    const info = await (await this.composer).sendMail({ from: this.from, ...message });
    await fs.mkdir(this.dir, { recursive: true, mode: 0o700 });
    // Sortable by time of writing; the random part keeps two messages in one millisecond apart.
    const name = `${new Date(this.clock.now()).toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
    const file = path.join(this.dir, name);
    await fs.writeFile(file, info.message as Buffer, { mode: 0o600, flag: 'wx' });
    this.announce(`mail: "${message.subject}" written to ${file}`);
    return { via: 'outbox', file };
  }

  close(): void {}
}

/** SMTP when configured, otherwise the outbox (in production too, with a warning at start). */
export function mailerFromConfig(config: Config, clock: Clock): Mailer {
  if (config.mail.smtpUrl) return new SmtpMailer(config.mail.smtpUrl, config.mail.from);
  return new OutboxMailer(config.mail.outboxDir, config.mail.from, clock);
}
