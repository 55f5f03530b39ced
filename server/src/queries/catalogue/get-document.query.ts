import { Query } from '@nestjs/cqrs';
import type { DocumentDetail } from './document.views';

/**
 * A document by its slug as this viewer may see it: a published one for anybody, an unpublished one only
 * for its uploader; null otherwise (and always for a deleted one).
 */
export class GetDocumentQuery extends Query<DocumentDetail | null> {
  constructor(
    readonly slug: string,
    /** The signed-in viewer's user id; null for a visitor. */
    readonly viewerId: string | null = null,
  ) {
    super();
  }
}
