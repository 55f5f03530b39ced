import type {
  ContentsEntry,
  DocumentDetails,
  DocumentEvent,
  DocumentUnpublished,
  FilePageImages,
  FilePagesRendered,
  FilePreview,
  FileProcessed,
} from '../../events/document.events';
import { type DomainCommand, SYSTEM_ACTOR, assertNever } from '../shared/command';
import { DomainError, FieldValidator } from '../shared/domain-error';
import { MAX_DOCUMENT_PRICE } from '../shared/money';
import { hasForbiddenCharacters, isBlankText, normaliseTextValue } from '../shared/text';
import {
  APPLICABLE_LAWS,
  DOCUMENT_LANGUAGES,
  FIELDS_OF_LAW,
  FILE_FORMATS,
  type FileFormat,
  isOneOf,
} from './catalogue-codes';
import { documentSlug } from './slug';

/** SPEC §5: upload size at most 40 MB. */
export const MAX_FILE_SIZE_KB = 40 * 1024;
/** SPEC §5 in bytes: the upload stops reading past this many. */
export const MAX_FILE_SIZE_BYTES = MAX_FILE_SIZE_KB * 1024;
/** A template and its annexes; more is a mistake or abuse (docs/decisions/files-of-a-document.md). */
export const MAX_FILES_PER_DOCUMENT = 10;
/** The original file name is kept as the file's title. */
export const MAX_FILE_TITLE_LENGTH = 200;

export type FileState = 'processing' | 'done' | 'error';

export interface DocumentFileState {
  readonly fileId: string;
  readonly title: string;
  readonly format: FileFormat;
  readonly sizeKb: number;
  /** Known once the file is processed. */
  readonly pages: number | null;
  /** Where the bytes are kept in the BlobStore (null for seeded facts without bytes). */
  readonly blobKey: string | null;
  readonly state: FileState;
  readonly isMain: boolean;
  /** Its pages were rendered for the viewer (or tried: FilePagesRendered). */
  readonly pagesRendered: boolean;
}

export type DocumentState =
  | { readonly status: 'none' }
  | {
      readonly status: 'draft' | 'published' | 'deleted';
      readonly uploaderId: string;
      readonly slug: string;
      readonly details: DocumentDetails;
      readonly files: readonly DocumentFileState[];
    };

export const initialDocumentState: DocumentState = { status: 'none' };

interface FileRef {
  readonly documentId: string;
  readonly fileId: string;
}

export type CreateDocument = DomainCommand<
  'CreateDocument',
  { readonly documentId: string; readonly uploaderId: string; readonly details: DocumentDetails }
>;
export type EditDocumentDetails = DomainCommand<
  'EditDocumentDetails',
  { readonly documentId: string; readonly details: DocumentDetails }
>;
export type AddFile = DomainCommand<
  'AddFile',
  FileRef & {
    readonly title: string;
    readonly format: string;
    readonly sizeKb: number;
    readonly blobKey: string | null;
  }
>;
/** A file's pages as images for the viewer and its headings (null images: they could not be rendered). */
export interface RenderedPages {
  readonly images: FilePageImages | null;
  readonly contents: readonly ContentsEntry[];
}

export type RecordFileProcessed = DomainCommand<
  'RecordFileProcessed',
  FileRef & {
    readonly pages: number;
    readonly sizeKb: number;
    readonly method: string;
    readonly preview: FilePreview | null;
    /** Absent when processing did not render the pages (they are then rendered later). */
    readonly rendered?: RenderedPages;
  }
>;
/** The pages of a file processed before the viewer existed, rendered afterwards. */
export type RecordFilePagesRendered = DomainCommand<'RecordFilePagesRendered', FileRef & RenderedPages>;
export type RecordFileProcessingFailed = DomainCommand<
  'RecordFileProcessingFailed',
  FileRef & { readonly reason: string }
>;
export type ChooseMainFile = DomainCommand<'ChooseMainFile', FileRef>;
export type RemoveFile = DomainCommand<'RemoveFile', FileRef>;
export type PublishDocument = DomainCommand<'PublishDocument', { readonly documentId: string }>;
export type UnpublishDocument = DomainCommand<'UnpublishDocument', { readonly documentId: string }>;
export type DeleteDocument = DomainCommand<'DeleteDocument', { readonly documentId: string }>;

export type DocumentCommand =
  | CreateDocument
  | EditDocumentDetails
  | AddFile
  | RecordFileProcessed
  | RecordFilePagesRendered
  | RecordFileProcessingFailed
  | ChooseMainFile
  | RemoveFile
  | PublishDocument
  | UnpublishDocument
  | DeleteDocument;

type Existing = Exclude<DocumentState, { status: 'none' }>;

