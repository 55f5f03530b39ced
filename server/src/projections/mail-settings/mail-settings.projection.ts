import type { StoredEvent } from '../../events/domain-event';
import type { MailSettingsEvent } from '../../events/mail-settings.events';
import type { ProjectionTransaction } from '../../infrastructure/read-store/read-store.port';
import type { Projection } from '../projection';
import { MAIL_SETTINGS_COLLECTION, type MailSettingsView } from './mail-settings.read-model';

/** Each uploader's mail choices, as My data shows them. */
export class MailSettingsProjection implements Projection {
  readonly name = 'mail-settings';
  readonly collections = [MAIL_SETTINGS_COLLECTION];

  handles(eventType: string): boolean {
    return eventType === 'UploaderMailSettingsChanged';
  }

  async apply(tx: ProjectionTransaction, stored: StoredEvent): Promise<void> {
    const event = { type: stored.type, data: stored.data } as MailSettingsEvent;
    const { userId, settings } = event.data;
    await tx
      .collection<MailSettingsView>(MAIL_SETTINGS_COLLECTION)
      .replaceOne({ _id: userId }, { _id: userId, settings }, { upsert: true });
  }
}
