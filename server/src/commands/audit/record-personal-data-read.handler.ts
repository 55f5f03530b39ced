import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { personalDataReadsStreamId } from '../../events/audit.events';
import { CURRENT_SCHEMA_VERSION } from '../../events/event-catalog';
import {
  EVENT_STORE,
  type EventStore,
  type LogPosition,
} from '../../infrastructure/event-store/event-store.port';
import { RecordPersonalDataReadCommand } from './record-personal-data-read.command';

/**
 * Appends the read to the reader's own stream. A read is a fact with nothing to decide and no state to
 * guard, so it is appended without an expected revision: reads never conflict, however many at once.
 */
@CommandHandler(RecordPersonalDataReadCommand)
export class RecordPersonalDataReadHandler implements ICommandHandler<
  RecordPersonalDataReadCommand,
  { position: LogPosition }
> {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async execute({ read }: RecordPersonalDataReadCommand): Promise<{ position: LogPosition }> {
    const { position } = await this.eventStore.append(
      personalDataReadsStreamId(read.readerId),
      [
        {
          id: randomUUID(),
          type: 'PersonalDataRead',
          schemaVersion: CURRENT_SCHEMA_VERSION.PersonalDataRead,
          data: read,
          metadata: { occurredAt: read.readAt, actorId: read.readerId },
        },
      ],
      'any',
    );
    return { position };
  }
}
