import { documentTerms } from '../../domain/search/search-terms';
import { fullName, publicCompany, registeredDetails } from '../../domain/profile/profile-details';
import type { StoredEvent } from '../../events/domain-event';
import type { DocumentEvent } from '../../events/document.events';
import type { ProfileDetails, ProfileRegistered, ProfileUpdated } from '../../events/profile.events';
import type { ProjectionTransaction } from '../../infrastructure/read-store/read-store.port';
import { BatchCollection, detailFields, type Mutable } from '../batch-collection';
import type { Projection } from '../projection';
import {
  SEARCH_DOCUMENTS_COLLECTION,
  SEARCH_PROJECTION,
  SEARCH_RESULTS_VERSION_ID,
  SEARCH_UPLOADERS_COLLECTION,
  SEARCH_VERSION_COLLECTION,
  type SearchDocumentView,
  type SearchUploaderView,
  type SearchVersionView,
} from './search.read-model';

type SearchEvent = DocumentEvent | ProfileRegistered | ProfileUpdated;

const HANDLED: ReadonlySet<string> = new Set<SearchEvent['type']>([
  'ProfileRegistered',
  'ProfileUpdated',
  'DocumentCreated',
  'DocumentDetailsEdited',
  'FileAdded',
  'FileProcessed',
  'FileProcessingFailed',
  'FileRemoved',
  'DocumentPublished',
  'DocumentUnpublished',
  'DocumentDeleted',
]);

type WorkingDocument = Mutable<SearchDocumentView>;

/**
 * One batch in memory: documents and uploaders are read once, changed by every event of the batch, and
 * written once at the end, with terms recomputed only for documents whose text changed.
 */
class SearchBatch {
  private readonly documents: BatchCollection<SearchDocumentView, WorkingDocument>;
  private readonly uploaders: BatchCollection<SearchUploaderView>;
  /** Documents whose text changed in this batch: their terms are computed again at commit. */
  private readonly staleTerms = new Set<string>();
  /** The last event of this batch that changed a published document (or unpublished or deleted one). */
  private resultsChangedAt: bigint | null = null;
  private current: bigint | null = null;

  constructor(private readonly tx: ProjectionTransaction) {
    this.documents = new BatchCollection(tx.collection<SearchDocumentView>(SEARCH_DOCUMENTS_COLLECTION));
    this.uploaders = new BatchCollection(tx.collection<SearchUploaderView>(SEARCH_UPLOADERS_COLLECTION));
  }

  async apply(stored: StoredEvent): Promise<void> {
    this.current = stored.position;
    const event = { type: stored.type, data: stored.data } as SearchEvent;
    const at = stored.occurredAt;
    switch (event.type) {
      case 'ProfileRegistered':
        return this.uploaderChanged(event.data.userId, registeredDetails(event.data));
      case 'ProfileUpdated':
        return this.uploaderChanged(event.data.userId, event.data.details);
      case 'DocumentCreated': {
        const { documentId, uploaderId, slug, details } = event.data;
        const uploader = await this.uploaders.get(uploaderId);
        this.documents.set(documentId, {
          _id: documentId,
          slug,
          status: 'draft',
          uploaderId,
          uploaderName: uploader?.name ?? '',
          ...detailFields(details),
          createdAt: at,
          updatedAt: at,
          files: [],
          formats: [],
          titleTerms: [],
          tagTerms: [],
          terms: [],
          words: [],
          peopleTerms: [],
        });
        this.changed(documentId, true);
        return;
      }
      case 'DocumentDetailsEdited':
        return this.change(event.data.documentId, at, true, (doc) =>
          Object.assign(doc, detailFields(event.data.details)),
        );
      case 'FileAdded':
        return this.change(event.data.documentId, at, false, (doc) => {
          doc.files = [
            ...doc.files,
            { id: event.data.fileId, format: event.data.format, state: 'processing' },
          ];
        });
      case 'FileProcessed':
        return this.fileState(event.data.documentId, event.data.fileId, 'done', at);
      case 'FileProcessingFailed':
        return this.fileState(event.data.documentId, event.data.fileId, 'error', at);
      case 'FileRemoved':
        return this.change(event.data.documentId, at, false, (doc) => {
          doc.files = doc.files.filter((file) => file.id !== event.data.fileId);
        });
      case 'MainFileChosen':
        return;
      case 'DocumentPublished':
        return this.change(event.data.documentId, at, false, (doc) => {
          doc.status = 'published';
        });
      case 'DocumentUnpublished':
        return this.change(event.data.documentId, at, false, (doc) => {
          doc.status = 'draft';
        });
      case 'DocumentDeleted': {
        const doc = await this.documents.get(event.data.documentId);
        if (doc === null) return;
        this.resultsChange(doc);
        this.documents.set(event.data.documentId, null);
        return;
      }
    }
  }

