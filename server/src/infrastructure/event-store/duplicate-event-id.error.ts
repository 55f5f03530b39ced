/**
 * Thrown when an append reuses event ids that were already written, but not as the same batch
 * (different stream, order or length): a caller bug, never a retry, so it must not pass silently.
 */
export class DuplicateEventIdError extends Error {
  constructor(
    readonly streamId: string,
    readonly eventIds: readonly string[],
  ) {
    super(
      `Stream ${streamId}: event ids ${eventIds.join(', ')} were already appended, but not as this same batch`,
    );
    this.name = 'DuplicateEventIdError';
  }
}
