import { Query } from '@nestjs/cqrs';
import type { UploaderMailSettings } from '../../events/mail-settings.events';

/** The user's mail choices (every mail on until they choose). */
export class GetMailSettingsQuery extends Query<UploaderMailSettings> {
  constructor(readonly userId: string) {
    super();
  }
}
