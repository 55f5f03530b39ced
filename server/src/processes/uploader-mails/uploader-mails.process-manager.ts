import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { AggregateStore } from '../../commands/shared/aggregate-store';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { documentDecider } from '../../domain/catalogue/document.decider';
import { payoutsDecider } from '../../domain/payout/payouts.decider';
import { mailSettingsDecider } from '../../domain/profile/mail-settings.decider';
import { profileDecider } from '../../domain/profile/profile.decider';
import { purchaseDecider } from '../../domain/purchase/purchase.decider';
import { type FileProcessingFailed, documentStreamId } from '../../events/document.events';
import { upcast } from '../../events/event-catalog';
import { type UploaderMailSettings, mailSettingsStreamId } from '../../events/mail-settings.events';
import { type PayoutExecuted, type PayoutRejected, payoutsStreamId } from '../../events/payout.events';
import { profileStreamId } from '../../events/profile.events';
import { type PurchasePaid, purchaseStreamId } from '../../events/purchase.events';
import { CLOCK, type Clock } from '../../infrastructure/clock/clock';
import {
  EVENT_STORE,
  type EventStore,
  type RecordedEvent,
} from '../../infrastructure/event-store/event-store.port';
import { MAILER, type MailMessage, type Mailer } from '../../infrastructure/mail/mail.port';
import { READ_STORE, type ReadStore } from '../../infrastructure/read-store/read-store.port';
import { LogFollower } from '../shared/log-follower';
import {
  type Recipient,
  fileFailedMail,
  payoutPaidMail,
  payoutRejectedMail,
  saleMail,
} from './uploader-mail-texts';

/** The notifier's checkpoint lives with the projections' checkpoints in the read store. */
export const UPLOADER_MAILS_CHECKPOINT = 'uploader-mails';
/** A fact older than this when the notifier reaches it is history, not news: it is not mailed. */
export const NEWS_WINDOW_MS = 2 * 24 * 60 * 60 * 1000;
const SEND_ATTEMPTS = 3;
const RETRY_MS = 2000;

const HANDLED = new Set(['PurchasePaid', 'PayoutExecuted', 'PayoutRejected', 'FileProcessingFailed']);

/**
 * Tells uploaders by mail, in their language, what happened to their work (issue 27): a sale of their
 * document, a payout paid or rejected (with the reason), a file that could not be processed; each kind
 * can be turned off in My data (UploaderMailSettingsChanged). Driven by the event log from its own
 * checkpoint, stored after each fact it mails about: a fact is mailed once, and at most once more if the
 * server stops between the mail and the checkpoint. A first start begins at the log's head, and a fact
 * older than {@link NEWS_WINDOW_MS} (a long outage, the demo's past) is not mailed.
 */
