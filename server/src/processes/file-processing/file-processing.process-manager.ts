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
} from '../../infrastructure/event-store/event-store.port';
import { READ_STORE, type ReadStore } from '../../infrastructure/read-store/read-store.port';
import { LogFollower } from '../shared/log-follower';
import { FILE_PIPELINE, type FilePipeline, type ProcessingOutcome } from './file-pipeline';

export const FILE_PROCESSING_CHECKPOINT = 'file-processing';

/** Ids of the events this manager may write for a FileAdded: derived from it, so a redelivery writes nothing. */
const commandIdFor = (fileAdded: RecordedEvent): string => `file-processing-${fileAdded.id}`;

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
  private readonly follower: LogFollower;
  /** Resolves when the app shuts down: a file being read is then left for the next start. */
  private readonly stopped: Promise<void>;
  private stop: () => void = () => undefined;

  constructor(
    @Inject(EVENT_STORE) eventStore: EventStore,
    @Inject(READ_STORE) readStore: ReadStore,
    @Inject(FILE_PIPELINE) private readonly pipeline: FilePipeline,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly aggregates: AggregateStore,
  ) {
    this.stopped = new Promise((resolve) => (this.stop = resolve));
    this.follower = new LogFollower(eventStore, readStore, {
      checkpoint: FILE_PROCESSING_CHECKPOINT,
      label: 'File processing',
      logger: this.logger,
      firstStartAtHead: false,
      handle: (event) => (event.type === 'FileAdded' ? this.process(event) : Promise.resolve(false)),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.follower.start();
  }

  /**
   * Stops before the stores close. A file being read is not waited for (a conversion may take minutes):
   * its result is dropped, the checkpoint stays before it, and the next start reads it again.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stop();
    await this.follower.stop();
  }

  /**
   * Resolves with true once every file added up to `position` has been processed, or with false when
   * the manager stops first (the files are processed after the next start).
   */
  waitFor(position: LogPosition | null): Promise<boolean> {
    return this.follower.waitFor(position);
  }

  /** Resolves with true once every file added so far has been processed (false: the manager stopped). */
  idle(): Promise<boolean> {
    return this.follower.idle();
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
