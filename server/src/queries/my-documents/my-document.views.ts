import { canBePublished } from '../../domain/catalogue/document.decider';
import type { PriceSplit } from '../../domain/shared/fees';
import type { DocumentDetails } from '../../events/document.events';
import type { MyDocumentView } from '../../projections/my-documents/my-documents.read-model';
import type { DocumentFile, DocumentPreview } from '../catalogue/document.views';
import { toPreview } from '../catalogue/document.views';

/** A file on the upload/edit screen (docs/api.md "My documents"). */
export interface MyDocumentFile extends DocumentFile {
  /** Why processing failed; null unless state is 'error'. */
  readonly failureReason: string | null;
}

/** The upload/edit screen's document: everything the uploader entered, its files and what a buyer sees. */
export interface MyDocument {
  readonly id: string;
  readonly slug: string;
  readonly status: 'draft' | 'published';
  readonly details: DocumentDetails;
  readonly files: readonly MyDocumentFile[];
  /** SPEC §4: a processed main file exists. */
  readonly canPublish: boolean;
  /** The preview as a buyer sees it. */
  readonly preview: DocumentPreview | null;
  /** How one sale at this price divides (domain/shared/fees.ts at today's rates). */
  readonly earnings: PriceSplit;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** A row of My documents. */
export interface MyDocumentRow {
  readonly id: string;
  readonly slug: string;
  readonly title: string;
  readonly description: string;
  readonly status: 'draft' | 'published';
  readonly price: number;
  readonly canPublish: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export function toMyDocument(doc: MyDocumentView, earnings: PriceSplit): MyDocument {
  const files = doc.files.map(({ id, title, format, pages, sizeKb, isMain, state, failureReason }) => ({
    id,
    title,
    format,
    pages,
    sizeKb,
    isMain,
    state,
    failureReason,
  }));
  return {
    id: doc._id,
    slug: doc.slug,
    status: doc.status,
    details: doc.details,
    files,
    canPublish: canBePublished(files),
    preview: toPreview({ slug: doc.slug, price: doc.details.price, files: doc.files }),
    earnings,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

export function toMyDocumentRow(doc: MyDocumentView): MyDocumentRow {
  return {
    id: doc._id,
    slug: doc.slug,
    title: doc.details.title,
    description: doc.details.description,
    status: doc.status,
    price: doc.details.price,
    canPublish: canBePublished(doc.files),
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}
