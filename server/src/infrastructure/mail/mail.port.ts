/**
 * The Mail port: sends one e-mail. Adapters: the embedded profile's outbox folder (read back by the
 * dev mailbox and tests) and SMTP through nodemailer.
 */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
}

export interface Mailer {
  /** Sends (or stores) the message; resolves once it has been handed over. */
  send(message: MailMessage): Promise<void>;
}

export const MAILER = Symbol('Mailer');
