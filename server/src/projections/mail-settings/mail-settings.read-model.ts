import type { UploaderMailSettings } from '../../events/mail-settings.events';
import type { ReadModel } from '../../infrastructure/read-store/read-store.port';

export const MAIL_SETTINGS_COLLECTION = 'mail_settings';

/** An uploader's mail choices, by user id; a user without one gets every mail. */
export interface MailSettingsView extends ReadModel {
  readonly settings: UploaderMailSettings;
}
