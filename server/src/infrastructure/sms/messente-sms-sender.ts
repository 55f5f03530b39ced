import { type SmsMessage, SmsNotSentError, type SmsSender } from './sms.port';

export interface MessenteOptions {
  /** https://api.messente.com/v1 (a test double's address in tests). */
  readonly apiUrl: string;
  readonly username: string;
  readonly password: string;
  /** A registered sender name (up to 11 characters) or number. */
  readonly sender: string;
  /** Give up on a request after this long. */
  readonly timeoutMs?: number;
}

/**
 * Text messages through Messente's Omnichannel API (an Estonian provider): `POST /omnimessage` with
 * HTTP Basic authentication (the API username and password) and the body
 * `{ to, messages: [{ channel: 'sms', sender, text }] }`; 201 means accepted.
 */
export class MessenteSmsSender implements SmsSender {
  constructor(private readonly options: MessenteOptions) {}

  async send(message: SmsMessage): Promise<void> {
    const { apiUrl, username, password, sender } = this.options;
    let response: Response;
    try {
      response = await fetch(`${apiUrl}/omnimessage`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({ to: message.to, messages: [{ channel: 'sms', sender, text: message.text }] }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new SmsNotSentError(
        `Messente could not be reached: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (response.status !== 201 && response.status !== 200) {
      const body = await response.text().catch(() => '');
      throw new SmsNotSentError(`Messente answered ${response.status}: ${body.slice(0, 300)}`);
    }
  }
}
