import type {
  DocumentCreated,
  DocumentDeleted,
  DocumentDetails,
  DocumentDetailsEdited,
  DocumentEvent,
  DocumentPublished,
  DocumentUnpublished,
  FileAdded,
  FilePagesRendered,
  FilePreview,
  FileProcessed,
  FileProcessingFailed,
  FileRemoved,
  MainFileChosen,
} from '../../events/document.events';
import type {
  AddFile,
  ChooseMainFile,
  CreateDocument,
  DeleteDocument,
  EditDocumentDetails,
  PublishDocument,
  RecordFilePagesRendered,
  RecordFileProcessed,
  RecordFileProcessingFailed,
  RemoveFile,
  RenderedPages,
  UnpublishDocument,
} from '../catalogue/document.decider';
import { type By, SYSTEM_ACTOR, UPLOADER_ID, aContext } from './command-context.builders';

export const DOCUMENT_ID = '0195a3c2-7d41-7e2f-9b10-4c3d2e1f0a9b';
/** `documentSlug(aDocumentDetails().title, DOCUMENT_ID)`, written out. */
export const DOCUMENT_SLUG = 'tooleping-kaugtootajaga-4c3d2e1f0a9b';
export const FILE_ID = 'file-1';
export const SECOND_FILE_ID = 'file-2';

/** A valid, paid (12.40 €), Estonian employment-law template. */
export function aDocumentDetails(overrides: Partial<DocumentDetails> = {}): DocumentDetails {
  return {
    title: 'Tööleping kaugtöötajaga',
    description: 'Tähtajatu tööleping kaugtööd tegevale töötajale.',
    author: null,
    language: 'et',
    fieldOfLaw: 'employment',
    applicableLaw: 'EE',
    tags: ['tööleping', 'kaugtöö'],
    year: 2025,
    price: 1240,
    ...overrides,
  };
}

/** The preview images processing stores for a file. */
export function aPreview(fileId = FILE_ID): FilePreview {
  return {
    blurredKey: `previews/${fileId}-blurred`,
    clearKey: `previews/${fileId}-clear`,
    contentType: 'image/webp',
    width: 800,
    height: 1131,
    clearBandHeight: 340,
  };
}

// Commands: every builder takes the data to change plus `by` (actor) and `at` (time).

type Data<C extends { data: object }> = Partial<C['data']> & By;

export function createDocument({ by, at, ...data }: Data<CreateDocument> = {}): CreateDocument {
  return {
    type: 'CreateDocument',
    data: { documentId: DOCUMENT_ID, uploaderId: UPLOADER_ID, details: aDocumentDetails(), ...data },
    context: aContext({ by, at }),
  };
}

export function editDocumentDetails({
  by,
  at,
  ...data
}: Data<EditDocumentDetails> = {}): EditDocumentDetails {
  return {
    type: 'EditDocumentDetails',
    data: { documentId: DOCUMENT_ID, details: aDocumentDetails(), ...data },
    context: aContext({ by, at }),
  };
}

export function addFile({ by, at, ...data }: Data<AddFile> = {}): AddFile {
  const fileId = data.fileId ?? FILE_ID;
  return {
    type: 'AddFile',
    data: {
      documentId: DOCUMENT_ID,
      fileId,
      title: 'Tööleping',
      format: 'docx',
      sizeKb: 120,
      blobKey: `documents/${DOCUMENT_ID}/${fileId}`,
      ...data,
    },
    context: aContext({ by, at }),
  };
}

export function recordFileProcessed({
  by,
  at,
  ...data
}: Data<RecordFileProcessed> = {}): RecordFileProcessed {
  return {
    type: 'RecordFileProcessed',
    data: {
      documentId: DOCUMENT_ID,
      fileId: FILE_ID,
      pages: 4,
      sizeKb: 118,
      method: 'soffice',
      preview: aPreview(data.fileId ?? FILE_ID),
      ...data,
    },
    context: aContext({ by, at }),
  };
}

export function recordFileProcessingFailed({
  by,
  at,
  ...data
}: Data<RecordFileProcessingFailed> = {}): RecordFileProcessingFailed {
  return {
    type: 'RecordFileProcessingFailed',
    data: { documentId: DOCUMENT_ID, fileId: FILE_ID, reason: 'unreadable', ...data },
    context: aContext({ by, at }),
  };
}

export function chooseMainFile({ by, at, ...data }: Data<ChooseMainFile> = {}): ChooseMainFile {
  return {
    type: 'ChooseMainFile',
    data: { documentId: DOCUMENT_ID, fileId: FILE_ID, ...data },
    context: aContext({ by, at }),
  };
}

export function removeFile({ by, at, ...data }: Data<RemoveFile> = {}): RemoveFile {
  return {
    type: 'RemoveFile',
    data: { documentId: DOCUMENT_ID, fileId: FILE_ID, ...data },
    context: aContext({ by, at }),
  };
}

