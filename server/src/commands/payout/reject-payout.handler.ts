import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { payoutBatchesDecider } from '../../domain/payout/payout-batches.decider';
import { payoutsDecider } from '../../domain/payout/payouts.decider';
import { DomainError } from '../../domain/shared/domain-error';
import { PAYOUT_BATCHES_STREAM, type PayoutWithdrawn } from '../../events/payout-batch.events';
import { payoutsStreamId } from '../../events/payout.events';
import type { LogPosition } from '../../infrastructure/event-store/event-store.port';
import { AggregateStore } from '../shared/aggregate-store';
import { withRetriesOnConflict } from './conflict-retries';
import { RejectPayoutCommand } from './reject-payout.command';

/**
 * A rejection takes the payout out of the payout files first, on the `payout-batches` stream (where an
 * export would have to take it: the two are serialised there), then returns its amount on the uploader's
 * stream. Once withdrawn, a repeated rejection finishes the second step.
 */
@CommandHandler(RejectPayoutCommand)
export class RejectPayoutHandler implements ICommandHandler<
  RejectPayoutCommand,
  { position: LogPosition | null }
> {
  constructor(private readonly aggregates: AggregateStore) {}

  async execute(command: RejectPayoutCommand): Promise<{ position: LogPosition | null }> {
    const { payoutId, uploaderId, context } = command;
    const { state } = await this.aggregates.load(payoutsStreamId(uploaderId), payoutsDecider);
    const payout = state.payouts[payoutId];
    if (!payout) throw new DomainError('PAYOUT.NOT_FOUND');
    if (payout.status === 'executed') throw new DomainError('PAYOUT.ALREADY_EXECUTED');
    if (payout.status === 'rejected') throw new DomainError('PAYOUT.ALREADY_REJECTED');

    let withdrawn: PayoutWithdrawn['data'];
    try {
      const result = await this.aggregates.handle(PAYOUT_BATCHES_STREAM, payoutBatchesDecider, {
        type: 'WithdrawPayout',
        data: {
          payoutId,
          uploaderId,
          reason: command.reason,
          bankDidNotPayConfirmed: command.bankDidNotPayConfirmed,
        },
        context,
      });
      withdrawn = result.events[0]!.data as PayoutWithdrawn['data'];
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'PAYOUT.ALREADY_REJECTED')) throw error;
      const { recorded } = await this.aggregates.load(PAYOUT_BATCHES_STREAM, payoutBatchesDecider);
      withdrawn = recorded.find(
        (r) => r.type === 'PayoutWithdrawn' && (r.data as { payoutId: string }).payoutId === payoutId,
      )!.data as PayoutWithdrawn['data'];
    }
    const result = await withRetriesOnConflict(() =>
      this.aggregates.handle(
        payoutsStreamId(uploaderId),
        payoutsDecider,
        {
          type: 'RejectPayout',
          data: {
            payoutId,
            uploaderId,
            reason: withdrawn.reason,
            batchId: withdrawn.batchId,
            messageId: withdrawn.messageId,
          },
          context: { actorId: withdrawn.withdrawnBy, now: new Date(withdrawn.withdrawnAt) },
        },
        `withdrawn/${payoutId}`,
      ),
    );
    return { position: result.position };
  }
}
