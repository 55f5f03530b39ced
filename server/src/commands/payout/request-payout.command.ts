import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../domain/shared/command';
import type { Cents } from '../../domain/shared/money';
import type { CommandResult } from '../shared/aggregate-store';

/** The uploader asks for a payout of `amount` to their bank account. */
export class RequestPayoutCommand extends Command<CommandResult> {
  constructor(
    readonly request: {
      readonly payoutId: string;
      readonly uploaderId: string;
      readonly iban: string;
      readonly accountHolder: string;
      /** The uploader's declaration that the account is in their name. */
      readonly accountHolderDeclared: boolean;
      readonly amount: Cents;
    },
    readonly context: CommandContext,
    readonly commandId?: string,
  ) {
    super();
  }
}

/** What a payout request would record, decided by the same rules, without recording it. */
export interface PayoutRequestCheck {
  readonly iban: string;
  readonly accountHolder: string;
  /** The name as the bank file writes it (the SEPA character set). */
  readonly accountHolderLatin: string | null;
  readonly amount: Cents;
  readonly transferFee: Cents;
  readonly netAmount: Cents;
}

/**
 * Checks a payout request before the uploader confirms it (the IBAN, the account holder's name rule, the
 * declaration, the amount against the balance): the same decision as RequestPayoutCommand, nothing written.
 */
export class CheckPayoutRequestCommand extends Command<PayoutRequestCheck> {
  constructor(
    readonly request: RequestPayoutCommand['request'],
    readonly context: CommandContext,
  ) {
    super();
  }
}
