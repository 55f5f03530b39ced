import { Query } from '@nestjs/cqrs';
import type { MyDocument } from './my-document.views';

export interface StoredFile {
  readonly fileId: string;
  /** The original file name. */
  readonly title: string;
  readonly blobKey: string | null;
}

export type GetMyDocumentResult =
  | {
      readonly found: true;
      readonly uploaderId: string;
      readonly document: MyDocument;
      /** Where each file's bytes are kept (never sent to the client as such). */
      readonly storedFiles: readonly StoredFile[];
    }
  | { readonly found: false };

/** One document for its upload/edit screen, drafts included; the caller checks the uploader. */
export class GetMyDocumentQuery extends Query<GetMyDocumentResult> {
  constructor(readonly documentId: string) {
    super();
  }
}
