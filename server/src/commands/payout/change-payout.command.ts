import { Command } from '@nestjs/cqrs';
import type { ExecutePayout, RejectPayout } from '../../domain/payout/payouts.decider';
import type { CommandResult } from '../shared/aggregate-store';

/** An admin marks a payout executed or rejects it. */
export class ChangePayoutCommand extends Command<CommandResult> {
  constructor(
    readonly command: ExecutePayout | RejectPayout,
    readonly commandId?: string,
  ) {
    super();
  }
}
