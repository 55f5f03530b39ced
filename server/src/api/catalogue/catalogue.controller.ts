import { Controller, Get, Header, Inject, Param, ParseIntPipe, Res, StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  APPLICABLE_LAWS,
  DOCUMENT_LANGUAGES,
  FIELDS_OF_LAW,
  FILE_FORMATS,
} from '../../domain/catalogue/catalogue-codes';
import type { FastifyReply } from 'fastify';
import { BLOB_STORE, type BlobStore } from '../../infrastructure/blob-store/blob-store.port';
import type { DocumentDetail } from '../../queries/catalogue/document.views';
import { GetDocumentPageImageQuery } from '../../queries/catalogue/get-document-page-image.query';
import { GetDocumentPreviewQuery } from '../../queries/catalogue/get-document-preview.query';
import type { PreviewImage } from '../../queries/catalogue/get-document-preview.query';
import { GetDocumentQuery } from '../../queries/catalogue/get-document.query';
import { WasDocumentDeletedQuery } from '../../queries/catalogue/sitemap.query';
import { documentShareImage } from './share-image';
import { ApiError } from '../errors/api-error';
import { OptionalSignIn, Public } from '../auth/auth.decorators';
import { type AuthenticatedUser, OptionalUser } from '../auth/current-user.decorator';

const SLUG = /^[a-z0-9-]{1,160}$/;

/** Share images made lately, by the preview image they come from (a new preview is a new key). */
const SHARE_IMAGES_KEPT = 64;

/** Public catalogue: the search form's codes and document pages (search itself: api/search). */
@Public()
@Controller()
export class CatalogueController {
  private readonly shareImages = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly queryBus: QueryBus,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {}

  @Get('catalogue/options')
  options() {
    return {
      fieldsOfLaw: FIELDS_OF_LAW,
      languages: DOCUMENT_LANGUAGES,
      applicableLaws: APPLICABLE_LAWS,
      formats: FILE_FORMATS,
    };
  }

  /** A published document; its uploader also sees it while it is a draft. */
  @Get('documents/:slug')
  @OptionalSignIn()
  async document(
    @Param('slug') slug: string,
    @OptionalUser() viewer: AuthenticatedUser | null,
  ): Promise<DocumentDetail> {
    const found = SLUG.test(slug)
      ? await this.queryBus.execute(new GetDocumentQuery(slug, viewer?.userId ?? null))
      : null;
    if (found) return found;
    // A deleted document is gone for good (410): search engines drop it at once.
    if (SLUG.test(slug) && (await this.queryBus.execute(new WasDocumentDeletedQuery(slug))))
      throw new ApiError(410, 'DOCUMENT.DELETED');
    throw new ApiError(404, 'DOCUMENT.NOT_FOUND');
  }

  /**
   * Page one of the document as a buyer sees it: blurred below the clear band while the document is
   * paid, clear while it is free. Only images rendered on the server are ever sent.
   */
  @Get('documents/:slug/preview')
  @OptionalSignIn()
  @Header('X-Content-Type-Options', 'nosniff')
  async preview(
    @Param('slug') slug: string,
    @OptionalUser() viewer: AuthenticatedUser | null,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const image = SLUG.test(slug)
      ? await this.queryBus.execute(new GetDocumentPreviewQuery(slug, viewer?.userId ?? null))
      : null;
    const info = image ? await this.blobs.stat(image.blobKey) : null;
    if (!image || !info) throw new ApiError(404, 'DOCUMENT.PREVIEW_NOT_FOUND');
    // A signed-in viewer may be looking at their own draft: that answer must not be cached for others.
    void reply.header('Cache-Control', viewer === null ? 'public, max-age=300' : 'private, no-store');
    return new StreamableFile(await this.blobs.get(image.blobKey), {
      type: image.contentType,
      length: info.size,
      disposition: 'inline',
    });
  }

  /**
   * Page `page` of the viewer (docs/api.md): blurred for a paid document (page one below its clear band,
   * every later page whole), clear for a free one. Only images rendered on the server are ever sent.
   */
  @Get('documents/:slug/pages/:page')
  @OptionalSignIn()
  @Header('X-Content-Type-Options', 'nosniff')
  page(
    @Param('slug') slug: string,
    @Param('page', new ParseIntPipe({ errorHttpStatusCode: 404 })) page: number,
    @OptionalUser() viewer: AuthenticatedUser | null,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    return this.pageImage(slug, page, 'page', viewer, reply);
  }

  /** The same page as a thumbnail of the viewer's strip. */
  @Get('documents/:slug/pages/:page/thumbnail')
  @OptionalSignIn()
  @Header('X-Content-Type-Options', 'nosniff')
  thumbnail(
    @Param('slug') slug: string,
    @Param('page', new ParseIntPipe({ errorHttpStatusCode: 404 })) page: number,
    @OptionalUser() viewer: AuthenticatedUser | null,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    return this.pageImage(slug, page, 'thumbnail', viewer, reply);
  }

  private async pageImage(
    slug: string,
    page: number,
    size: 'page' | 'thumbnail',
    viewer: AuthenticatedUser | null,
    reply: FastifyReply,
  ): Promise<StreamableFile> {
    const image: PreviewImage | null = SLUG.test(slug)
      ? await this.queryBus.execute(new GetDocumentPageImageQuery(slug, page, size, viewer?.userId ?? null))
      : null;
    const info = image ? await this.blobs.stat(image.blobKey) : null;
    if (!image || !info) throw new ApiError(404, 'DOCUMENT.PAGE_NOT_FOUND');
    void reply.header('Cache-Control', viewer === null ? 'public, max-age=300' : 'private, no-store');
    return new StreamableFile(await this.blobs.get(image.blobKey), {
      type: image.contentType,
      length: info.size,
      disposition: 'inline',
    });
  }

  /**
   * The image a shared link to a published document shows (og:image): 1200×630 JPEG made from the
   * preview a visitor sees, so the part blurred for buyers stays blurred (api/catalogue/share-image.ts).
   */
  @Get('documents/:slug/share-image')
  @Header('X-Content-Type-Options', 'nosniff')
  async shareImage(
    @Param('slug') slug: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const image = SLUG.test(slug)
      ? await this.queryBus.execute(new GetDocumentPreviewQuery(slug, null))
      : null;
    if (!image || !(await this.blobs.stat(image.blobKey)))
      throw new ApiError(404, 'DOCUMENT.PREVIEW_NOT_FOUND');
    let made = this.shareImages.get(image.blobKey);
    if (!made) {
      made = this.blobs.get(image.blobKey).then(async (stream) => {
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
        return documentShareImage(Buffer.concat(chunks));
      });
      made.catch(() => this.shareImages.delete(image.blobKey));
      this.shareImages.set(image.blobKey, made);
      const oldest = this.shareImages.keys().next().value;
      if (this.shareImages.size > SHARE_IMAGES_KEPT && oldest !== undefined) this.shareImages.delete(oldest);
    }
    const jpeg = await made;
    // The address names the preview's version (?v=), so a changed preview is a new address.
    void reply.header('Cache-Control', 'public, max-age=86400');
    return new StreamableFile(jpeg, { type: 'image/jpeg', length: jpeg.length, disposition: 'inline' });
  }
}
