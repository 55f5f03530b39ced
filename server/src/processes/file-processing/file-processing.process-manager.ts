import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { AggregateStore } from '../../commands/shared/aggregate-store';
import { type DocumentCommand, documentDecider } from '../../domain/catalogue/document.decider';
import { SYSTEM_ACTOR } from '../../domain/shared/command';
import { DomainError } from '../../domain/shared/domain-error';
import { type FileAdded, documentStreamId } from '../../events/document.events';
import { upcast } from '../../events/event-catalog';
import { CLOCK, type Clock } from '../../infrastructure/clock/clock';
import {
  EVENT_STORE,
  type EventStore,
  type LogPosition,
  type RecordedEvent,
  type Subscription,
} from '../../infrastructure/event-store/event-store.port';
import { READ_STORE, type ReadStore } from '../../infrastructure/read-store/read-store.port';
import { FILE_PIPELINE, type FilePipeline, type ProcessingOutcome } from './file-pipeline';

/** The manager's checkpoint lives with the projections' checkpoints in the read store. */
export const FILE_PROCESSING_CHECKPOINT = 'file-processing';

/** Ids of the events this manager may write for a FileAdded: derived from it, so a redelivery writes nothing. */
const commandIdFor = (fileAdded: RecordedEvent): string => `file-processing-${fileAdded.id}`;

interface Waiter {
  readonly position: LogPosition;
  /** True once the files are processed; false when the manager stopped first. */
  readonly resolve: (reached: boolean) => void;
}

/**
 * Processes uploaded files in the background, one at a time, driven by the event log: it follows
 * FileAdded events from its own checkpoint, reads each file (FilePipeline) and records FileProcessed or
 * FileProcessingFailed as the system. The checkpoint moves after each file, so a file added just before
 * a crash or restart is processed after it; a FileAdded delivered again finds its file no longer
 * processing (or its command already applied) and changes nothing, so each file is recorded once.
 */
@Injectable()
export class FileProcessingManager implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(FileProcessingManager.name);
  private subscription: Subscription | null = null;
  private stopping = false;
  private reached: LogPosition | null = null;
  private waiters: Waiter[] = [];
  /** Resolves when the app shuts down: a file being read is then left for the next start. */
  private stopped!: Promise<void>;
  private stop: () => void = () => undefined;

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(FILE_PIPELINE) private readonly pipeline: FilePipeline,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly aggregates: AggregateStore,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.start();
  }

  /**
   * Stops before the stores close. A file being read is not waited for (a conversion may take minutes):
   * its result is dropped, the checkpoint stays before it, and the next start reads it again.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    this.stop();
    await this.subscription?.stop();
    this.subscription = null;
    for (const waiter of this.waiters) waiter.resolve(false);
    this.waiters = [];
  }

  private async start(): Promise<void> {
    if (this.subscription) return;
    this.stopping = false;
    this.stopped = new Promise((resolve) => (this.stop = resolve));
    this.reached = await this.readStore.getCheckpoint(FILE_PROCESSING_CHECKPOINT);
    this.subscription = this.eventStore.subscribeToAll({
      after: this.reached,
      batchSize: 50,
      onEvents: (events) => this.handle(events),
      onError: (error) => {
        this.logger.error('File processing stopped; restarting from its checkpoint', error as Error);
        this.subscription = null;
        if (!this.stopping) setTimeout(() => void this.start(), 1000).unref();
      },
    });
  }

  /**
   * Resolves with true once every file added up to `position` has been processed, or with false when
   * the manager stops first (the files are processed after the next start).
   */
  waitFor(position: LogPosition | null): Promise<boolean> {
    if (position === null || (this.reached !== null && this.reached >= position))
      return Promise.resolve(true);
    if (this.stopping) return Promise.resolve(false);
    return new Promise((resolve) => this.waiters.push({ position, resolve }));
  }

  /** Resolves with true once every file added so far has been processed (false: the manager stopped). */
  async idle(): Promise<boolean> {
    return this.waitFor(await this.eventStore.headPosition());
  }

  private async handle(events: readonly RecordedEvent[]): Promise<void> {
    for (const event of events) {
      if (this.stopping) return;
      const worked = event.type === 'FileAdded' && (await this.process(event));
      // A file left unread by a shutdown keeps the checkpoint before it.
      if (this.stopping) return;
      await this.checkpoint(event.position, worked || event === events.at(-1));
    }
  }

  /** Moves the checkpoint: stored after each file (and each batch), remembered always. */
  private async checkpoint(position: LogPosition, store: boolean): Promise<void> {
    if (store) {
      await this.readStore.transaction(FILE_PROCESSING_CHECKPOINT, async (tx) => {
        tx.setCheckpoint(position);
        return Promise.resolve();
      });
    }
    this.reached = position;
    const pending: Waiter[] = [];
    for (const waiter of this.waiters) {
      if (position >= waiter.position) waiter.resolve(true);
      else pending.push(waiter);
    }
    this.waiters = pending;
  }

  /** Reads one added file and records the outcome; false when there was nothing to do. */
  private async process(recorded: RecordedEvent): Promise<boolean> {
    const { documentId, fileId, format, blobKey } = upcast(
      recorded.type,
      recorded.schemaVersion,
      recorded.data,
    ) as FileAdded['data'];
    // Files recorded without bytes (benchmark facts) have nothing to read.
    if (blobKey === null) return false;
    if (!(await this.stillProcessing(documentId, fileId))) return false;

    const started = Date.now();
    const work: Promise<ProcessingOutcome> = this.pipeline
      .process({ blobKey, format })
      .catch((error: unknown) => ({
        ok: false,
        reason: error instanceof Error ? error.message : String(error),
      }));
    const outcome = await Promise.race([work, this.stopped.then(() => null)]);
    if (outcome === null) {
      // Shutting down: nobody will record this result, so its images are not kept either.
      void work
        .then((late) =>
          late.ok
            ? this.pipeline.discard({ preview: late.file.preview, pages: late.file.rendered.images })
            : undefined,
        )
        .catch(() => undefined);
      return false;
    }
    const context = { actorId: SYSTEM_ACTOR, now: this.clock.now() };
    const command: DocumentCommand = outcome.ok
      ? { type: 'RecordFileProcessed', data: { documentId, fileId, ...outcome.file }, context }
      : { type: 'RecordFileProcessingFailed', data: { documentId, fileId, reason: outcome.reason }, context };
    try {
      await this.aggregates.handle(
        documentStreamId(documentId),
        documentDecider,
        command,
        commandIdFor(recorded),
      );
      const took = Date.now() - started;
      if (outcome.ok)
        this.logger.log(`Processed ${format} file ${fileId}: ${outcome.file.pages} pages (${took} ms)`);
      else this.logger.warn(`File ${fileId} could not be processed: ${outcome.reason}`);
    } catch (error) {
      // The file or its document went away meanwhile: nothing to record, nothing to keep.
      if (!(error instanceof DomainError && error.code.endsWith('NOT_FOUND'))) throw error;
      if (outcome.ok)
        await this.pipeline.discard({ preview: outcome.file.preview, pages: outcome.file.rendered.images });
    }
    return true;
  }

  /** Only a file still waiting is worth reading: after a restart most have long been recorded. */
  private async stillProcessing(documentId: string, fileId: string): Promise<boolean> {
    const { state } = await this.aggregates.load(documentStreamId(documentId), documentDecider);
    if (state.status === 'none' || state.status === 'deleted') return false;
    return state.files.some((f) => f.fileId === fileId && f.state === 'processing');
  }
}