export function publishDocument({ by, at, ...data }: Data<PublishDocument> = {}): PublishDocument {
  return {
    type: 'PublishDocument',
    data: { documentId: DOCUMENT_ID, ...data },
    context: aContext({ by, at }),
  };
}

export function unpublishDocument({ by, at, ...data }: Data<UnpublishDocument> = {}): UnpublishDocument {
  return {
    type: 'UnpublishDocument',
    data: { documentId: DOCUMENT_ID, ...data },
    context: aContext({ by, at }),
  };
}

export function deleteDocument({ by, at, ...data }: Data<DeleteDocument> = {}): DeleteDocument {
  return {
    type: 'DeleteDocument',
    data: { documentId: DOCUMENT_ID, ...data },
    context: aContext({ by, at }),
  };
}

// Events.

export function documentCreated(data: Partial<DocumentCreated['data']> = {}): DocumentCreated {
  return {
    type: 'DocumentCreated',
    data: {
      documentId: DOCUMENT_ID,
      uploaderId: UPLOADER_ID,
      slug: DOCUMENT_SLUG,
      details: aDocumentDetails(),
      ...data,
    },
  };
}

export function documentDetailsEdited(details: DocumentDetails): DocumentDetailsEdited {
  return { type: 'DocumentDetailsEdited', data: { documentId: DOCUMENT_ID, details } };
}

export function fileAdded(fileId = FILE_ID, data: Partial<FileAdded['data']> = {}): FileAdded {
  return {
    type: 'FileAdded',
    data: {
      documentId: DOCUMENT_ID,
      fileId,
      title: 'Tööleping',
      format: 'docx',
      sizeKb: 120,
      blobKey: `documents/${DOCUMENT_ID}/${fileId}`,
      ...data,
    },
  };
}

export function fileProcessed(fileId = FILE_ID, data: Partial<FileProcessed['data']> = {}): FileProcessed {
  return {
    type: 'FileProcessed',
    data: {
      documentId: DOCUMENT_ID,
      fileId,
      pages: 4,
      sizeKb: 118,
      method: 'soffice',
      preview: aPreview(fileId),
      ...data,
    },
  };
}

export function aPageSet(fileId = FILE_ID): RenderedPages {
  const page = { width: 800, height: 1131, thumbnailWidth: 200, thumbnailHeight: 283 };
  return {
    images: {
      prefix: `pages/${fileId}`,
      contentType: 'image/webp',
      pages: [
        { ...page, clearBandHeight: 340 },
        { ...page, clearBandHeight: 0 },
      ],
    },
    contents: [{ level: 1, text: '1. Üldsätted', page: 1 }],
  };
}

export function recordFilePagesRendered({
  by,
  at,
  ...data
}: Data<RecordFilePagesRendered> = {}): RecordFilePagesRendered {
  return {
    type: 'RecordFilePagesRendered',
    data: { documentId: DOCUMENT_ID, fileId: FILE_ID, ...aPageSet(data.fileId ?? FILE_ID), ...data },
    context: aContext({ by: by ?? SYSTEM_ACTOR, at }),
  };
}

export function filePagesRendered(
  fileId = FILE_ID,
  rendered: RenderedPages = aPageSet(fileId),
): FilePagesRendered {
  return { type: 'FilePagesRendered', data: { documentId: DOCUMENT_ID, fileId, ...rendered } };
}

export function fileProcessingFailed(fileId = FILE_ID, reason = 'unreadable'): FileProcessingFailed {
  return { type: 'FileProcessingFailed', data: { documentId: DOCUMENT_ID, fileId, reason } };
}

export function mainFileChosen(fileId = FILE_ID): MainFileChosen {
  return { type: 'MainFileChosen', data: { documentId: DOCUMENT_ID, fileId } };
}

export function fileRemoved(fileId = FILE_ID): FileRemoved {
  return { type: 'FileRemoved', data: { documentId: DOCUMENT_ID, fileId } };
}

export function documentPublished(): DocumentPublished {
  return { type: 'DocumentPublished', data: { documentId: DOCUMENT_ID } };
}

export function documentUnpublished(
  reason: DocumentUnpublished['data']['reason'] = 'by-uploader',
): DocumentUnpublished {
  return { type: 'DocumentUnpublished', data: { documentId: DOCUMENT_ID, reason } };
}

export function documentDeleted(): DocumentDeleted {
  return { type: 'DocumentDeleted', data: { documentId: DOCUMENT_ID } };
}

// Histories.

/** A draft whose first file was uploaded, made main and processed: ready to publish. */
export function aDraftReadyToPublish(): DocumentEvent[] {
  return [documentCreated(), fileAdded(FILE_ID), mainFileChosen(FILE_ID), fileProcessed(FILE_ID)];
}

/** A public document with one processed main file. */
export function aPublishedDocument(): DocumentEvent[] {
  return [...aDraftReadyToPublish(), documentPublished()];
}
