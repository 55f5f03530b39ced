/** A fact as the domain decides it: a past-tense type and its payload. The store adds id, version and metadata. */
export interface DomainEvent<Type extends string = string, Data extends object = object> {
  readonly type: Type;
  readonly data: Data;
}

/** Read-side view of a stored event: the domain payload plus what the store recorded. */
export interface StoredEvent<E extends DomainEvent = DomainEvent> {
  readonly type: E['type'];
  readonly data: E['data'];
  /** The event's id in the store; the projection runner always sets it (journal and ledger cite it). */
  readonly eventId?: string;
  readonly streamId: string;
  readonly revision: number;
  readonly position: bigint;
  readonly occurredAt: string;
  readonly actorId?: string;
}