/** The uploader's texts in their stored form (domain/shared/text.ts): NFC, ends trimmed, invisible-only as empty. */
export function normaliseDocumentDetails(details: DocumentDetails): DocumentDetails {
  const text = normaliseTextValue;
  const author = details.author as unknown;
  return {
    ...details,
    title: text(details.title),
    description: text(details.description),
    // A client may leave the author out; only a given one is normalised.
    ...(typeof author === 'object' &&
      author !== null && {
        author: { firstName: text(details.author!.firstName), lastName: text(details.author!.lastName) },
      }),
    tags: Array.isArray(details.tags) ? details.tags.map(text) : details.tags,
  };
}

/** Checks the uploader's input; SPEC §5 messages, one VALIDATION.FORM_HAS_ERRORS with every field at once. */
export function validateDocumentDetails(details: DocumentDetails, now: Date): void {
  const v = new FieldValidator();
  v.requiredText('title', details.title, 200);
  v.requiredText('description', details.description, 5000, 'multiline');
  // A client may leave the author out entirely; that means the uploader is the author.
  if (details.author !== null && details.author !== undefined) {
    v.requiredText('author.firstName', details.author.firstName, 100);
    v.requiredText('author.lastName', details.author.lastName, 100);
  }
  if (!isOneOf(DOCUMENT_LANGUAGES, details.language)) v.add('language', 'VALIDATION.INVALID_CHOICE');
  if (!isOneOf(FIELDS_OF_LAW, details.fieldOfLaw)) v.add('fieldOfLaw', 'VALIDATION.INVALID_CHOICE');
  if (!isOneOf(APPLICABLE_LAWS, details.applicableLaw)) v.add('applicableLaw', 'VALIDATION.INVALID_CHOICE');
  if (!Array.isArray(details.tags) || details.tags.length > 20)
    v.add('tags', 'VALIDATION.MAX_ITEMS', { 0: 20 });
  else details.tags.forEach((tag, i) => v.requiredText(`tags.${i}`, tag, 40));
  v.integerInRange('year', details.year, 1900, now.getUTCFullYear() + 1);
  if (
    typeof details.price === 'number' &&
    Number.isSafeInteger(details.price) &&
    details.price > MAX_DOCUMENT_PRICE
  ) {
    v.add('price', 'VALIDATION.PRICE_ABOVE_MAXIMUM', { 0: MAX_DOCUMENT_PRICE / 100 });
  } else {
    v.integerInRange('price', details.price, 0, MAX_DOCUMENT_PRICE);
  }
  v.throwIfAny();
}

/** Field by field, so the order of keys in a request body never counts as a change. */
export function sameDetails(a: DocumentDetails, b: DocumentDetails): boolean {
  const sameAuthor =
    (a.author ?? null) === null || (b.author ?? null) === null
      ? (a.author ?? null) === (b.author ?? null)
      : a.author!.firstName === b.author!.firstName && a.author!.lastName === b.author!.lastName;
  return (
    sameAuthor &&
    a.title === b.title &&
    a.description === b.description &&
    a.language === b.language &&
    a.fieldOfLaw === b.fieldOfLaw &&
    a.applicableLaw === b.applicableLaw &&
    a.year === b.year &&
    a.price === b.price &&
    a.tags.length === b.tags.length &&
    a.tags.every((tag, i) => tag === b.tags[i])
  );
}

function existing(state: DocumentState): Existing {
  if (state.status === 'none' || state.status === 'deleted') throw new DomainError('DOCUMENT.NOT_FOUND');
  return state;
}

/** Only the uploader changes a document; the system records facts about its files. */
function owned(state: DocumentState, actorId: string, allowSystem = false): Existing {
  const doc = existing(state);
  if (doc.uploaderId !== actorId && !(allowSystem && actorId === SYSTEM_ACTOR)) {
    throw new DomainError('DOCUMENT.NOT_OWNER');
  }
  return doc;
}

function file(doc: Existing, fileId: string): DocumentFileState {
  const found = doc.files.find((f) => f.fileId === fileId);
  if (!found) throw new DomainError('FILE.NOT_FOUND');
  return found;
}

/** SPEC §4: publishing needs at least one uploaded, processed file marked main. */
export function canBePublished(files: readonly Pick<DocumentFileState, 'isMain' | 'state'>[]): boolean {
  return files.some((f) => f.isMain && f.state === 'done');
}

function create(command: CreateDocument, state: DocumentState): DocumentEvent[] {
  if (state.status !== 'none') throw new DomainError('DOCUMENT.ALREADY_EXISTS');
  const { context } = command;
  const data = { ...command.data, details: normaliseDocumentDetails(command.data.details) };
  validateDocumentDetails(data.details, context.now);
  const slug = documentSlug(data.details.title, data.documentId);
  return [{ type: 'DocumentCreated', data: { ...data, slug } }];
}

