import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { msg } from '../validation/validation';

/** Paging (1..50, default 20) and, for admins, free text, a status and refunds owed. */
export class ListPurchasesDto {
  @MaxLength(200, msg('VALIDATION.MAX_LENGTH', { 0: 200 }))
  @IsString(msg('VALIDATION.INVALID_VALUE'))
  @IsOptional()
  q?: string;

  @IsIn(['pending', 'paid', 'canceled'], msg('VALIDATION.INVALID_CHOICE'))
  @IsOptional()
  status?: 'pending' | 'paid' | 'canceled';

  /** Admins: `due` lists only purchases with a payment owed back, `refunded` those refunded whole or in part. */
  @IsIn(['due', 'refunded'], msg('VALIDATION.INVALID_CHOICE'))
  @IsOptional()
  refund?: 'due' | 'refunded';

  /** Only purchases of this document (My purchases: "You have bought this" on its page). */
  @IsUUID('all', msg('VALIDATION.INVALID_ID'))
  @IsOptional()
  documentId?: string;

  @Min(0, msg('VALIDATION.MIN_VALUE', { 0: 0 }))
  @IsInt(msg('VALIDATION.NOT_NUMBER'))
  @Type(() => Number)
  @IsOptional()
  offset?: number;

  @Max(50, msg('VALIDATION.MAX_VALUE', { 0: 50 }))
  @Min(1, msg('VALIDATION.MIN_VALUE', { 0: 1 }))
  @IsInt(msg('VALIDATION.NOT_NUMBER'))
  @Type(() => Number)
  @IsOptional()
  limit?: number;
}