@Injectable()
export class UploaderMailsManager implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(UploaderMailsManager.name);
  private readonly follower: LogFollower;

  constructor(
    @Inject(EVENT_STORE) eventStore: EventStore,
    @Inject(READ_STORE) readStore: ReadStore,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly aggregates: AggregateStore,
  ) {
    this.follower = new LogFollower(eventStore, readStore, {
      checkpoint: UPLOADER_MAILS_CHECKPOINT,
      label: 'Uploader mails',
      logger: this.logger,
      // The first start: what happened before is not news.
      firstStartAtHead: true,
      handle: (event) => (HANDLED.has(event.type) ? this.mailAbout(event) : Promise.resolve(false)),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.follower.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.follower.stop();
  }

  /** Resolves once every fact up to the log's head now has been mailed about (or the notifier stopped). */
  async idle(): Promise<void> {
    await this.follower.idle();
  }

  /** Sends the mails a fact calls for; false when it calls for none. */
  private async mailAbout(recorded: RecordedEvent): Promise<boolean> {
    const age = this.clock.now().getTime() - Date.parse(recorded.metadata.occurredAt);
    if (age > NEWS_WINDOW_MS) return false;
    const data = upcast(recorded.type, recorded.schemaVersion, recorded.data);
    const mails =
      recorded.type === 'PurchasePaid'
        ? await this.saleMails(data as PurchasePaid['data'])
        : recorded.type === 'PayoutExecuted' || recorded.type === 'PayoutRejected'
          ? await this.payoutMails(recorded.type, data as PayoutExecuted['data'] | PayoutRejected['data'])
          : await this.fileMails(data as FileProcessingFailed['data']);
    for (const mail of mails) await this.send(mail);
    return mails.length > 0;
  }

  private async saleMails({ purchaseId }: PurchasePaid['data']): Promise<MailMessage[]> {
    const { state } = await this.aggregates.load(purchaseStreamId(purchaseId), purchaseDecider);
    if (state.status !== 'paid') return [];
    const byUploader = new Map<string, { title: string; price: number; earned: number }[]>();
    for (const line of state.lines) {
      const lines = byUploader.get(line.uploaderId) ?? [];
      lines.push({ title: line.title, price: line.price, earned: line.uploaderEarnings });
      byUploader.set(line.uploaderId, lines);
    }
    const mails: MailMessage[] = [];
    for (const [uploaderId, lines] of byUploader) {
      const to = await this.recipient(uploaderId, 'sales');
      if (to) mails.push(saleMail(to, lines, this.config.publicUrl));
    }
    return mails;
  }

  private async payoutMails(
    type: 'PayoutExecuted' | 'PayoutRejected',
    data: PayoutExecuted['data'] | PayoutRejected['data'],
  ): Promise<MailMessage[]> {
    const to = await this.recipient(data.uploaderId, 'payouts');
    if (!to) return [];
    if (type === 'PayoutRejected') {
      const rejected = data as PayoutRejected['data'];
      return [payoutRejectedMail(to, rejected, this.config.publicUrl)];
    }
    const executed = data as PayoutExecuted['data'];
    const { state } = await this.aggregates.load(payoutsStreamId(executed.uploaderId), payoutsDecider);
    const iban = state.payouts[executed.payoutId]?.iban ?? '';
    return [payoutPaidMail(to, { ...executed, iban }, this.config.publicUrl)];
  }

  private async fileMails({
    documentId,
    fileId,
    reason,
  }: FileProcessingFailed['data']): Promise<MailMessage[]> {
    const { state } = await this.aggregates.load(documentStreamId(documentId), documentDecider);
    if (state.status === 'none' || state.status === 'deleted') return [];
    const file = state.files.find((f) => f.fileId === fileId);
    const to = await this.recipient(state.uploaderId, 'files');
    if (!to || !file) return [];
    return [
      fileFailedMail(
        to,
        { documentId, documentTitle: state.details.title, fileTitle: file.title, reason },
        this.config.publicUrl,
      ),
    ];
  }

  /** Where the uploader's mail of this kind goes, in their language; null when they turned it off. */
  private async recipient(userId: string, kind: keyof UploaderMailSettings): Promise<Recipient | null> {
    const { state: settings } = await this.aggregates.load(mailSettingsStreamId(userId), mailSettingsDecider);
    if (!settings.settings[kind]) return null;
    const { state: profile } = await this.aggregates.load(profileStreamId(userId), profileDecider);
    if (!profile.registered || profile.email === '') return null;
    return {
      email: profile.email,
      name: profile.details.firstName,
      // The language of My data; Estonian, the shop's own, when none is chosen.
      language: profile.details.language === 'en' ? 'en' : 'et',
    };
  }

  /** A mail that cannot be handed over after a few tries is logged and left: the next facts go on. */
  private async send(mail: MailMessage): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.mailer.send(mail);
        return;
      } catch (error) {
        if (attempt >= SEND_ATTEMPTS || this.follower.isStopping) {
          this.logger.error(`A mail to an uploader could not be sent: ${mail.subject}`, error as Error);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS * attempt));
      }
    }
  }
}
