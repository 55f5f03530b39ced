import { Command } from '@nestjs/cqrs';
import type { PersonalDataRead } from '../../events/audit.events';
import type { LogPosition } from '../../infrastructure/event-store/event-store.port';

/** A member of staff is about to be shown buyers' personal data: recorded before the answer goes out. */
export class RecordPersonalDataReadCommand extends Command<{ position: LogPosition }> {
  constructor(readonly read: PersonalDataRead['data']) {
    super();
  }
}
