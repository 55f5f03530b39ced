import { type BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { AggregateStore } from '../../commands/shared/aggregate-store';
import { documentDecider } from '../../domain/catalogue/document.decider';
import { SYSTEM_ACTOR } from '../../domain/shared/command';
import { DomainError } from '../../domain/shared/domain-error';
import { documentStreamId } from '../../events/document.events';
import { CLOCK, type Clock } from '../../infrastructure/clock/clock';
import { EVENT_STORE, type EventStore } from '../../infrastructure/event-store/event-store.port';
import { READ_STORE, type ReadStore } from '../../infrastructure/read-store/read-store.port';
import { DOCUMENTS_COLLECTION, type DocumentView } from '../../projections/catalogue/catalogue.read-model';
import { FILE_PIPELINE, type FilePipeline } from './file-pipeline';

/** Documents read from the catalogue per page while looking for files without page images. */
const PAGE_SIZE = 200;
/** The catalogue projection (projections/catalogue), whose checkpoint says how far it has read. */
const CATALOGUE = 'catalogue';
const CATCH_UP_POLL_MS = 500;

/** The id of the command that records a file's pages: one per file, so a second run writes nothing. */
export const pagesCommandId = (fileId: string): string => `file-pages-${fileId}`;

/**
 * Files processed before the viewer existed get their page images and headings at the next start
 * (docs/decisions/the-preview-viewer.md): once the catalogue has caught up with the log, every processed
 * file the catalogue shows without a FilePagesRendered is read again, one at a time in the pipeline's queue
 * (after any upload waiting there), and its pages recorded as the system. The catalogue only names the
 * candidates; the document's own state decides (a file removed, deleted or already rendered meanwhile
 * changes nothing), so running twice, or on two servers, records each file's pages once. The server starts
 * the first pass once it listens (create-app.ts): a start answers its first requests before it looks for
 * such files.
 */
@Injectable()
export class FilePagesBackfill implements BeforeApplicationShutdown {
  private readonly logger = new Logger(FilePagesBackfill.name);
  private stopping = false;
  private running: Promise<number> = Promise.resolve(0);

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(FILE_PIPELINE) private readonly pipeline: FilePipeline,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly aggregates: AggregateStore,
  ) {}

  beforeApplicationShutdown(): void {
    this.stopping = true;
  }

  /**
   * Starts a pass in the background, after the one running (if any) and after `ready` (the server
   * listening); resolves with the files rendered.
   */
  start(ready: Promise<unknown> = Promise.resolve()): Promise<number> {
    const previous = this.running.catch(() => 0);
    this.running = Promise.all([previous, ready]).then(() => this.run());
    this.running.catch((error: unknown) => {
      if (!this.stopping) this.logger.error('Rendering the pages of older files stopped', error as Error);
    });
    return this.running;
  }

  /** Resolves once the passes started so far are done (with the count of the last one). */
  settled(): Promise<number> {
    return this.running.catch(() => 0);
  }

  private async run(): Promise<number> {
    if (!(await this.catalogueCaughtUp())) return 0;
    let rendered = 0;
    for await (const { documentId, fileId } of this.candidates()) {
      if (this.stopping) break;
      if (await this.render(documentId, fileId)) rendered++;
    }
    if (rendered > 0) this.logger.log(`Rendered the pages of ${rendered} older files`);
    return rendered;
  }

  /** Waits until the catalogue has read the log as it stood now; false when the server stops first. */
  private async catalogueCaughtUp(): Promise<boolean> {
    const head = await this.eventStore.headPosition();
    for (;;) {
      if (this.stopping) return false;
      const checkpoint = await this.readStore.getCheckpoint(CATALOGUE);
      if (head === null || (checkpoint !== null && checkpoint >= head)) return true;
      await new Promise((resolve) => setTimeout(resolve, CATCH_UP_POLL_MS));
    }
  }

  /** Processed files the catalogue shows without page images, document by document. */
  private async *candidates(): AsyncGenerator<{ documentId: string; fileId: string }> {
    const documents = this.readStore.collection<DocumentView>(DOCUMENTS_COLLECTION);
    let after: string | null = null;
    for (;;) {
      const page: DocumentView[] = await documents.find(
        {},
        {
          sort: { _id: 1 },
          limit: PAGE_SIZE,
          fields: ['status', 'files'],
          ...(after !== null && { after: { _id: after } }),
        },
      );
      for (const doc of page) {
        if (doc.status === 'deleted') continue;
        for (const file of doc.files)
          if (file.state === 'done' && file.pageImages === undefined)
            yield { documentId: doc._id, fileId: file.id };
      }
      if (page.length < PAGE_SIZE) return;
      after = page[page.length - 1]!._id;
    }
  }

  private async render(documentId: string, fileId: string): Promise<boolean> {
    const { state } = await this.aggregates.load(documentStreamId(documentId), documentDecider);
    if (state.status === 'none' || state.status === 'deleted') return false;
    const file = state.files.find((f) => f.fileId === fileId);
    if (!file || file.state !== 'done' || file.pagesRendered) return false;
    const rendered = file.blobKey
      ? await this.pipeline.renderPages({ blobKey: file.blobKey, format: file.format })
      : { images: null, contents: [] };
    if (this.stopping) {
      await this.pipeline.discard({ pages: rendered.images });
      return false;
    }
    try {
      await this.aggregates.handle(
        documentStreamId(documentId),
        documentDecider,
        {
          type: 'RecordFilePagesRendered',
          data: { documentId, fileId, ...rendered },
          context: { actorId: SYSTEM_ACTOR, now: this.clock.now() },
        },
        pagesCommandId(fileId),
      );
      return rendered.images !== null;
    } catch (error) {
      // The file or its document went away meanwhile: nothing to record, nothing to keep.
      if (!(error instanceof DomainError && error.code.endsWith('NOT_FOUND'))) throw error;
      await this.pipeline.discard({ pages: rendered.images });
      return false;
    }
  }
}
