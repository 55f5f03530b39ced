/**
 * The SMS port: sends one text message to a phone number in E.164 form (+3725…). Adapters: the
 * embedded profile's outbox (shown in the dev mailbox) and Messente's REST API.
 */
export interface SmsMessage {
  /** E.164: + and up to 15 digits. */
  readonly to: string;
  readonly text: string;
}

export interface SmsSender {
  /** Sends (or stores) the message; resolves once the provider has accepted it. */
  send(message: SmsMessage): Promise<void>;
}

/** The provider refused or could not be reached; the text says why (never the credentials). */
export class SmsNotSentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SmsNotSentError';
  }
}
