import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DEFAULT_MAIL_SETTINGS } from '../../domain/profile/mail-settings.decider';
import type { UploaderMailSettings } from '../../events/mail-settings.events';
import { READ_STORE, type ReadStore } from '../../infrastructure/read-store/read-store.port';
import {
  MAIL_SETTINGS_COLLECTION,
  type MailSettingsView,
} from '../../projections/mail-settings/mail-settings.read-model';
import { GetMailSettingsQuery } from './get-mail-settings.query';

@QueryHandler(GetMailSettingsQuery)
export class GetMailSettingsHandler implements IQueryHandler<GetMailSettingsQuery, UploaderMailSettings> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ userId }: GetMailSettingsQuery): Promise<UploaderMailSettings> {
    const view = await this.readStore
      .collection<MailSettingsView>(MAIL_SETTINGS_COLLECTION)
      .findOne({ _id: userId });
    return view?.settings ?? DEFAULT_MAIL_SETTINGS;
  }
}
