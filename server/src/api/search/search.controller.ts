import { Controller, Get, Query, Req } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { decodeCursor } from '../../queries/search/search-cursor';
import { SearchDocumentsQuery, type SearchResult } from '../../queries/search/search-documents.query';
import { Public } from '../auth/auth.decorators';
import { ApiError } from '../errors/api-error';
import { DEFAULT_PAGE_SIZE, SEARCH_PARAMETERS, SearchDocumentsDto } from './search-documents.dto';

const blankToUndefined = (text: string | undefined): string | undefined => (text?.trim() ? text : undefined);

/** The one search endpoint (docs/api.md, "Search"). */
@Public()
@Controller()
export class SearchController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('documents')
  search(@Query() query: SearchDocumentsDto, @Req() request: FastifyRequest): Promise<SearchResult> {
    const unknown = Object.keys((request.query ?? {}) as Record<string, unknown>).filter(
      (name) => !SEARCH_PARAMETERS.has(name),
    );
    if (unknown.length > 0) {
      throw new ApiError(
        400,
        'VALIDATION.FORM_HAS_ERRORS',
        Object.fromEntries(unknown.map((name) => [name, [{ key: 'SEARCH.UNKNOWN_PARAMETER' }]])),
      );
    }
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    if (after === null) {
      throw new ApiError(400, 'VALIDATION.FORM_HAS_ERRORS', { cursor: [{ key: 'SEARCH.INVALID_CURSOR' }] });
    }
    return this.queryBus.execute(
      new SearchDocumentsQuery({
        q: blankToUndefined(query.q),
        title: blankToUndefined(query.title),
        author: blankToUndefined(query.author),
        year: query.year,
        language: query.language || undefined,
        fieldOfLaw: query.fieldOfLaw || undefined,
        applicableLaw: query.applicableLaw || undefined,
        format: query.format || undefined,
        uploaderId: query.uploaderId || undefined,
        sort: query.sort,
        after,
        limit: query.limit ?? DEFAULT_PAGE_SIZE,
      }),
    );
  }
}
