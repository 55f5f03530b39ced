import {
  fullName,
  publicCompany,
  publicUploaderProfile,
  registeredDetails,
} from '../../domain/profile/profile-details';
import type { StoredEvent } from '../../events/domain-event';
import type { DocumentEvent } from '../../events/document.events';
import type { ProfileDetails, ProfileRegistered, ProfileUpdated } from '../../events/profile.events';
import type { ProjectionTransaction } from '../../infrastructure/read-store/read-store.port';
import { BatchCollection, detailFields, type Mutable } from '../batch-collection';
import type { Projection } from '../projection';
import {
  DOCUMENTS_COLLECTION,
  type DocumentView,
  UPLOADERS_COLLECTION,
  type UploaderView,
} from './catalogue.read-model';

type CatalogueEvent = DocumentEvent | ProfileRegistered | ProfileUpdated;

const HANDLED: ReadonlySet<string> = new Set<CatalogueEvent['type']>([
  'ProfileRegistered',
  'ProfileUpdated',
  'DocumentCreated',
  'DocumentDetailsEdited',
  'FileAdded',
  'FileProcessed',
  'FilePagesRendered',
  'FileProcessingFailed',
  'MainFileChosen',
  'FileRemoved',
  'DocumentPublished',
  'DocumentUnpublished',
  'DocumentDeleted',
]);

type WorkingDocument = Mutable<DocumentView>;
type FileView = DocumentView['files'][number];

/**
 * One batch in memory: each document and uploader is read at most once, changed by every event of the
 * batch in turn, and written once at the end (a document goes through five or more events between its
 * creation and its publication, usually in one batch).
 */
class CatalogueBatch {
  private readonly documents: BatchCollection<DocumentView, WorkingDocument>;
  private readonly uploaders: BatchCollection<UploaderView>;

  constructor(tx: ProjectionTransaction) {
    this.documents = new BatchCollection(tx.collection<DocumentView>(DOCUMENTS_COLLECTION));
    this.uploaders = new BatchCollection(tx.collection<UploaderView>(UPLOADERS_COLLECTION));
  }

  async apply(stored: StoredEvent): Promise<void> {
    const event = { type: stored.type, data: stored.data } as CatalogueEvent;
    const at = stored.occurredAt;
    switch (event.type) {
      case 'ProfileRegistered':
        return this.uploaderChanged(event.data.userId, event.data.email, registeredDetails(event.data));
      case 'ProfileUpdated': {
        const uploader = await this.uploaders.get(event.data.userId);
        return this.uploaderChanged(event.data.userId, uploader?.email ?? '', event.data.details);
      }
      case 'DocumentCreated': {
        const { documentId, uploaderId, slug, details } = event.data;
        const uploader = await this.uploaders.get(uploaderId);
        this.documents.set(documentId, {
          _id: documentId,
          slug,
          status: 'draft',
          uploaderId,
          uploaderName: uploader?.name ?? '',
          uploaderCompany: uploader?.company ?? null,
          uploaderProfile: uploader?.publicProfile ?? {},
          ...detailFields(details),
          files: [],
          createdAt: at,
          updatedAt: at,
        });
        return;
      }
      case 'DocumentDetailsEdited':
        return this.change(event.data.documentId, at, (doc) =>
          Object.assign(doc, detailFields(event.data.details)),
        );
      case 'FileAdded': {
        const { fileId, title, format, sizeKb } = event.data;
        return this.change(event.data.documentId, at, (doc) => {
          const file: FileView = {
            id: fileId,
            title,
            format,
            pages: null,
            sizeKb,
            isMain: false,
            state: 'processing',
            preview: null,
          };
          doc.files = [...doc.files, file];
        });
      }
      case 'FileProcessed': {
        const { fileId, pages, sizeKb, preview } = event.data;
        return this.changeFiles(event.data.documentId, at, (f) =>
          f.id === fileId ? { ...f, state: 'done', pages, sizeKb, preview } : f,
        );
      }
      case 'FilePagesRendered': {
        // Images of what the uploader gave: not a change of the document (its "updated" date stays).
        const { fileId, images, contents } = event.data;
        return this.changeFiles(event.data.documentId, null, (f) =>
          f.id === fileId ? { ...f, pageImages: images, contents } : f,
        );
      }
      case 'FileProcessingFailed':
        return this.changeFiles(event.data.documentId, at, (f) =>
          f.id === event.data.fileId ? { ...f, state: 'error' } : f,
        );
      case 'MainFileChosen':
        return this.changeFiles(event.data.documentId, at, (f) => ({
          ...f,
          isMain: f.id === event.data.fileId,
        }));
      case 'FileRemoved':
        return this.change(event.data.documentId, at, (doc) => {
          doc.files = doc.files.filter((file) => file.id !== event.data.fileId);
        });
      case 'DocumentPublished':
        return this.change(event.data.documentId, at, (doc) => (doc.status = 'published'));
      case 'DocumentUnpublished':
        return this.change(event.data.documentId, at, (doc) => (doc.status = 'draft'));
      case 'DocumentDeleted':
        return this.change(event.data.documentId, at, (doc) => (doc.status = 'deleted'));
    }
  }

