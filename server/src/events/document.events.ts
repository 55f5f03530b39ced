import type {
  ApplicableLaw,
  DocumentLanguage,
  FieldOfLaw,
  FileFormat,
} from '../domain/catalogue/catalogue-codes';
import type { Cents } from '../domain/shared/money';
import type { DomainEvent } from './domain-event';

/** The describable part of a document, as the uploader enters it. */
export interface DocumentDetails {
  readonly title: string;
  readonly description: string;
  readonly author: { readonly firstName: string; readonly lastName: string } | null;
  readonly language: DocumentLanguage;
  readonly fieldOfLaw: FieldOfLaw;
  readonly applicableLaw: ApplicableLaw;
  readonly tags: readonly string[];
  readonly year: number;
  /** VAT-inclusive price in cents; 0 = free. */
  readonly price: Cents;
}

export type DocumentCreated = DomainEvent<
  'DocumentCreated',
  {
    readonly documentId: string;
    readonly uploaderId: string;
    readonly slug: string;
    readonly details: DocumentDetails;
  }
>;
export type DocumentDetailsEdited = DomainEvent<
  'DocumentDetailsEdited',
  { readonly documentId: string; readonly details: DocumentDetails }
>;
export type FileAdded = DomainEvent<
  'FileAdded',
  {
    readonly documentId: string;
    readonly fileId: string;
    readonly title: string;
    readonly format: FileFormat;
    readonly sizeKb: number;
    /** Where the bytes are kept in the BlobStore; null for files whose bytes were never uploaded (seeded facts). */
    readonly blobKey: string | null;
  }
>;
/**
 * Page one of a file as images in the BlobStore (docs/decisions/previews.md). Both are rendered on the
 * server; the clear one is served only while the document is free, so the clear pixels of a paid
 * document's page never reach someone who has not bought it.
 */
export interface FilePreview {
  /** Page one, everything below the clear band blurred. */
  readonly blurredKey: string;
  /** Page one, not blurred. */
  readonly clearKey: string;
  readonly contentType: string;
  readonly width: number;
  readonly height: number;
  /** Pixels from the top that stay clear in the blurred image. */
  readonly clearBandHeight: number;
}

/**
 * Processing read the file. Version 2 added `method` (how the pages were counted) and `preview`;
 * version 1 payloads are lifted with `method: 'unknown'` and no preview.
 */
export type FileProcessed = DomainEvent<
  'FileProcessed',
  {
    readonly documentId: string;
    readonly fileId: string;
    readonly pages: number;
    readonly sizeKb: number;
    /** How the page count was found, e.g. 'pdf', 'soffice', 'docx-metadata', 'txt-lines'. */
    readonly method: string;
    /** Null when no preview could be rendered (the file is still usable). */
    readonly preview: FilePreview | null;
  }
>;
/** One page of a file in the viewer: its large image and thumbnail, blurred and clear (see FilePageImages). */
export interface FilePageImage {
  readonly width: number;
  readonly height: number;
  readonly thumbnailWidth: number;
  readonly thumbnailHeight: number;
  /** Rows from the top of the blurred image that are the page's own: page one's band, 0 on later pages. */
  readonly clearBandHeight: number;
}

/**
 * Every page of a file as images in the BlobStore, for the document page's viewer
 * (docs/decisions/the-preview-viewer.md). Page n's images are under {@link pageImageKey}: blurred for a paid
 * document (page one below its clear band, every later page whole), clear only while the document is free.
 */
export interface FilePageImages {
  readonly prefix: string;
  readonly contentType: string;
  /** Page 1 first; at most the rendering limit, even when the file has more pages. */
  readonly pages: readonly FilePageImage[];
}

/** Where page `page` (1-based) of a file's FilePageImages is kept. */
export function pageImageKey(
  prefix: string,
  page: number,
  variant: 'blurred' | 'clear',
  size: 'page' | 'thumbnail',
): string {
  return `${prefix}/${size === 'page' ? '' : 'thumbnail-'}${page}-${variant}`;
}

/** One heading of a document's table of contents. */
export interface ContentsEntry {
  /** 1 = a top-level heading, 2 and 3 below it. */
  readonly level: 1 | 2 | 3;
  readonly text: string;
  /** 1-based page the heading is on, null when unknown. */
  readonly page: number | null;
}

/**
 * Every page of a processed file was rendered for the viewer, and its headings read (a new file right
 * after FileProcessed; a file processed before the viewer existed when the server finds it without).
 * `images` is null when the pages could not be rendered: the file is not tried again.
 */
export type FilePagesRendered = DomainEvent<
  'FilePagesRendered',
  {
    readonly documentId: string;
    readonly fileId: string;
    readonly images: FilePageImages | null;
    readonly contents: readonly ContentsEntry[];
  }
>;
export type FileProcessingFailed = DomainEvent<
  'FileProcessingFailed',
  { readonly documentId: string; readonly fileId: string; readonly reason: string }
>;
export type MainFileChosen = DomainEvent<
  'MainFileChosen',
  { readonly documentId: string; readonly fileId: string }
>;
export type FileRemoved = DomainEvent<
  'FileRemoved',
  { readonly documentId: string; readonly fileId: string }
>;
export type DocumentPublished = DomainEvent<'DocumentPublished', { readonly documentId: string }>;
export type DocumentUnpublished = DomainEvent<
  'DocumentUnpublished',
  { readonly documentId: string; readonly reason: 'by-uploader' | 'no-publishable-file' }
>;
export type DocumentDeleted = DomainEvent<'DocumentDeleted', { readonly documentId: string }>;

export type DocumentEvent =
  | DocumentCreated
  | DocumentDetailsEdited
  | FileAdded
  | FileProcessed
  | FilePagesRendered
  | FileProcessingFailed
  | MainFileChosen
  | FileRemoved
  | DocumentPublished
  | DocumentUnpublished
  | DocumentDeleted;

export const documentStreamId = (documentId: string): string => `document-${documentId}`;
