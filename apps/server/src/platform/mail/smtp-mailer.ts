import nodemailer, { type Transporter } from 'nodemailer';
import type { MailMessage, Mailer } from './mailer';

/**
 * Connections kept open to the SMTP server. A connection a mail (connect, EHLO, MAIL, RCPT, DATA,
 * QUIT each time) held a run of 10,000 digests to ~200 mails a second on the bench machine
 * (docs/performance.md, issue 43); a few kept connections send many mails each.
 */
const POOLED_CONNECTIONS = 4;
/** Mails a kept connection sends before it is replaced (servers limit mails a session). */
const MAILS_A_CONNECTION = 100;

/**
 * Real mail over SMTP_URL (its own file: nodemailer is loaded only when SMTP is configured),
 * through a pool of kept connections. Options in the URL (`?pool=false`, `?maxConnections=…`)
 * override these.
 */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport({
      url,
      pool: true,
      maxConnections: POOLED_CONNECTIONS,
      maxMessages: MAILS_A_CONNECTION,
    });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
