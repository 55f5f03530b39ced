import { Controller, Get, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SearchDocumentsQuery, type SearchResult } from '../../queries/search/search-documents.query';
import { Public } from '../auth/auth.decorators';
import { parseSearchParameters } from './search-parameters';

/**
 * Each answer's JSON, written once per result: the query handler answers a repeated search with the
 * very result it cached, so a popular search is not serialized again on every request (the 16 KB of
 * a page of results were the largest cost of a cached search). Forgotten with the result.
 */
const serialized = new WeakMap<SearchResult, string>();

function json(result: SearchResult): string {
  let body = serialized.get(result);
  if (body === undefined) serialized.set(result, (body = JSON.stringify(result)));
  return body;
}

/** The one search endpoint (docs/api.md, "Search"). */
@Public()
@Controller()
export class SearchController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('documents')
  async search(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const criteria = parseSearchParameters((request.query ?? {}) as Record<string, unknown>);
    const result = await this.queryBus.execute(new SearchDocumentsQuery(criteria));
    void reply.type('application/json; charset=utf-8');
    return json(result);
  }
}
