import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clock } from '../clock/clock';
import { systemClock } from '../clock/clock';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-files';
import type { Mailer, MailMessage } from './mail.port';

/** A message as the outbox stored it: a mail, or a text message (SMS) kept beside the mails. */
export interface OutboxMessage {
  readonly id: string;
  /** 'sms' for text messages (to is then a phone number); mails stored before this field are 'email'. */
  readonly channel?: 'email' | 'sms';
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string | null;
  readonly sentAt: string;
}

/**
 * Mailer of the embedded profile: every message becomes one JSON file in `dir`, so the dev mailbox
 * (and the tests) can read what would have been sent. Nothing leaves the machine.
 */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly dir: string,
    private readonly clock: Clock = systemClock,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await this.store(message, 'email');
  }

  /** Keeps a text message (the SMS outbox on the embedded profile), shown in the dev mailbox too. */
  async sendSms(to: string, text: string): Promise<void> {
    await this.store({ to, subject: 'SMS', text }, 'sms');
  }

  private async store(message: MailMessage, channel: 'email' | 'sms'): Promise<void> {
    const sentAt = this.clock.now();
    const stored: OutboxMessage = {
      id: randomUUID(),
      channel,
      to: message.to.trim().toLowerCase(),
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      sentAt: sentAt.toISOString(),
    };
    // Mail holds sign-up and reset codes: the folder and every message are the owner's only.
    await mkdir(this.dir, { recursive: true, mode: PRIVATE_DIR_MODE });
    // The time prefix keeps file names sortable; the id keeps two messages in one millisecond apart.
    const name = `${sentAt.getTime().toString().padStart(15, '0')}-${stored.id}.json`;
    await writeFile(join(this.dir, name), JSON.stringify(stored, null, 2), {
      encoding: 'utf8',
      mode: PRIVATE_FILE_MODE,
    });
  }

  /** Stored messages, newest first; only those to `to` (case-insensitive) when given. */
  async list(to?: string): Promise<OutboxMessage[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const wanted = to?.trim().toLowerCase();
    const messages: OutboxMessage[] = [];
    for (const name of names
      .filter((n) => n.endsWith('.json'))
      .sort()
      .reverse()) {
      const message = JSON.parse(await readFile(join(this.dir, name), 'utf8')) as OutboxMessage;
      if (wanted === undefined || wanted === '' || message.to === wanted) messages.push(message);
    }
    return messages;
  }
}
