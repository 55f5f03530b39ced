import type { DomainEvent } from './domain-event';

/** Which mails an uploader gets from the shop (docs/decisions/uploader-mails.md); each is on by default. */
export interface UploaderMailSettings {
  /** A document of theirs was bought. */
  readonly sales: boolean;
  /** A payout of theirs was paid, or rejected (with the reason). */
  readonly payouts: boolean;
  /** A file they uploaded could not be processed. */
  readonly files: boolean;
}

/** The uploader chose which mails they get; the payload is every choice as it now stands. */
export type UploaderMailSettingsChanged = DomainEvent<
  'UploaderMailSettingsChanged',
  { readonly userId: string; readonly settings: UploaderMailSettings }
>;

export type MailSettingsEvent = UploaderMailSettingsChanged;

export const mailSettingsStreamId = (userId: string): string => `mail-settings-${userId}`;
