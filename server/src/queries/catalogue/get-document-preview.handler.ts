import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { READ_STORE, type ReadStore } from '../../infrastructure/read-store/read-store.port';
import { previewSource } from './document.views';
import { GetDocumentPreviewQuery, type PreviewImage } from './get-document-preview.query';
import { visibleDocument } from './get-document.handler';

@QueryHandler(GetDocumentPreviewQuery)
export class GetDocumentPreviewHandler implements IQueryHandler<
  GetDocumentPreviewQuery,
  PreviewImage | null
> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ slug, viewerId }: GetDocumentPreviewQuery): Promise<PreviewImage | null> {
    const doc = await visibleDocument(this.readStore, slug, viewerId);
    const source = doc ? previewSource(doc) : null;
    if (!source) return null;
    const { preview, blurred } = source;
    // The clear page of a paid document is never chosen here, whoever asks.
    return {
      blobKey: blurred ? preview.blurredKey : preview.clearKey,
      contentType: preview.contentType,
      blurred,
    };
  }
}
