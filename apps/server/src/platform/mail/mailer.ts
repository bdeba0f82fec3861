import type { Logger } from 'pino';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra header fields, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
};

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** Development default: the mail (and so the code) is written to the log. */
export class LogMailer implements Mailer {
  constructor(private readonly logger: Logger) {}

  async send(message: MailMessage): Promise<void> {
    this.logger.info(
      { mail: { to: message.to, subject: message.subject } },
      `MAIL\n${message.text}`,
    );
  }

  async close(): Promise<void> {}
}
