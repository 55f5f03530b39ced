/** Response shapes of docs/api.md. Money is integer euro cents; dates are ISO-8601 strings. */

export interface DocumentSummary {
  id: string;
  slug: string;
  title: string;
  description: string;
  author: { firstName: string; lastName: string } | null;
  uploader: { id: string; name: string };
  fieldOfLaw: string;
  language: string;
  applicableLaw: string;
  year: number;
  price: number;
  tags: string[];
  createdAt: string;
  updatedAt: string;
}

export interface DocumentFile {
  id: string;
  title: string;
  format: string;
  pages: number | null;
  sizeKb: number;
  isMain: boolean;
  state: 'processing' | 'done' | 'error';
}

export interface DocumentDetail extends Omit<DocumentSummary, 'uploader'> {
  files: DocumentFile[];
  uploader: { id: string; name: string; company: string | null };
}

export interface DocumentPage {
  items: DocumentSummary[];
  total: number;
  offset: number;
  limit: number;
}

export interface CatalogueOptions {
  fieldsOfLaw: string[];
  languages: string[];
  applicableLaws: string[];
  formats: string[];
}

export interface BasketLine {
  documentId: string;
  slug: string;
  title: string;
  price: number;
  vat: number;
  licenceFee: number;
  serviceFee: number;
  addedAt: string;
}

export interface Basket {
  id: string;
  documents: BasketLine[];
  documentCount: number;
  subtotal: number;
  serviceFee: number;
  vat: number;
  total: number;
  activeUntil: string | null;
  confirmed: boolean;
  paymentMethods: null;
}

/** What the add-to-basket action needs to know about a document. */
export interface DocumentRef {
  id: string;
  title: string;
}
