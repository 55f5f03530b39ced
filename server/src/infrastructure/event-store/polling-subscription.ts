import { AsyncLocalStorage } from 'node:async_hooks';
import type { LogPosition, RecordedEvent, SubscribeOptions, Subscription } from './event-store.port';

/** Lets stop() know it was called from inside this subscription's own handler. */
const insideHandler = new AsyncLocalStorage<PollingSubscription>();

export interface PollingSource {
  /** Up to `limit` events strictly after `after`, in log order. */
  readAll(after: LogPosition | null, limit: number): Promise<RecordedEvent[]>;
}

/**
 * Catch-up then live delivery over any store that can read its global log: reads in batches,
 * and once caught up sleeps until woken (appends through the same process) or until the poll
 * interval passes (appends by other processes). One batch at a time, strictly in order.
 */
export class PollingSubscription implements Subscription {
  private stopped = false;
  /** Set by wake(); tells the loop that something may have been appended since its last read. */
  private dirty = false;
  private sleeper: (() => void) | null = null;
  private readonly done: Promise<void>;

  constructor(
    private readonly source: PollingSource,
    private readonly options: SubscribeOptions,
    private readonly pollIntervalMs: number,
    private readonly onEnd: (subscription: PollingSubscription) => void,
  ) {
    this.done = this.run();
  }

  /** Makes a sleeping subscription read again now. */
  wake(): void {
    this.dirty = true;
    this.sleeper?.();
  }

  /** Stops delivery; resolves once no handler call is in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.sleeper?.();
    // Awaiting our own loop from inside its handler would wait for ourselves forever.
    if (insideHandler.getStore() === this) return;
    await this.done;
  }

  private async run(): Promise<void> {
    let after = this.options.after;
    const batchSize = Math.max(1, this.options.batchSize ?? 500);
    try {
      while (!this.stopped) {
        this.dirty = false;
        const events = await this.source.readAll(after, batchSize);
        if (this.stopped) break;
        const last = events.at(-1);
        if (last === undefined) {
          if (!this.dirty) await this.sleep();
          continue;
        }
        await insideHandler.run(this, () => this.options.onEvents(events));
        after = last.position;
        // Reads and handlers may resolve synchronously: let timers and I/O run between batches.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    } catch (error) {
      this.stopped = true;
      if (this.options.onError) this.options.onError(error);
      else console.error('Event store subscription stopped by an error', error);
    } finally {
      this.onEnd(this);
    }
  }

  private sleep(): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => finish(), this.pollIntervalMs);
      // A forgotten subscription must not keep the process alive.
      timer.unref();
      const finish = (): void => {
        clearTimeout(timer);
        this.sleeper = null;
        resolve();
      };
      this.sleeper = finish;
    });
  }
}
