import type { Logger } from '@nestjs/common';
import type {
  EventStore,
  LogPosition,
  RecordedEvent,
  Subscription,
} from '../../infrastructure/event-store/event-store.port';
import type { ReadStore } from '../../infrastructure/read-store/read-store.port';

export interface LogFollowerOptions {
  /** The checkpoint's name; it lives with the projections' checkpoints in the read store. */
  readonly checkpoint: string;
  /** What the follower does, for the log ("File processing", "Uploader mails"). */
  readonly label: string;
  readonly logger: Logger;
  /** A first start (no checkpoint yet) begins at the log's head: what happened before is not news. */
  readonly firstStartAtHead: boolean;
  /**
   * Handles one fact of the log; true when it did work worth remembering at once (the checkpoint is then
   * stored after it; else only after the last fact of a batch).
   */
  readonly handle: (event: RecordedEvent) => Promise<boolean>;
}

interface Waiter {
  readonly position: LogPosition;
  /** True once the follower has passed the position; false when it stopped first. */
  readonly resolve: (reached: boolean) => void;
}

/**
 * Follows the event log from a checkpoint of its own, for a process manager: each fact is handled once, in order, and at most once more when the server stops between the
 * handling and the stored checkpoint. A failed subscription restarts from the checkpoint a second later;
 * a fact handled while stopping is not passed, so the next start handles it again.
 */
export class LogFollower {
  private subscription: Subscription | null = null;
  private stopping = false;
  private reached: LogPosition | null = null;
  private waiters: Waiter[] = [];

  constructor(
    private readonly eventStore: EventStore,
    private readonly readStore: ReadStore,
    private readonly options: LogFollowerOptions,
  ) {}

  /** True from {@link stop} on: a handler may then give up its work (it is done again after the next start). */
  get isStopping(): boolean {
    return this.stopping;
  }

  async start(): Promise<void> {
    if (this.subscription) return;
    this.stopping = false;
    let checkpoint = await this.readStore.getCheckpoint(this.options.checkpoint);
    if (checkpoint === null && this.options.firstStartAtHead) {
      checkpoint = await this.eventStore.headPosition();
      if (checkpoint !== null) await this.store(checkpoint);
    }
    this.reached = checkpoint;
    this.subscription = this.eventStore.subscribeToAll({
      after: checkpoint,
      batchSize: 50,
      onEvents: (events) => this.handle(events),
      onError: (error) => {
        this.options.logger.error(
          `${this.options.label} stopped; restarting from the checkpoint`,
          error as Error,
        );
        this.subscription = null;
        if (!this.stopping) setTimeout(() => void this.start(), 1000).unref();
      },
    });
  }

  /** Stops following; whoever waits is told the follower stopped. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.subscription?.stop();
    this.subscription = null;
    for (const waiter of this.waiters) waiter.resolve(false);
    this.waiters = [];
  }

  /** Resolves with true once every fact up to `position` is handled, false when the follower stops first. */
  waitFor(position: LogPosition | null): Promise<boolean> {
    if (position === null || (this.reached !== null && this.reached >= position))
      return Promise.resolve(true);
    if (this.stopping) return Promise.resolve(false);
    return new Promise((resolve) => this.waiters.push({ position, resolve }));
  }

  /** As {@link waitFor}, for every fact in the log now. */
  async idle(): Promise<boolean> {
    return this.waitFor(await this.eventStore.headPosition());
  }

  private async handle(events: readonly RecordedEvent[]): Promise<void> {
    for (const event of events) {
      if (this.stopping) return;
      const worked = await this.options.handle(event);
      // A fact left unfinished by a stop keeps the checkpoint before it.
      if (this.stopping) return;
      if (worked || event === events.at(-1)) await this.store(event.position);
      this.reached = event.position;
      const pending: Waiter[] = [];
      for (const waiter of this.waiters) {
        if (event.position >= waiter.position) waiter.resolve(true);
        else pending.push(waiter);
      }
      this.waiters = pending;
    }
  }

  private async store(position: LogPosition): Promise<void> {
    await this.readStore.transaction(this.options.checkpoint, async (tx) => {
      tx.setCheckpoint(position);
      return Promise.resolve();
    });
  }
}