function edit(command: EditDocumentDetails, state: DocumentState): DocumentEvent[] {
  const { context } = command;
  const doc = owned(state, context.actorId);
  const data = { ...command.data, details: normaliseDocumentDetails(command.data.details) };
  validateDocumentDetails(data.details, context.now);
  if (sameDetails(doc.details, data.details)) return [];
  return [{ type: 'DocumentDetailsEdited', data }];
}

/** A file name shows something before its extension (not only blank or zero-width characters), and is not "." or "..". */
function hasVisibleName(title: string): boolean {
  const dot = title.lastIndexOf('.');
  return !isBlankText(dot > 0 ? title.slice(0, dot) : title) && !/^\.+$/.test(title);
}

function addFile({ data, context }: AddFile, state: DocumentState): DocumentEvent[] {
  const doc = owned(state, context.actorId);
  if (doc.files.some((f) => f.fileId === data.fileId)) throw new DomainError('FILE.ALREADY_EXISTS');
  if (doc.files.length >= MAX_FILES_PER_DOCUMENT) throw new DomainError('FILE.TOO_MANY');
  if (
    typeof data.title !== 'string' ||
    data.title.length > MAX_FILE_TITLE_LENGTH ||
    !hasVisibleName(data.title)
  )
    throw new DomainError('FILE.NAME_INVALID');
  // The rules of profile names (domain/shared/text.ts): no control, text-direction or broken characters,
  // so a name cannot hide what it is ("…exe.pdf" shown as "…fdp.exe") or break what reads it.
  if (hasForbiddenCharacters(data.title, 'line')) throw new DomainError('FILE.NAME_INVALID_CHARACTERS');
  if (!isOneOf(FILE_FORMATS, data.format)) throw new DomainError('FILE.EXTENSION_NOT_ALLOWED');
  if (!Number.isFinite(data.sizeKb) || data.sizeKb <= 0) throw new DomainError('FILE.EMPTY');
  if (data.sizeKb > MAX_FILE_SIZE_KB) throw new DomainError('FILE.TOO_LARGE');
  const added: DocumentEvent = { type: 'FileAdded', data: { ...data, format: data.format } };
  // The first file of a document is its main one until the uploader chooses another.
  if (doc.files.length === 0) {
    return [added, { type: 'MainFileChosen', data: { documentId: data.documentId, fileId: data.fileId } }];
  }
  return [added];
}

function recordProcessed(
  { data, context }: RecordFileProcessed,
  state: DocumentState,
): (FileProcessed | FilePagesRendered)[] {
  const doc = owned(state, context.actorId, true);
  if (file(doc, data.fileId).state !== 'processing') return [];
  const { rendered, ...processed } = data;
  const events: (FileProcessed | FilePagesRendered)[] = [{ type: 'FileProcessed', data: processed }];
  if (rendered)
    events.push({
      type: 'FilePagesRendered',
      data: { documentId: data.documentId, fileId: data.fileId, ...rendered },
    });
  return events;
}

/** Only a processed file whose pages were never rendered gets them; anything else changes nothing. */
function recordPagesRendered(
  { data, context }: RecordFilePagesRendered,
  state: DocumentState,
): FilePagesRendered[] {
  const doc = owned(state, context.actorId, true);
  if (context.actorId !== SYSTEM_ACTOR) throw new DomainError('DOCUMENT.NOT_OWNER');
  const found = file(doc, data.fileId);
  if (found.state !== 'done' || found.pagesRendered) return [];
  const { documentId, fileId, images, contents } = data;
  return [{ type: 'FilePagesRendered', data: { documentId, fileId, images, contents } }];
}

function recordFailed({ data, context }: RecordFileProcessingFailed, state: DocumentState): DocumentEvent[] {
  const doc = owned(state, context.actorId, true);
  if (file(doc, data.fileId).state !== 'processing') return [];
  return [{ type: 'FileProcessingFailed', data }];
}

function chooseMain({ data, context }: ChooseMainFile, state: DocumentState): DocumentEvent[] {
  const doc = owned(state, context.actorId);
  const chosen = file(doc, data.fileId);
  if (chosen.isMain) return [];
  // A file that could not be processed has no preview and no pages to sell: offer only what can be done.
  if (chosen.state === 'error') throw new DomainError('FILE.FAILED_NOT_MAIN');
  return [{ type: 'MainFileChosen', data }];
}

