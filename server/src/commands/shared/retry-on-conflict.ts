import { WrongExpectedRevisionError } from '../../infrastructure/event-store/event-store.port';

/**
 * Runs work again when another writer got to the stream first. Only for the system's own steps (a payment
 * message, an invoice number, a basket conversion): each attempt re-reads the stream and decides afresh,
 * so the step is applied once. A person's own command is not retried (docs/decisions/).
 */
export async function retryOnConflict<T>(work: () => Promise<T>, attempts = 30): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= attempts) throw error;
      // A little jitter, so racers do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 4 * attempt)));
    }
  }
}
