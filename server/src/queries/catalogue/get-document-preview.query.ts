import { Query } from '@nestjs/cqrs';

export interface PreviewImage {
  readonly blobKey: string;
  readonly contentType: string;
  /** Whether the image is the blurred one (a paid document). */
  readonly blurred: boolean;
}

/**
 * The preview image of a document this viewer may see (GetDocumentQuery's rule): the blurred page
 * for a paid document, the clear one for a free document; null when there is none.
 */
export class GetDocumentPreviewQuery extends Query<PreviewImage | null> {
  constructor(
    readonly slug: string,
    readonly viewerId: string | null = null,
  ) {
    super();
  }
}