  /** Writes every changed uploader and document once, and the results' version when they changed. */
  async commit(): Promise<void> {
    if (this.resultsChangedAt !== null)
      await this.tx
        .collection<SearchVersionView>(SEARCH_VERSION_COLLECTION)
        .replaceOne(
          { _id: SEARCH_RESULTS_VERSION_ID },
          { _id: SEARCH_RESULTS_VERSION_ID, position: this.resultsChangedAt.toString() },
          { upsert: true },
        );
    await this.uploaders.commit();
    await this.documents.commit((doc) => {
      if (this.staleTerms.has(doc._id)) Object.assign(doc, documentTerms(doc));
      doc.formats = [...new Set(doc.files.filter((f) => f.state === 'done').map((f) => f.format))].sort();
    });
  }

  /** A published document changes (or stops being published): what searches find changes. */
  private resultsChange(doc: WorkingDocument): void {
    if (doc.status === 'published') this.resultsChangedAt = this.current;
  }

  private changed(documentId: string, textChanged: boolean): void {
    this.documents.touch(documentId);
    if (textChanged) this.staleTerms.add(documentId);
  }

  private async change(
    documentId: string,
    at: string,
    textChanged: boolean,
    edit: (doc: WorkingDocument) => void,
  ): Promise<void> {
    const doc = await this.documents.get(documentId);
    if (!doc) return;
    this.resultsChange(doc);
    edit(doc);
    this.resultsChange(doc);
    doc.updatedAt = at;
    this.changed(documentId, textChanged);
  }

  private fileState(documentId: string, fileId: string, state: 'done' | 'error', at: string): Promise<void> {
    return this.change(documentId, at, false, (doc) => {
      doc.files = doc.files.map((file) => (file.id === fileId ? { ...file, state } : file));
    });
  }

  /** A new public name renames the uploader on each of their documents (and so changes their terms). */
  private async uploaderChanged(userId: string, details: ProfileDetails): Promise<void> {
    const before = await this.uploaders.get(userId);
    const name = fullName(details);
    const company = publicCompany(details);
    if (before && before.name === name && before.company === company) return;
    this.uploaders.set(userId, { _id: userId, name, company });
    if (before?.name === name) return;
    for (const [id, doc] of await this.documents.where('uploaderId', userId)) {
      this.resultsChange(doc);
      doc.uploaderName = name;
      this.changed(id, true);
    }
  }
}

/**
 * Search: its own read model of every document (terms, facet fields, sort keys) and the uploaders'
 * public names, built batch by batch in memory (see SearchBatch).
 */
export class SearchProjection implements Projection {
  readonly name = SEARCH_PROJECTION;
  readonly collections = [
    SEARCH_DOCUMENTS_COLLECTION,
    SEARCH_UPLOADERS_COLLECTION,
    SEARCH_VERSION_COLLECTION,
  ];
  /** Listed in docs/decisions/ ("Search indexes"); MongoDB creates them at start, the embedded store keeps value maps. */
  readonly indexes: Projection['indexes'] = [
    { collection: SEARCH_DOCUMENTS_COLLECTION, keys: { status: 1, createdAt: -1, _id: 1 } },
    { collection: SEARCH_DOCUMENTS_COLLECTION, keys: { status: 1, price: -1, createdAt: -1, _id: 1 } },
    { collection: SEARCH_DOCUMENTS_COLLECTION, keys: { status: 1, price: 1, createdAt: -1, _id: 1 } },
    { collection: SEARCH_DOCUMENTS_COLLECTION, keys: { terms: 1 } },
    { collection: SEARCH_DOCUMENTS_COLLECTION, keys: { titleTerms: 1 } },
    { collection: SEARCH_DOCUMENTS_COLLECTION, keys: { tagTerms: 1 } },
    { collection: SEARCH_DOCUMENTS_COLLECTION, keys: { words: 1 } },
    { collection: SEARCH_DOCUMENTS_COLLECTION, keys: { peopleTerms: 1 } },
    { collection: SEARCH_DOCUMENTS_COLLECTION, keys: { letterTerms: 1 } },
    { collection: SEARCH_DOCUMENTS_COLLECTION, keys: { foldedLetterTerms: 1 } },
    // Filters and facets only: every search also fixes `status`, so its sorts walk the orders above
    // (docs/decisions/search-filters-need-no-orders-of-their-own.md).
    { collection: SEARCH_DOCUMENTS_COLLECTION, keys: { uploaderId: 1 } },
    { collection: SEARCH_DOCUMENTS_COLLECTION, keys: { fieldOfLaw: 1 } },
    { collection: SEARCH_DOCUMENTS_COLLECTION, keys: { language: 1 } },
    { collection: SEARCH_DOCUMENTS_COLLECTION, keys: { applicableLaw: 1 } },
    { collection: SEARCH_DOCUMENTS_COLLECTION, keys: { year: 1 } },
    { collection: SEARCH_DOCUMENTS_COLLECTION, keys: { formats: 1 } },
  ];

  handles(eventType: string): boolean {
    return HANDLED.has(eventType);
  }

  apply(tx: ProjectionTransaction, event: StoredEvent): Promise<void> {
    return this.applyBatch(tx, [event]);
  }

  async applyBatch(tx: ProjectionTransaction, events: readonly StoredEvent[]): Promise<void> {
    const batch = new SearchBatch(tx);
    for (const event of events) await batch.apply(event);
    await batch.commit();
  }
}
