import type { StoredEvent } from '../../events/domain-event';

/**
 * Where a money figure came from: the event that made it, as the accountant's journal shows it. Every
 * posting, sale, download and payout in the money read models carries one.
 */
export interface EventRef {
  readonly eventId: string;
  readonly eventType: string;
  readonly streamId: string;
  readonly revision: number;
  /** The global log position, as a decimal string (positions are bigints). */
  readonly position: string;
  readonly occurredAt: string;
  readonly actorId: string | null;
}

export function eventRef(stored: StoredEvent): EventRef {
  if (!stored.eventId) throw new Error(`Event at position ${stored.position} has no id`);
  return {
    eventId: stored.eventId,
    eventType: stored.type,
    streamId: stored.streamId,
    revision: stored.revision,
    position: stored.position.toString(),
    occurredAt: stored.occurredAt,
    actorId: stored.actorId ?? null,
  };
}

/** A log position as a fixed-width string, so read models sort by it as text. */
export function positionKey(position: bigint | string): string {
  return position.toString().padStart(20, '0');
}
