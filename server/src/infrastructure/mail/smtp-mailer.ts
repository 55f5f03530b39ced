import { createTransport, type Transporter } from 'nodemailer';
import type { Mailer, MailMessage } from './mail.port';

/** Mailer of the production profile: SMTP (smtp:// or smtps:// URL with credentials) via nodemailer. */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html === undefined ? {} : { html: message.html }),
    });
  }

  /** Closes pooled connections (shutdown). */
  close(): void {
    this.transport.close();
  }
}
