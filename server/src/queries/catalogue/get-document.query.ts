import { Query } from '@nestjs/cqrs';
import type { DocumentDetail } from './document.views';

/** A published document by its slug; null when there is none. */
export class GetDocumentQuery extends Query<DocumentDetail | null> {
  constructor(readonly slug: string) {
    super();
  }
}
