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
