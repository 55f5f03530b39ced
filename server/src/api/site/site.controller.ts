import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Controller, Get, Header, Inject, Param, Res, StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import {
  CataloguePositionQuery,
  type SitemapCatalogue,
  SitemapQuery,
} from '../../queries/catalogue/sitemap.query';
import { Public } from '../auth/auth.decorators';
import { CLIENT_ROUTES_FILE } from '../client-app/client-app';
import { ApiError } from '../errors/api-error';
import { siteShareImage } from '../catalogue/share-image';
import { robotsTxt, type SiteRoutes, sitemapSectionXml, sitemapXml } from './sitemap';

/** The site's files outside /api (create-app.ts keeps them out of the API's prefix). */
export const SITE_PATHS = ['robots.txt', 'sitemap.xml', 'sitemaps/:file'] as const;

const SITEMAP_FILE = /^(pages|documents)(-\d{1,6})?\.xml$/;
const XML = 'application/xml; charset=utf-8';

/**
 * What search engines and link previews read besides the pages: /robots.txt, /sitemap.xml (from the
 * catalogue projection, current with it: a sitemap is made again once the catalogue has moved) and the
 * site's image for shared links.
 */
@Public()
@Controller()
export class SiteController {
  private readonly siteUrl: string;
  private catalogue: SitemapCatalogue | null = null;
  private shareImage: Promise<Buffer> | null = null;

  constructor(
    private readonly queryBus: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.siteUrl = new URL(config.publicUrl).origin;
  }

  @Get('robots.txt')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  robots(): string {
    return robotsTxt(this.siteUrl);
  }

  @Get('sitemap.xml')
  @Header('Content-Type', XML)
  @Header('Cache-Control', 'no-cache')
  async sitemap(): Promise<string> {
    return sitemapXml(await this.sitemapInput());
  }

  @Get('sitemaps/:file')
  @Header('Content-Type', XML)
  @Header('Cache-Control', 'no-cache')
  async sitemapSection(@Param('file') file: string): Promise<string> {
    const xml = SITEMAP_FILE.test(file) ? sitemapSectionXml(await this.sitemapInput(), file) : null;
    if (xml === null) throw new ApiError(404, 'ERROR.NOT_FOUND');
    return xml;
  }

  /** The image a shared link to a page other than a document shows (og:image, 1200×630). */
  @Get('site/share-image')
  @Header('X-Content-Type-Options', 'nosniff')
  async siteImage(@Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    this.shareImage ??= siteShareImage();
    const png = await this.shareImage;
    void reply.header('Cache-Control', 'public, max-age=86400');
    return new StreamableFile(png, { type: 'image/png', length: png.length, disposition: 'inline' });
  }

  /** The published documents and the client's route table; the documents read again once the catalogue moved. */
  private async sitemapInput() {
    const site = readSiteRoutes(this.config.clientDistDir);
    if (!site) throw new ApiError(404, 'ERROR.NOT_FOUND');
    const position = await this.queryBus.execute(new CataloguePositionQuery());
    if (this.catalogue === null || this.catalogue.position !== position) {
      this.catalogue = await this.queryBus.execute(new SitemapQuery());
    }
    return {
      siteUrl: this.siteUrl,
      site: site.routes,
      documents: this.catalogue.documents,
      pagesChangedAt: site.builtAt,
    };
  }
}

/** The client build's route table and public pages, and when it was built; null without a build. */
function readSiteRoutes(distDir: string): { routes: SiteRoutes; builtAt: string } | null {
  const file = join(distDir, CLIENT_ROUTES_FILE);
  if (!existsSync(file)) return null;
  const { routes = {}, publicPages = [] } = JSON.parse(readFileSync(file, 'utf8')) as Partial<SiteRoutes>;
  return { routes: { routes, publicPages }, builtAt: statSync(file).mtime.toISOString() };
}
