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

/**
 * Without SMTP: writes each e-mail to the outbox table and logs it with its link, so a person
 * running Mason locally can click it and tests can read it.
 */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly db: Database,
    private readonly log: Pick<FastifyBaseLogger, 'info'>,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await this.db.insert(outbox).values({
      toAddress: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
    const links = message.text.match(/https?:\/\/\S+/g) ?? [];
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
