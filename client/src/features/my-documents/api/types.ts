import type { DocumentFile, DocumentPreview } from '../../../api/types';

/** What the uploader enters (docs/api.md "My documents"): prices in cents, VAT included, 0 = free. */
export interface DocumentDetailsInput {
  title: string;
  description: string;
  author: { firstName: string; lastName: string } | null;
  language: string;
  fieldOfLaw: string;
  applicableLaw: string;
  tags: string[];
  year: number;
  price: number;
}

export interface MyDocumentFile extends DocumentFile {
  /** Why processing failed (for support); the screen shows the spec's message. */
  failureReason: string | null;
}

/** How one sale divides (server/src/domain/shared/fees.ts). */
export interface PriceSplit {
  price: number;
  vat: number;
  licenceFee: number;
  serviceFee: number;
  uploaderEarnings: number;
}

export interface MyDocument {
  id: string;
  slug: string;
  status: 'draft' | 'published';
  details: DocumentDetailsInput;
  files: MyDocumentFile[];
  canPublish: boolean;
  preview: DocumentPreview | null;
  earnings: PriceSplit;
  createdAt: string;
  updatedAt: string;
}

export interface MyDocumentRow {
  id: string;
  slug: string;
  title: string;
  description: string;
  status: 'draft' | 'published';
  price: number;
  canPublish: boolean;
  createdAt: string;
  updatedAt: string;
}

export const MY_DOCUMENT_FILTERS = ['all', 'public', 'paid'] as const;
export type MyDocumentFilter = (typeof MY_DOCUMENT_FILTERS)[number];

export interface MyDocumentsPage {
  items: MyDocumentRow[];
  total: number;
  counts: { documents: number; public: number; paid: number };
  offset: number;
  limit: number;
}
