import {
  fullName,
  publicCompany,
  publicUploaderProfile,
  registeredDetails,
} from '../../domain/profile/profile-details';
import type { StoredEvent } from '../../events/domain-event';
import type { DocumentDetails, DocumentEvent } from '../../events/document.events';
import type { ProfileDetails, ProfileRegistered, ProfileUpdated } from '../../events/profile.events';
import type { ProjectionTransaction, WriteCollection } from '../../infrastructure/read-store/read-store.port';
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
  'FileProcessingFailed',
  'MainFileChosen',
  'FileRemoved',
  'DocumentPublished',
  'DocumentUnpublished',
  'DocumentDeleted',
]);

function detailFields(details: DocumentDetails) {
  const { title, description, author, language, fieldOfLaw, applicableLaw, tags, year, price } = details;
  return { title, description, author, language, fieldOfLaw, applicableLaw, tags, year, price };
}

/** The catalogue: every document with its files and uploader's public name, for search and detail pages. */
export class CatalogueProjection implements Projection {
  readonly name = 'catalogue';
  readonly collections = [DOCUMENTS_COLLECTION, UPLOADERS_COLLECTION];
  readonly indexes: Projection['indexes'] = [
    { collection: DOCUMENTS_COLLECTION, keys: { slug: 1 }, unique: true },
    { collection: DOCUMENTS_COLLECTION, keys: { status: 1, createdAt: -1 } },
  ];

  handles(eventType: string): boolean {
    return HANDLED.has(eventType);
  }

  async apply(tx: ProjectionTransaction, stored: StoredEvent): Promise<void> {
    const event = { type: stored.type, data: stored.data } as CatalogueEvent;
    const documents = tx.collection<DocumentView>(DOCUMENTS_COLLECTION);
    const at = stored.occurredAt;
    switch (event.type) {
      case 'ProfileRegistered':
        return this.uploaderChanged(tx, event.data.userId, event.data.email, registeredDetails(event.data));
      case 'ProfileUpdated': {
        const uploader = await tx
          .collection<UploaderView>(UPLOADERS_COLLECTION)
          .findOne({ _id: event.data.userId });
        return this.uploaderChanged(tx, event.data.userId, uploader?.email ?? '', event.data.details);
      }
      case 'DocumentCreated': {
        const { documentId, uploaderId, slug, details } = event.data;
        const uploader = await tx.collection<UploaderView>(UPLOADERS_COLLECTION).findOne({ _id: uploaderId });
        const uploaderName = uploader?.name ?? '';
        await documents.replaceOne(
          { _id: documentId },
          {
            _id: documentId,
            slug,
            status: 'draft',
            uploaderId,
            uploaderName,
            uploaderCompany: uploader?.company ?? null,
            uploaderProfile: uploader?.publicProfile ?? {},
            ...detailFields(details),
            files: [],
            createdAt: at,
            updatedAt: at,
          },
          { upsert: true },
        );
        return;
      }
      case 'DocumentDetailsEdited': {
        const doc = await documents.findOne({ _id: event.data.documentId });
        if (!doc) return;
        const { details } = event.data;
        await documents.updateOne(
          { _id: doc._id },
          {
            $set: { ...detailFields(details), updatedAt: at },
          },
        );
        return;
      }
      case 'FileAdded': {
        const { documentId, fileId, title, format, sizeKb } = event.data;
        await documents.updateOne(
          { _id: documentId },
          {
            $push: {
              files: {
                id: fileId,
                title,
                format,
                pages: null,
                sizeKb,
                isMain: false,
                state: 'processing',
                preview: null,
              },
            },
            $set: { updatedAt: at },
          },
        );
        return;
      }
      case 'FileProcessed':
        return this.updateFiles(documents, event.data.documentId, at, (f) =>
          f.id === event.data.fileId
            ? {
                ...f,
                state: 'done',
                pages: event.data.pages,
                sizeKb: event.data.sizeKb,
                preview: event.data.preview,
              }
            : f,
        );
      case 'FileProcessingFailed':
        return this.updateFiles(documents, event.data.documentId, at, (f) =>
          f.id === event.data.fileId ? { ...f, state: 'error' } : f,
        );
      case 'MainFileChosen':
        return this.updateFiles(documents, event.data.documentId, at, (f) => ({
          ...f,
          isMain: f.id === event.data.fileId,
        }));
      case 'FileRemoved':
        await documents.updateOne(
          { _id: event.data.documentId },
          { $pull: { files: { id: event.data.fileId } }, $set: { updatedAt: at } },
        );
        return;
      case 'DocumentPublished':
        await documents.updateOne(
          { _id: event.data.documentId },
          { $set: { status: 'published', updatedAt: at } },
        );
        return;
      case 'DocumentUnpublished':
        await documents.updateOne(
          { _id: event.data.documentId },
          { $set: { status: 'draft', updatedAt: at } },
        );
        return;
      case 'DocumentDeleted':
        await documents.updateOne(
          { _id: event.data.documentId },
          { $set: { status: 'deleted', updatedAt: at } },
        );
        return;
    }
  }

  /** Keeps the uploader's public name, company and fields, on the uploader and on each of their documents. */
  private async uploaderChanged(
    tx: ProjectionTransaction,
    userId: string,
    email: string,
    details: ProfileDetails,
  ): Promise<void> {
    const name = fullName(details);
    const company = publicCompany(details);
    const publicProfile = publicUploaderProfile(details, email);
    const { firstName, lastName } = details;
    await tx
      .collection<UploaderView>(UPLOADERS_COLLECTION)
      .replaceOne(
        { _id: userId },
        { _id: userId, firstName, lastName, name, company, email, publicProfile },
        { upsert: true },
      );
    const documents = tx.collection<DocumentView>(DOCUMENTS_COLLECTION);
    for (const doc of await documents.find({ uploaderId: userId })) {
      await documents.updateOne(
        { _id: doc._id },
        {
          $set: {
            uploaderName: name,
            uploaderCompany: company,
            uploaderProfile: publicProfile,
          },
        },
      );
    }
  }

  private async updateFiles(
    documents: WriteCollection<DocumentView>,
    documentId: string,
    at: string,
    change: (file: DocumentView['files'][number]) => DocumentView['files'][number],
  ): Promise<void> {
    const doc = await documents.findOne({ _id: documentId });
    if (!doc) return;
    await documents.updateOne({ _id: documentId }, { $set: { files: doc.files.map(change), updatedAt: at } });
  }
}
