import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
} from 'class-validator';
import { REFUND_REASON_MAX_LENGTH } from '../../domain/purchase/purchase.decider';
import { IsText, msg } from '../validation/validation';

/**
 * POST /api/admin/purchases/:purchaseId/refunds: the documents to refund (absent: every one not yet
 * refunded), or the payment owed back by its `transactionId`; and the reason.
 */
export class RefundPurchaseDto {
  @IsUUID('all', { each: true, ...msg('VALIDATION.INVALID_ID') })
  @ArrayMaxSize(200, msg('VALIDATION.MAX_ITEMS', { 0: 200 }))
  @ArrayMinSize(1, msg('VALIDATION.REQUIRED'))
  @IsArray(msg('VALIDATION.REQUIRED'))
  @IsOptional()
  documentIds?: string[];

  @IsText(100)
  @IsOptional()
  transactionId?: string;

  @IsString(msg('VALIDATION.REQUIRED'))
  @MaxLength(REFUND_REASON_MAX_LENGTH, msg('VALIDATION.MAX_LENGTH', { 0: REFUND_REASON_MAX_LENGTH }))
  reason = '';
}