  /** Writes every changed uploader and document once. */
  async commit(): Promise<void> {
    await this.uploaders.commit();
    await this.documents.commit();
  }

  /** Changes a document; `at` (null: keep it) becomes its "updated" date. */
  private async change(
    documentId: string,
    at: string | null,
    edit: (doc: WorkingDocument) => void,
  ): Promise<void> {
    const doc = await this.documents.get(documentId);
    if (!doc) return;
    edit(doc);
    if (at !== null) doc.updatedAt = at;
    this.documents.touch(documentId);
  }

  private changeFiles(
    documentId: string,
    at: string | null,
    change: (file: FileView) => FileView,
  ): Promise<void> {
    return this.change(documentId, at, (doc) => {
      doc.files = doc.files.map(change);
    });
  }

  /** Keeps the uploader's public name, company and fields, on the uploader and on each of their documents. */
  private async uploaderChanged(userId: string, email: string, details: ProfileDetails): Promise<void> {
    const name = fullName(details);
    const company = publicCompany(details);
    const publicProfile = publicUploaderProfile(details, email);
    const { firstName, lastName } = details;
    this.uploaders.set(userId, { _id: userId, firstName, lastName, name, company, email, publicProfile });
    for (const [id, doc] of await this.documents.where('uploaderId', userId)) {
      doc.uploaderName = name;
      doc.uploaderCompany = company;
      doc.uploaderProfile = publicProfile;
      this.documents.touch(id);
    }
  }
}

/**
 * The catalogue: every document with its files and uploader's public name, for search and detail pages,
 * built batch by batch in memory (CatalogueBatch).
 */
export class CatalogueProjection implements Projection {
  readonly name = 'catalogue';
  readonly collections = [DOCUMENTS_COLLECTION, UPLOADERS_COLLECTION];
  readonly indexes: Projection['indexes'] = [
    // Unique: its SQLite index answers look-ups by slug, so no postings of a value per document besides it.
    { collection: DOCUMENTS_COLLECTION, keys: { slug: 1 }, unique: true, highCardinality: true },
    { collection: DOCUMENTS_COLLECTION, keys: { status: 1, createdAt: -1 } },
  ];

  handles(eventType: string): boolean {
    return HANDLED.has(eventType);
  }

  apply(tx: ProjectionTransaction, event: StoredEvent): Promise<void> {
    return this.applyBatch(tx, [event]);
  }

  async applyBatch(tx: ProjectionTransaction, events: readonly StoredEvent[]): Promise<void> {
    const batch = new CatalogueBatch(tx);
    for (const event of events) await batch.apply(event);
    await batch.commit();
  }
}
