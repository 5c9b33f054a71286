import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { type Database, outbox } from '@mason/server-db';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends Mason's e-mails (verification, password reset). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface OutboxMailerOptions {
  /**
   * Write the links of each e-mail (verification, password reset) into the log line. Only for a
   * server nobody else can reach (see mayLogMailLinks): anyone who reads the log could use them.
   */
  logLinks: boolean;
}

/** The host names and addresses that only this machine can reach. */
function isLoopbackHost(host: string): boolean {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return (
    bare === 'localhost' ||
    bare === '::1' ||
    bare === '0:0:0:0:0:0:0:1' ||
    /^127(\.\d{1,3}){3}$/.test(bare)
  );
}

/**
 * The log may carry e-mail links only when it is how the person running Mason gets them: no SMTP
 * server is configured and Mason listens on loopback only (HOST localhost, 127.0.0.1 or ::1).
 */
export function mayLogMailLinks(config: { smtpUrl: string | null; host: string }): boolean {
  return config.smtpUrl === null && isLoopbackHost(config.host);
}

/**
 * Without SMTP: writes each e-mail to the outbox table and logs its address and subject (with its
 * links when `logLinks`), so a person running Mason locally can click them and tests can read it.
 */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly db: Database,
    private readonly log: Pick<FastifyBaseLogger, 'info'>,
    private readonly options: OutboxMailerOptions,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await this.db.insert(outbox).values({
      toAddress: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
    const links = this.options.logLinks ? (message.text.match(/https?:\/\/\S+/g) ?? []) : [];
    this.log.info(
      { to: message.to, subject: message.subject },
      `E-mail to ${message.to}: ${message.subject}${links.length ? ` ${links.join(' ')}` : ''}`,
    );
  }
}

/** Sends through an SMTP server (SMTP_URL, e.g. smtps://user:password@smtp.example.com:465). */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }

  close(): void {
    this.transport.close();
  }
}
