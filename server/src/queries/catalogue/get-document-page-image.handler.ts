import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { pageImageKey } from '../../events/document.events';
import { READ_STORE, type ReadStore } from '../../infrastructure/read-store/read-store.port';
import { viewerSource } from './document.views';
import { GetDocumentPageImageQuery } from './get-document-page-image.query';
import type { PreviewImage } from './get-document-preview.query';
import { visibleDocument } from './get-document.handler';

@QueryHandler(GetDocumentPageImageQuery)
export class GetDocumentPageImageHandler implements IQueryHandler<
  GetDocumentPageImageQuery,
  PreviewImage | null
> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ slug, page, size, viewerId }: GetDocumentPageImageQuery): Promise<PreviewImage | null> {
    const doc = await visibleDocument(this.readStore, slug, viewerId);
    const source = doc ? viewerSource(doc) : null;
    const images = source?.pageImages;
    if (!source || !images || !Number.isInteger(page) || page < 1 || page > images.pages.length) return null;
    // The clear pages of a paid document are never chosen here, whoever asks.
    const variant = source.blurred ? 'blurred' : 'clear';
    return {
      blobKey: pageImageKey(images.prefix, page, variant, size),
      contentType: images.contentType,
      blurred: source.blurred,
    };
  }
}
