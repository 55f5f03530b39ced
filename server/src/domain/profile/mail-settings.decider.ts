import type { MailSettingsEvent, UploaderMailSettings } from '../../events/mail-settings.events';
import { type DomainCommand, assertNever } from '../shared/command';
import { FieldValidator } from '../shared/domain-error';

/** Every mail is on until the uploader turns it off. */
export const DEFAULT_MAIL_SETTINGS: UploaderMailSettings = { sales: true, payouts: true, files: true };

export interface MailSettingsState {
  readonly settings: UploaderMailSettings;
}

export const initialMailSettingsState: MailSettingsState = { settings: DEFAULT_MAIL_SETTINGS };

export type ChangeMailSettings = DomainCommand<
  'ChangeMailSettings',
  { readonly userId: string; readonly settings: UploaderMailSettings }
>;

export type MailSettingsCommand = ChangeMailSettings;

const KINDS = ['sales', 'payouts', 'files'] as const;

/** The user's own choices (the API takes the user from the sign-in); the same choices again record nothing. */
function change({ data }: ChangeMailSettings, state: MailSettingsState): MailSettingsEvent[] {
  const v = new FieldValidator();
  for (const kind of KINDS)
    if (typeof data.settings[kind] !== 'boolean') v.add(kind, 'VALIDATION.INVALID_VALUE');
  v.throwIfAny();
  const settings = { sales: data.settings.sales, payouts: data.settings.payouts, files: data.settings.files };
  if (KINDS.every((kind) => state.settings[kind] === settings[kind])) return [];
  return [{ type: 'UploaderMailSettingsChanged', data: { userId: data.userId, settings } }];
}

export function decideMailSettings(
  command: MailSettingsCommand,
  state: MailSettingsState,
): MailSettingsEvent[] {
  switch (command.type) {
    case 'ChangeMailSettings':
      return change(command, state);
    default:
      return assertNever(command.type);
  }
}

export function evolveMailSettings(state: MailSettingsState, event: MailSettingsEvent): MailSettingsState {
  switch (event.type) {
    case 'UploaderMailSettingsChanged':
      return { settings: event.data.settings };
    default:
      return assertNever(event.type);
  }
}

export const mailSettingsDecider = {
  initialState: initialMailSettingsState,
  decide: decideMailSettings,
  evolve: evolveMailSettings,
};
