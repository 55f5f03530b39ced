import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../domain/shared/command';
import type { LogPosition } from '../../infrastructure/event-store/event-store.port';

/**
 * The admin rejects a requested payout: it leaves the payout files for good (with the admin's word that
 * the bank did not pay it, when it was in an exported batch), then its amount returns to the balance.
 */
export class RejectPayoutCommand extends Command<{ readonly position: LogPosition | null }> {
  constructor(
    readonly payoutId: string,
    readonly uploaderId: string,
    readonly reason: string,
    readonly bankDidNotPayConfirmed: boolean,
    readonly context: CommandContext,
  ) {
    super();
  }
}
