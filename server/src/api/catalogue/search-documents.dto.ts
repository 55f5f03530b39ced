import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { APPLICABLE_LAWS, DOCUMENT_LANGUAGES, FIELDS_OF_LAW } from '../../domain/catalogue/catalogue-codes';
import { SEARCH_SORTS, type SearchSort } from '../../queries/catalogue/search-documents.query';
import { msg } from '../validation/validation';

export const MAX_PAGE_SIZE = 50;

/**
 * Query string of GET /api/documents (docs/api.md). class-validator checks the lowest decorator first, so
 * each type check sits last: "abc" is reported as not a number, not as out of range.
 */
export class SearchDocumentsDto {
  @IsOptional()
  @MaxLength(200, msg('VALIDATION.MAX_LENGTH', { 0: 200 }))
  @IsString(msg('VALIDATION.INVALID_VALUE'))
  q?: string;

  @IsOptional()
  @IsIn(FIELDS_OF_LAW, msg('VALIDATION.INVALID_CHOICE'))
  fieldOfLaw?: string;

  @IsOptional()
  @IsIn(DOCUMENT_LANGUAGES, msg('VALIDATION.INVALID_CHOICE'))
  language?: string;

  @IsOptional()
  @IsIn(APPLICABLE_LAWS, msg('VALIDATION.INVALID_CHOICE'))
  applicableLaw?: string;

  @IsOptional()
  @IsUUID('all', msg('VALIDATION.INVALID_ID'))
  uploaderId?: string;

  @IsOptional()
  @IsIn(SEARCH_SORTS, msg('VALIDATION.INVALID_CHOICE'))
  sort?: SearchSort;

  @IsOptional()
  @Type(() => Number)
  @Max(100_000, msg('VALIDATION.MAX_VALUE', { 0: 100_000 }))
  @Min(0, msg('VALIDATION.MIN_VALUE', { 0: 0 }))
  @IsInt(msg('VALIDATION.NOT_NUMBER'))
  offset?: number;

  @IsOptional()
  @Type(() => Number)
  @Max(MAX_PAGE_SIZE, msg('VALIDATION.MAX_VALUE', { 0: MAX_PAGE_SIZE }))
  @Min(1, msg('VALIDATION.MIN_VALUE', { 0: 1 }))
  @IsInt(msg('VALIDATION.NOT_NUMBER'))
  limit?: number;
}
