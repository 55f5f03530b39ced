import { Query } from '@nestjs/cqrs';
import type { MyDocumentRow } from './my-document.views';

/** SPEC §2 My documents: All / Public / Paid. */
export const MY_DOCUMENT_FILTERS = ['all', 'public', 'paid'] as const;
export type MyDocumentFilter = (typeof MY_DOCUMENT_FILTERS)[number];

export interface MyDocumentsPage {
  readonly items: readonly MyDocumentRow[];
  /** How many match the filter and the text. */
  readonly total: number;
  /** The uploader's documents, public ones and paid ones, whatever the filter. */
  readonly counts: { readonly documents: number; readonly public: number; readonly paid: number };
  readonly offset: number;
  readonly limit: number;
}

/** The signed-in uploader's documents, newest first. */
export class ListMyDocumentsQuery extends Query<MyDocumentsPage> {
  constructor(
    readonly uploaderId: string,
    readonly criteria: {
      readonly filter: MyDocumentFilter;
      readonly q?: string;
      readonly offset: number;
      readonly limit: number;
    },
  ) {
    super();
  }
}
