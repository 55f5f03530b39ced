import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  APPLICABLE_LAWS,
  DOCUMENT_LANGUAGES,
  FIELDS_OF_LAW,
  FILE_FORMATS,
} from '../../domain/catalogue/catalogue-codes';
import type { DocumentDetail } from '../../queries/catalogue/document.views';
import { GetDocumentQuery } from '../../queries/catalogue/get-document.query';
import { ApiError } from '../errors/api-error';
import { Public } from '../auth/auth.decorators';

const SLUG = /^[a-z0-9-]{1,160}$/;

/** Public catalogue: the search form's codes and document pages (search itself: api/search). */
@Public()
@Controller()
export class CatalogueController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('catalogue/options')
  options() {
    return {
      fieldsOfLaw: FIELDS_OF_LAW,
      languages: DOCUMENT_LANGUAGES,
      applicableLaws: APPLICABLE_LAWS,
      formats: FILE_FORMATS,
    };
  }

  @Get('documents/:slug')
  async document(@Param('slug') slug: string): Promise<DocumentDetail> {
    const found = SLUG.test(slug) ? await this.queryBus.execute(new GetDocumentQuery(slug)) : null;
    if (!found) throw new ApiError(404, 'DOCUMENT.NOT_FOUND');
    return found;
  }
}
