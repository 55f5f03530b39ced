import type { OutboxMailer } from '../mail/outbox-mailer';
import type { SmsMessage, SmsSender } from './sms.port';

/** The embedded profile's SMS: kept in the outbox folder beside the mails, read in the dev mailbox. */
export class OutboxSmsSender implements SmsSender {
  constructor(private readonly outbox: OutboxMailer) {}

  send(message: SmsMessage): Promise<void> {
    return this.outbox.sendSms(message.to, message.text);
  }
}
