import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type StreamTransport from 'nodemailer/lib/stream-transport/index.js';
import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Where a message went: the SMTP server's message id, or the outbox file. */
export type MailReceipt = { via: 'smtp'; messageId: string } | { via: 'outbox'; file: string };

/** A message composed for delivery: its RFC 5322 bytes, the SMTP envelope and its Message-ID. */
export interface RenderedMail {
  envelope: { from: string; to: string[] };
  messageId: string;
  raw: Buffer;
}

/** Delivers account e-mail (verification and password-reset links). */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /**
   * Composes `message` exactly as send() would (nodemailer's MIME build: headers, encodings)
   * and delivers nothing. send() delivers what this composes, so composing alone costs what
   * the composing part of a delivery costs (a request that must not reveal whether it mailed
   * anyone does the same work either way).
   */
  render(message: MailMessage): Promise<RenderedMail>;
  send(message: MailMessage): Promise<MailReceipt>;
  close(): void;
}

/** nodemailer, loaded on the first message (the CLI and most requests send none). */
const loadNodemailer = async () => (await import('nodemailer')).default;

/** nodemailer's stream transport: it compiles a message to a Buffer and sends it nowhere. */
class Composer {
  private transport?: Promise<Transporter<StreamTransport.SentMessageInfo>>;

  constructor(
    private readonly from: string,
    private readonly newline: 'unix' | 'windows',
  ) {}

  async render(message: MailMessage): Promise<RenderedMail> {
    this.transport ??= loadNodemailer().then((nodemailer) => nodemailer.createTransport({ streamTransport: true, buffer: true, newline: this.newline }));
    const info = await (await this.transport).sendMail({ from: this.from, ...message });
    // `buffer: true`: the message is a Buffer, never a stream.
    return { envelope: { from: info.envelope.from || '', to: info.envelope.to }, messageId: info.messageId, raw: info.message as Buffer };
  }
}

/** Sends through the configured SMTP server (nodemailer; STARTTLS when the server offers it). */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private transport?: Promise<Transporter>;
  private readonly composer: Composer;

  constructor(
    private readonly smtpUrl: string,
    from: string,
  ) {
    this.composer = new Composer(from, 'windows');
  }

  render(message: MailMessage): Promise<RenderedMail> {
    return this.composer.render(message);
  }

  /** The message render() composes, sent as is (nodemailer's `raw`) with its envelope. */
  async send(message: MailMessage): Promise<MailReceipt> {
    const rendered = await this.render(message);
    this.transport ??= loadNodemailer().then((nodemailer) => nodemailer.createTransport(this.smtpUrl));
    await (await this.transport).sendMail({ envelope: rendered.envelope, raw: rendered.raw });
    return { via: 'smtp', messageId: rendered.messageId };
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
  private readonly composer: Composer;

  constructor(
    readonly dir: string,
    from: string,
    private readonly clock: Clock,
    private readonly announce: (line: string) => void = (line) => console.error(line),
  ) {
    this.composer = new Composer(from, 'unix');
  }

  render(message: MailMessage): Promise<RenderedMail> {
    return this.composer.render(message);
  }

  async send(message: MailMessage): Promise<MailReceipt> {
    const { raw } = await this.render(message);
    await fs.mkdir(this.dir, { recursive: true, mode: 0o700 });
    // Sortable by time of writing; the random part keeps two messages in one millisecond apart.
    const name = `${new Date(this.clock.now()).toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
    const file = path.join(this.dir, name);
    await fs.writeFile(file, raw, { mode: 0o600, flag: 'wx' });
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
