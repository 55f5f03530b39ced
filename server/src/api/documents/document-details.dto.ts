import { Type } from 'class-transformer';
import {
  Allow,
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import type { DocumentDetails } from '../../events/document.events';
import {
  MY_DOCUMENT_FILTERS,
  type MyDocumentFilter,
} from '../../queries/my-documents/list-my-documents.query';
import { msg } from '../validation/validation';

const text = msg('VALIDATION.INVALID_VALUE');
/** My documents is one list; 50 rows a page is more than most uploaders have. */
const MAX_PAGE_SIZE = 50;
const required = msg('VALIDATION.REQUIRED');

export class AuthorDto {
  @IsString(text) @IsDefined(required) firstName!: string;
  @IsString(text) @IsDefined(required) lastName!: string;
}

/**
 * The document's details (SPEC §2 Upload/Edit document). Only shapes are checked here; lengths, codes,
 * the year and the price (0 = free, at most 1000 €) are the domain's rules (validateDocumentDetails),
 * so every message is the same for every caller.
 */
export class DocumentDetailsDto {
  @IsString(text) @IsDefined(required) title!: string;
  @IsString(text) @IsDefined(required) description!: string;

  /** The author when the uploader is not; null or absent when they are. */
  @ValidateNested()
  @Type(() => AuthorDto)
  @IsOptional()
  author?: AuthorDto | null;

  @IsString(text) @IsDefined(required) language!: string;
  @IsString(text) @IsDefined(required) fieldOfLaw!: string;
  @IsString(text) @IsDefined(required) applicableLaw!: string;

  @IsString({ ...text, each: true })
  @IsArray(text)
  @IsOptional()
  tags?: string[];

  /** Checked by the domain (a whole number between 1900 and next year). */
  @Allow() @IsDefined(required) year!: number;
  /** Cents, VAT included; 0 = free. Checked by the domain. */
  @Allow() @IsDefined(required) price!: number;
}

export function toDocumentDetails(dto: DocumentDetailsDto): DocumentDetails {
  const trim = (value: string) => value.trim();
  return {
    title: trim(dto.title),
    description: trim(dto.description),
    author: dto.author
      ? { firstName: trim(dto.author.firstName), lastName: trim(dto.author.lastName) }
      : null,
    language: dto.language as DocumentDetails['language'],
    fieldOfLaw: dto.fieldOfLaw as DocumentDetails['fieldOfLaw'],
    applicableLaw: dto.applicableLaw as DocumentDetails['applicableLaw'],
    tags: (dto.tags ?? []).map(trim).filter((tag) => tag !== ''),
    year: dto.year,
    price: dto.price,
  };
}

export class ChooseMainFileDto {
  @IsUUID('all', msg('VALIDATION.INVALID_ID')) @IsDefined(required) fileId!: string;
}

/** Query string of GET /api/my/documents. */
export class ListMyDocumentsDto {
  @IsOptional()
  @IsIn(MY_DOCUMENT_FILTERS, msg('VALIDATION.INVALID_CHOICE'))
  filter?: MyDocumentFilter;

  @IsOptional()
  @MaxLength(200, msg('VALIDATION.MAX_LENGTH', { 0: 200 }))
  @IsString(text)
  q?: string;

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

/** Query string of GET /api/my/price-split. */
export class PriceSplitDto {
  @Type(() => Number)
  @Max(100_000, msg('VALIDATION.PRICE_ABOVE_MAXIMUM', { 0: 1000 }))
  @Min(0, msg('VALIDATION.MIN_VALUE', { 0: 0 }))
  @IsInt(msg('VALIDATION.NOT_NUMBER'))
  @IsDefined(required)
  price!: number;
}
