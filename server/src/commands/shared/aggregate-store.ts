import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { v4 as uuidv4, v5 as uuidv5 } from 'uuid';
import type { CommandContext } from '../../domain/shared/command';
import type { DomainEvent } from '../../events/domain-event';
import { CURRENT_SCHEMA_VERSION, type EventType, upcast } from '../../events/event-catalog';
import {
  EVENT_STORE,
  type EventStore,
  type LogPosition,
  type NewEvent,
  type RecordedEvent,
} from '../../infrastructure/event-store/event-store.port';
import type { Decider } from './decider';

/** What a command handler answers: the log position it wrote (for read-your-writes) and the events. */
export interface CommandResult {
  /** Position of the last event written; null when the command changed nothing. */
  readonly position: LogPosition | null;
  readonly events: readonly DomainEvent[];
}

/** The same Idempotency-Key came with a different command than the one it was first used for (422). */
export class IdempotencyKeyReusedError extends Error {
  constructor(readonly commandId: string) {
    super(`Idempotency-Key ${commandId} was used for a different command`);
    this.name = 'IdempotencyKeyReusedError';
  }
}

/** JSON with object keys sorted at every level, so equal values always give equal text. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** SHA-256 over who asked and what: the time of asking is left out, since a retry comes later. */
export function commandHash(actorId: string, intent: unknown): string {
  return createHash('sha256').update(canonicalJson({ actorId, intent })).digest('hex');
}

/** Namespace for event ids derived from a command id, so a retried command writes the same ids. */
const EVENT_ID_NAMESPACE = '6f1c2f0e-3b7a-4c4e-9a55-2d0f7c9b8e11';

export function eventIdFor(streamId: string, commandId: string, index: number): string {
  return uuidv5(`${streamId}/${commandId}/${index}`, EVENT_ID_NAMESPACE);
}

export function toDomainEvent<E extends DomainEvent>(recorded: RecordedEvent): E {
  return { type: recorded.type, data: upcast(recorded.type, recorded.schemaVersion, recorded.data) } as E;
}

function withoutTime(command: { readonly context: CommandContext }): unknown {
  const { context, ...rest } = command;
  return { ...rest, context: { actorId: context.actorId } };
}

/**
 * Loads an aggregate from its stream, asks its decider, and appends the outcome with the revision it
 * read, so two writers never overwrite each other (the loser gets WrongExpectedRevisionError → 409).
 */
@Injectable()
export class AggregateStore {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  /** The aggregate's current state and the revision it was read at (null: no stream yet). */
  async load<S, C, E extends DomainEvent>(
    streamId: string,
    decider: Decider<S, C, E>,
  ): Promise<{ state: S; revision: number | null; recorded: RecordedEvent[] }> {
    const recorded = await this.eventStore.readStream(streamId);
    const state = recorded.reduce((s, r) => decider.evolve(s, toDomainEvent<E>(r)), decider.initialState);
    const last = recorded.at(-1);
    return { state, revision: last ? last.revision : null, recorded };
  }

  /**
   * Runs one command against one stream. With a `commandId` (the client's Idempotency-Key), a retry
   * of an already applied command is answered with the original result and writes nothing; the same
   * key with a different command throws IdempotencyKeyReusedError. What counts as "the same" is the
   * actor and `intent`: by default the command without its time; a handler whose command carries facts
   * it read itself (a document's price) passes what the client asked for instead, so a retry after
   * those facts changed is still recognised.
   */
  async handle<S, C, E extends DomainEvent>(
    streamId: string,
    decider: Decider<S, C, E>,
    command: C & { readonly context: CommandContext },
    commandId: string = uuidv4(),
    intent: unknown = withoutTime(command),
  ): Promise<CommandResult> {
    const { state, revision, recorded } = await this.load(streamId, decider);
    const firstId = eventIdFor(streamId, commandId, 0);
    const hash = commandHash(command.context.actorId, intent);
    const earlier = recorded.filter((r) => r.metadata.correlationId === commandId);
    const first = earlier.find((r) => r.id === firstId);
    if (first) {
      // Events written before hashes existed carry none: those are taken as a retry, as they always were.
      if (first.metadata.commandHash !== undefined && first.metadata.commandHash !== hash)
        throw new IdempotencyKeyReusedError(commandId);
      return { position: earlier.at(-1)!.position, events: earlier.map((r) => toDomainEvent<E>(r)) };
    }
    return this.append(streamId, decider.decide(command, state), revision, command.context, commandId, hash);
  }

  /**
   * Decides on a state the caller loaded earlier (and acted on: wrote a file planned from it, say) and
   * appends at the revision it was loaded at, so a change in between fails (409) instead of being
   * decided over.
   */
  async decideAt<S, C, E extends DomainEvent>(
    streamId: string,
    decider: Decider<S, C, E>,
    command: C & { readonly context: CommandContext },
    loaded: { readonly state: S; readonly revision: number | null },
    commandId: string = uuidv4(),
  ): Promise<CommandResult> {
    const events = decider.decide(command, loaded.state);
    const hash = commandHash(command.context.actorId, withoutTime(command));
    return this.append(streamId, events, loaded.revision, command.context, commandId, hash);
  }

  private async append(
    streamId: string,
    events: readonly DomainEvent[],
    revision: number | null,
    context: CommandContext,
    commandId: string,
    hash: string,
  ): Promise<CommandResult> {
    if (events.length === 0) return { position: null, events };
    const toAppend: NewEvent[] = events.map((event, index) => ({
      id: eventIdFor(streamId, commandId, index),
      type: event.type,
      schemaVersion: CURRENT_SCHEMA_VERSION[event.type as EventType] ?? 1,
      data: event.data,
      metadata: {
        occurredAt: context.now.toISOString(),
        actorId: context.actorId,
        correlationId: commandId,
        commandHash: hash,
      },
    }));
    const result = await this.eventStore.append(streamId, toAppend, revision ?? 'no_stream');
    return { position: result.position, events };
  }
}
