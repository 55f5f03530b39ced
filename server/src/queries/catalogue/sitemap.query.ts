import { Query } from '@nestjs/cqrs';

/** A published document as the sitemap lists it. */
export interface SitemapDocument {
  readonly slug: string;
  readonly uploaderId: string;
  /** ISO 8601: when the document last changed. */
  readonly updatedAt: string;
}

/** The catalogue as the sitemap reads it: its published documents and the position it reflects. */
export interface SitemapCatalogue {
  /**
   * The catalogue projection's checkpoint (null before it has run): the same position means the same
   * documents, so a sitemap made for it can be served again.
   */
  readonly position: string | null;
  /** Every published document, in a stable order (by id). */
  readonly documents: readonly SitemapDocument[];
}

/** The published documents of the catalogue, for /sitemap.xml (api/site). */
export class SitemapQuery extends Query<SitemapCatalogue> {}

/** The catalogue projection's checkpoint, to tell whether a sitemap made earlier is still current. */
export class CataloguePositionQuery extends Query<string | null> {}

/** Whether the document at this slug was deleted (its page answers 410 Gone, not 404). */
export class WasDocumentDeletedQuery extends Query<boolean> {
  constructor(readonly slug: string) {
    super();
  }
}
