import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min } from 'class-validator';
import {
  APPLICABLE_LAWS,
  DOCUMENT_LANGUAGES,
  FIELDS_OF_LAW,
  FILE_FORMATS,
} from '../../domain/catalogue/catalogue-codes';
import { SEARCH_SORTS, type SearchSort } from '../../queries/search/search-documents.query';
import { msg } from '../validation/validation';

export const MAX_PAGE_SIZE = 50;
export const DEFAULT_PAGE_SIZE = 20;
const MAX_TEXT = 200;

/**
 * Query string of GET /api/documents (docs/api.md). class-validator checks the lowest decorator first, so
 * each type check sits last: "abc" is reported as not a number, not as out of range.
 */
export class SearchDocumentsDto {
  @IsOptional()
  @MaxLength(MAX_TEXT, msg('VALIDATION.MAX_LENGTH', { 0: MAX_TEXT }))
  @IsString(msg('VALIDATION.INVALID_VALUE'))
  q?: string;

  @IsOptional()
  @MaxLength(MAX_TEXT, msg('VALIDATION.MAX_LENGTH', { 0: MAX_TEXT }))
  @IsString(msg('VALIDATION.INVALID_VALUE'))
  title?: string;

  @IsOptional()
  @MaxLength(MAX_TEXT, msg('VALIDATION.MAX_LENGTH', { 0: MAX_TEXT }))
  @IsString(msg('VALIDATION.INVALID_VALUE'))
  author?: string;

  @IsOptional()
  @Type(() => Number)
  @Max(2100, msg('VALIDATION.MAX_VALUE', { 0: 2100 }))
  @Min(1900, msg('VALIDATION.MIN_VALUE', { 0: 1900 }))
  @IsInt(msg('VALIDATION.NOT_NUMBER'))
  year?: number;

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
  @IsIn(FILE_FORMATS, msg('VALIDATION.INVALID_CHOICE'))
  format?: string;

  @IsOptional()
  @IsUUID('all', msg('VALIDATION.INVALID_ID'))
  uploaderId?: string;

  @IsOptional()
  @IsIn(SEARCH_SORTS, msg('VALIDATION.INVALID_CHOICE'))
  sort?: SearchSort;

  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{1,600}$/, msg('SEARCH.INVALID_CURSOR'))
  @IsString(msg('SEARCH.INVALID_CURSOR'))
  cursor?: string;

  @IsOptional()
  @Type(() => Number)
  @Max(MAX_PAGE_SIZE, msg('VALIDATION.MAX_VALUE', { 0: MAX_PAGE_SIZE }))
  @Min(1, msg('VALIDATION.MIN_VALUE', { 0: 1 }))
  @IsInt(msg('VALIDATION.NOT_NUMBER'))
  limit?: number;
}

/** Every parameter the search takes; any other is refused by name. */
export const SEARCH_PARAMETERS: ReadonlySet<string> = new Set([
  'q',
  'title',
  'author',
  'year',
  'fieldOfLaw',
  'language',
  'applicableLaw',
  'format',
  'uploaderId',
  'sort',
  'cursor',
  'limit',
]);