function removeFile({ data, context }: RemoveFile, state: DocumentState): DocumentEvent[] {
  const doc = owned(state, context.actorId);
  const removed = file(doc, data.fileId);
  const events: DocumentEvent[] = [{ type: 'FileRemoved', data }];
  let remaining = doc.files.filter((f) => f.fileId !== data.fileId);
  // The main file went: the next file (a processed one first) takes its place.
  const successor = removed.isMain ? (remaining.find((f) => f.state === 'done') ?? remaining[0]) : undefined;
  if (successor) {
    events.push({ type: 'MainFileChosen', data: { documentId: data.documentId, fileId: successor.fileId } });
    remaining = remaining.map((f) => ({ ...f, isMain: f.fileId === successor.fileId }));
  }
  if (doc.status === 'published' && !canBePublished(remaining)) {
    const unpublished: DocumentUnpublished = {
      type: 'DocumentUnpublished',
      data: { documentId: data.documentId, reason: 'no-publishable-file' },
    };
    events.push(unpublished);
  }
  return events;
}

function publish({ data, context }: PublishDocument, state: DocumentState): DocumentEvent[] {
  const doc = owned(state, context.actorId);
  if (doc.status === 'published') return [];
  if (!canBePublished(doc.files)) throw new DomainError('DOCUMENT.PUBLISH_NEEDS_MAIN_FILE');
  return [{ type: 'DocumentPublished', data }];
}

function unpublish({ data, context }: UnpublishDocument, state: DocumentState): DocumentEvent[] {
  const doc = owned(state, context.actorId);
  if (doc.status !== 'published') return [];
  return [{ type: 'DocumentUnpublished', data: { ...data, reason: 'by-uploader' } }];
}

function remove({ data, context }: DeleteDocument, state: DocumentState): DocumentEvent[] {
  owned(state, context.actorId);
  return [{ type: 'DocumentDeleted', data }];
}

/** Decides what happens to a document. Pure: same command and state, same events. */
export function decideDocument(command: DocumentCommand, state: DocumentState): DocumentEvent[] {
  switch (command.type) {
    case 'CreateDocument':
      return create(command, state);
    case 'EditDocumentDetails':
      return edit(command, state);
    case 'AddFile':
      return addFile(command, state);
    case 'RecordFileProcessed':
      return recordProcessed(command, state);
    case 'RecordFilePagesRendered':
      return recordPagesRendered(command, state);
    case 'RecordFileProcessingFailed':
      return recordFailed(command, state);
    case 'ChooseMainFile':
      return chooseMain(command, state);
    case 'RemoveFile':
      return removeFile(command, state);
    case 'PublishDocument':
      return publish(command, state);
    case 'UnpublishDocument':
      return unpublish(command, state);
    case 'DeleteDocument':
      return remove(command, state);
    default:
      return assertNever(command);
  }
}

const updateFile = (
  doc: Existing,
  fileId: string,
  change: (f: DocumentFileState) => DocumentFileState,
): Existing => ({
  ...doc,
  files: doc.files.map((f) => (f.fileId === fileId ? change(f) : f)),
});

/** Folds one event into the state. */
export function evolveDocument(state: DocumentState, event: DocumentEvent): DocumentState {
  if (event.type === 'DocumentCreated') {
    const { uploaderId, slug, details } = event.data;
    return { status: 'draft', uploaderId, slug, details, files: [] };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'DocumentDetailsEdited':
      return { ...state, details: event.data.details };
    case 'FileAdded':
      return {
        ...state,
        files: [
          ...state.files,
          {
            fileId: event.data.fileId,
            title: event.data.title,
            format: event.data.format,
            sizeKb: event.data.sizeKb,
            pages: null,
            blobKey: event.data.blobKey,
            state: 'processing',
            isMain: false,
            pagesRendered: false,
          },
        ],
      };
    case 'FileProcessed':
      return updateFile(state, event.data.fileId, (f) => ({
        ...f,
        state: 'done',
        pages: event.data.pages,
        sizeKb: event.data.sizeKb,
      }));
    case 'FilePagesRendered':
      return updateFile(state, event.data.fileId, (f) => ({ ...f, pagesRendered: true }));
    case 'FileProcessingFailed':
      return updateFile(state, event.data.fileId, (f) => ({ ...f, state: 'error' }));
    case 'MainFileChosen':
      return { ...state, files: state.files.map((f) => ({ ...f, isMain: f.fileId === event.data.fileId })) };
    case 'FileRemoved':
      return { ...state, files: state.files.filter((f) => f.fileId !== event.data.fileId) };
    case 'DocumentPublished':
      return { ...state, status: 'published' };
    case 'DocumentUnpublished':
      return { ...state, status: 'draft' };
    case 'DocumentDeleted':
      return { ...state, status: 'deleted' };
    default:
      return assertNever(event);
  }
}

export const documentDecider = {
  initialState: initialDocumentState,
  decide: decideDocument,
  evolve: evolveDocument,
};
