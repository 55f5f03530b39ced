import { Query } from '@nestjs/cqrs';
import type { PreviewImage } from './get-document-preview.query';

/**
 * One page image of the viewer (GetDocumentQuery's visibility rule): page `page` (1-based) of the previewed
 * file, large or as a thumbnail, blurred for a paid document and clear for a free one; null when there is
 * no such page.
 */
export class GetDocumentPageImageQuery extends Query<PreviewImage | null> {
  constructor(
    readonly slug: string,
    readonly page: number,
    readonly size: 'page' | 'thumbnail',
    readonly viewerId: string | null = null,
  ) {
    super();
  }
}
