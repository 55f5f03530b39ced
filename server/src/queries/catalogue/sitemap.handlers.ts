import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DOCUMENTS_COLLECTION, type DocumentView } from '../../projections/catalogue/catalogue.read-model';
import { READ_STORE, type ReadStore } from '../../infrastructure/read-store/read-store.port';
import {
  CataloguePositionQuery,
  type SitemapCatalogue,
  SitemapQuery,
  WasDocumentDeletedQuery,
} from './sitemap.query';

/** The catalogue projection (projections/catalogue): the sitemap's documents come from its read model. */
const CATALOGUE_PROJECTION = 'catalogue';

async function cataloguePosition(readStore: ReadStore): Promise<string | null> {
  const position = await readStore.getCheckpoint(CATALOGUE_PROJECTION);
  return position === null ? null : position.toString();
}

@QueryHandler(SitemapQuery)
export class SitemapHandler implements IQueryHandler<SitemapQuery, SitemapCatalogue> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute(): Promise<SitemapCatalogue> {
    // The position first: documents read after it are at least as new, so a sitemap kept for this
    // position is never older than the position says.
    const position = await cataloguePosition(this.readStore);
    const found = await this.readStore
      .collection<DocumentView>(DOCUMENTS_COLLECTION)
      .find({ status: 'published' }, { sort: { _id: 1 }, fields: ['slug', 'uploaderId', 'updatedAt'] });
    return {
      position,
      documents: found.map(({ slug, uploaderId, updatedAt }) => ({ slug, uploaderId, updatedAt })),
    };
  }
}

@QueryHandler(CataloguePositionQuery)
export class CataloguePositionHandler implements IQueryHandler<CataloguePositionQuery, string | null> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  execute(): Promise<string | null> {
    return cataloguePosition(this.readStore);
  }
}

@QueryHandler(WasDocumentDeletedQuery)
export class WasDocumentDeletedHandler implements IQueryHandler<WasDocumentDeletedQuery, boolean> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ slug }: WasDocumentDeletedQuery): Promise<boolean> {
    const document = await this.readStore
      .collection<DocumentView>(DOCUMENTS_COLLECTION)
      .findOne({ slug, status: 'deleted' });
    return document !== null;
  }
}
