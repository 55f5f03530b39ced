import { WrongExpectedRevisionError } from '../../infrastructure/event-store/event-store.port';

/**
 * Runs a step that decides on a stream afresh each time, again when somebody else wrote to the stream
 * meanwhile (an uploader asking for a payout while the admin's batch is recorded on their stream).
 */
export async function withRetriesOnConflict<T>(step: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= attempts) throw error;
    }
  }
}
