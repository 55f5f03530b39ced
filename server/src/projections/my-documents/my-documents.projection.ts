import { foldForSearch } from '../../domain/catalogue/search-text';
import type { StoredEvent } from '../../events/domain-event';
import type { DocumentDetails, DocumentEvent } from '../../events/document.events';
import type { ProjectionTransaction, WriteCollection } from '../../infrastructure/read-store/read-store.port';
import type { Projection } from '../projection';
import { MY_DOCUMENTS_COLLECTION, type MyDocumentView, type MyFileView } from './my-documents.read-model';

const HANDLED: ReadonlySet<string> = new Set<DocumentEvent['type']>([
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

const searchTextOf = (details: DocumentDetails): string =>
  foldForSearch(`${details.title} ${details.description}`);

/** "My documents" and the upload/edit screen: each uploader's own documents, drafts included. */
export class MyDocumentsProjection implements Projection {
  readonly name = 'my-documents';
  readonly collections = [MY_DOCUMENTS_COLLECTION];
  readonly indexes: Projection['indexes'] = [
    { collection: MY_DOCUMENTS_COLLECTION, keys: { uploaderId: 1, createdAt: -1 } },
  ];

  handles(eventType: string): boolean {
    return HANDLED.has(eventType);
  }

  async apply(tx: ProjectionTransaction, stored: StoredEvent): Promise<void> {
    const event = { type: stored.type, data: stored.data } as DocumentEvent;
    const documents = tx.collection<MyDocumentView>(MY_DOCUMENTS_COLLECTION);
    const at = stored.occurredAt;
    const { documentId } = event.data;
    switch (event.type) {
      case 'DocumentCreated': {
        const { uploaderId, slug, details } = event.data;
        await documents.replaceOne(
          { _id: documentId },
          {
            _id: documentId,
            uploaderId,
            slug,
            status: 'draft',
            details,
            files: [],
            createdAt: at,
            updatedAt: at,
            searchText: searchTextOf(details),
          },
          { upsert: true },
        );
        return;
      }
      case 'DocumentDetailsEdited':
        await documents.updateOne(
          { _id: documentId },
          {
            $set: {
              details: event.data.details,
              searchText: searchTextOf(event.data.details),
              updatedAt: at,
            },
          },
        );
        return;
      case 'FileAdded': {
        const { fileId, title, format, sizeKb, blobKey } = event.data;
        const file: MyFileView = {
          id: fileId,
          title,
          format,
          pages: null,
          sizeKb,
          isMain: false,
          state: 'processing',
          failureReason: null,
          blobKey,
          preview: null,
        };
        await documents.updateOne({ _id: documentId }, { $push: { files: file }, $set: { updatedAt: at } });
        return;
      }
      case 'FileProcessed': {
        const { fileId, pages, sizeKb, preview } = event.data;
        return this.changeFiles(documents, documentId, at, (f) =>
          f.id === fileId ? { ...f, state: 'done', pages, sizeKb, preview } : f,
        );
      }
      case 'FileProcessingFailed':
        return this.changeFiles(documents, documentId, at, (f) =>
          f.id === event.data.fileId ? { ...f, state: 'error', failureReason: event.data.reason } : f,
        );
      case 'MainFileChosen':
        return this.changeFiles(documents, documentId, at, (f) => ({
          ...f,
          isMain: f.id === event.data.fileId,
        }));
      case 'FileRemoved':
        await documents.updateOne(
          { _id: documentId },
          { $pull: { files: { id: event.data.fileId } }, $set: { updatedAt: at } },
        );
        return;
      case 'DocumentPublished':
        await documents.updateOne({ _id: documentId }, { $set: { status: 'published', updatedAt: at } });
        return;
      case 'DocumentUnpublished':
        await documents.updateOne({ _id: documentId }, { $set: { status: 'draft', updatedAt: at } });
        return;
      case 'DocumentDeleted':
        // Gone from the uploader's list; the events and the files stay (buyers keep their downloads).
        await documents.deleteOne({ _id: documentId });
        return;
    }
  }

  private async changeFiles(
    documents: WriteCollection<MyDocumentView>,
    documentId: string,
    at: string,
    change: (file: MyFileView) => MyFileView,
  ): Promise<void> {
    const doc = await documents.findOne({ _id: documentId });
    if (!doc) return;
    await documents.updateOne({ _id: documentId }, { $set: { files: doc.files.map(change), updatedAt: at } });
  }
}
