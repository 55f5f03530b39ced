import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { ACCOUNT_GROUPS, type AccountGroup, MOVEMENTS } from '../../domain/ledger/accounts';
import type { PayoutStatus } from '../../domain/payout/payouts.decider';
import { SEPA_FORMATS, type SepaFormat } from '../../domain/payout/sepa-file';
import { IsFlag, msg } from '../validation/validation';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A period of days, both ends included; each end optional (docs/api.md "Periods"). */
export class PeriodDto {
  @Matches(DAY, msg('VALIDATION.INVALID_DATE'))
  @IsString(msg('VALIDATION.INVALID_DATE'))
  @IsOptional()
  from?: string;

  @Matches(DAY, msg('VALIDATION.INVALID_DATE'))
  @IsString(msg('VALIDATION.INVALID_DATE'))
  @IsOptional()
  to?: string;
}

export class PageDto {
  @Min(0, msg('VALIDATION.MIN_VALUE', { 0: 0 }))
  @IsInt(msg('VALIDATION.NOT_NUMBER'))
  @Type(() => Number)
  @IsOptional()
  offset?: number;

  @Max(200, msg('VALIDATION.MAX_VALUE', { 0: 200 }))
  @Min(1, msg('VALIDATION.MIN_VALUE', { 0: 1 }))
  @IsInt(msg('VALIDATION.NOT_NUMBER'))
  @Type(() => Number)
  @IsOptional()
  limit?: number;
}

/** POST /api/uploaders/:uploaderId/payouts body. */
export class RequestPayoutDto {
  @MaxLength(50, msg('VALIDATION.MAX_LENGTH', { 0: 50 }))
  @IsString(msg('VALIDATION.REQUIRED'))
  @IsDefined(msg('VALIDATION.REQUIRED'))
  iban!: string;

  @MaxLength(200, msg('VALIDATION.MAX_LENGTH', { 0: 200 }))
  @IsString(msg('VALIDATION.REQUIRED'))
  @IsDefined(msg('VALIDATION.REQUIRED'))
  accountHolder!: string;

  /** The uploader's declaration that the account is in their own name (docs/decisions/account-holder-name.md). */
  @IsFlag()
  @IsOptional()
  accountHolderDeclared?: boolean;

  @Min(1, msg('VALIDATION.MIN_VALUE', { 0: 1 }))
  @IsInt(msg('VALIDATION.NOT_NUMBER'))
  @IsDefined(msg('VALIDATION.REQUIRED'))
  amount!: number;
}

export class ListPayoutsDto extends PageDto {
  @IsIn(['requested', 'executed', 'rejected'], msg('VALIDATION.INVALID_CHOICE'))
  @IsOptional()
  status?: PayoutStatus;
}

/** POST /api/admin/payout-batches/:batchId/execute body: the bank's execution date. */
export class ExecutePayoutBatchDto {
  @IsString(msg('VALIDATION.INVALID_DATE'))
  @IsDefined(msg('VALIDATION.REQUIRED'))
  executionDate!: string;
}

export class RejectPayoutDto {
  @MaxLength(2000, msg('VALIDATION.MAX_LENGTH', { 0: 2000 }))
  @IsString(msg('VALIDATION.REQUIRED'))
  @IsDefined(msg('VALIDATION.REQUIRED'))
  reason!: string;

  /** The admin's word that the bank did not pay it, needed when the payout is in an exported file. */
  @IsFlag()
  @IsOptional()
  bankDidNotPayConfirmed?: boolean;
}

export class ListPayoutBatchesDto extends PageDto {
  @IsIn(['exported', 'executed'], msg('VALIDATION.INVALID_CHOICE'))
  @IsOptional()
  status?: 'exported' | 'executed';
}

/** POST /api/admin/payouts/sepa body. */
export class SepaExportDto {
  @IsUUID('all', { each: true, ...msg('VALIDATION.INVALID_ID') })
  @ArrayMaxSize(500, msg('VALIDATION.MAX_ITEMS', { 0: 500 }))
  @ArrayMinSize(1, msg('VALIDATION.REQUIRED'))
  @IsArray(msg('VALIDATION.REQUIRED'))
  payoutIds!: string[];

  @IsIn(SEPA_FORMATS, msg('VALIDATION.INVALID_CHOICE'))
  @IsOptional()
  format?: SepaFormat;

  @Matches(DAY, msg('VALIDATION.INVALID_DATE'))
  @IsString(msg('VALIDATION.INVALID_DATE'))
  @IsDefined(msg('VALIDATION.REQUIRED'))
  executionDate!: string;
}

export class JournalDto extends PageDto {
  @Matches(DAY, msg('VALIDATION.INVALID_DATE'))
  @IsOptional()
  from?: string;

  @Matches(DAY, msg('VALIDATION.INVALID_DATE'))
  @IsOptional()
  to?: string;

  @IsIn(ACCOUNT_GROUPS, msg('VALIDATION.INVALID_CHOICE'))
  @IsOptional()
  group?: AccountGroup;

  @IsIn(ACCOUNT_GROUPS.flatMap((g) => MOVEMENTS.map((m) => `${g}|${m}`)), msg('VALIDATION.INVALID_CHOICE'))
  @IsOptional()
  movement?: string;

  @IsUUID('all', msg('VALIDATION.INVALID_ID'))
  @IsOptional()
  payoutId?: string;

  @IsUUID('all', msg('VALIDATION.INVALID_ID'))
  @IsOptional()
  purchaseId?: string;

  @MaxLength(255, msg('VALIDATION.MAX_LENGTH', { 0: 255 }))
  @IsOptional()
  uploaderId?: string;
}

/** PUT /api/admin/users/:userId/accountant body. */
export class SetAccountantRoleDto {
  @IsFlag()
  @IsDefined(msg('VALIDATION.REQUIRED'))
  isAccountant!: boolean;
}

/** A VAT return's month, `YYYY-MM` (the current month when not given). */
export class VatMonthDto {
  @Matches(/^\d{4}-(0[1-9]|1[0-2])$/, msg('VALIDATION.INVALID_VALUE'))
  @IsString(msg('VALIDATION.INVALID_VALUE'))
  @IsOptional()
  month?: string;
}

/** The OSS return's quarter, `YYYY-Qn` (the current quarter when not given). */
export class VatQuarterDto {
  @Matches(/^\d{4}-Q[1-4]$/, msg('VALIDATION.INVALID_VALUE'))
  @IsString(msg('VALIDATION.INVALID_VALUE'))
  @IsOptional()
  quarter?: string;
}
