import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { payoutBatchesDecider } from '../../domain/payout/payout-batches.decider';
import { payoutsDecider } from '../../domain/payout/payouts.decider';
import { DomainError } from '../../domain/shared/domain-error';
import {
  PAYOUT_BATCHES_STREAM,
  type PayoutBatchExecuted,
  type PayoutBatchExported,
} from '../../events/payout-batch.events';
import { payoutsStreamId } from '../../events/payout.events';
import type { LogPosition } from '../../infrastructure/event-store/event-store.port';
import { AggregateStore } from '../shared/aggregate-store';
import { withRetriesOnConflict } from './conflict-retries';
import { ExecutePayoutBatchCommand } from './execute-payout-batch.command';

/**
 * Records the bank's execution of a batch on the `payout-batches` stream, then each of its payouts as
 * executed on its uploader's stream (the ledger books them there). The second step is idempotent (one
 * command id per batch and payout): when it was cut short, marking the batch executed again on the same
 * date finishes it; another date is refused (PAYOUT_BATCH.ALREADY_EXECUTED).
 */
@CommandHandler(ExecutePayoutBatchCommand)
export class ExecutePayoutBatchHandler implements ICommandHandler<
  ExecutePayoutBatchCommand,
  { position: LogPosition | null }
> {
  constructor(private readonly aggregates: AggregateStore) {}

  async execute({ batchId, executionDate, context }: ExecutePayoutBatchCommand): Promise<{
    position: LogPosition | null;
  }> {
    let position: LogPosition | null = null;
    let executed: PayoutBatchExecuted['data'];
    try {
      const result = await this.aggregates.handle(PAYOUT_BATCHES_STREAM, payoutBatchesDecider, {
        type: 'ExecutePayoutBatch',
        data: { batchId, executionDate },
        context,
      });
      position = result.position;
      executed = result.events[0]!.data as PayoutBatchExecuted['data'];
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'PAYOUT_BATCH.ALREADY_EXECUTED')) throw error;
      executed = (await this.recorded(batchId, 'PayoutBatchExecuted')) as PayoutBatchExecuted['data'];
      // The same mark again is a retry (it finishes what a cut-short one left); another date is not.
      if (executed.executionDate !== executionDate) throw error;
    }
    const exported = (await this.recorded(batchId, 'PayoutBatchExported')) as PayoutBatchExported['data'];
    const uploaderOf = new Map(exported.payouts.map((p) => [p.payoutId, p.uploaderId]));
    for (const payoutId of executed.payoutIds) {
      const uploaderId = uploaderOf.get(payoutId)!;
      const result = await withRetriesOnConflict(() =>
        this.aggregates.handle(
          payoutsStreamId(uploaderId),
          payoutsDecider,
          {
            type: 'ExecutePayout',
            data: {
              payoutId,
              uploaderId,
              executionDate: executed.executionDate,
              batchId,
              messageId: executed.messageId,
            },
            context: { actorId: executed.executedBy, now: new Date(executed.executedAt) },
          },
          `${batchId}/executed/${payoutId}`,
        ),
      );
      if (result.position !== null && (position === null || result.position > position))
        position = result.position;
    }
    return { position };
  }

  private async recorded(batchId: string, type: string): Promise<unknown> {
    const { recorded } = await this.aggregates.load(PAYOUT_BATCHES_STREAM, payoutBatchesDecider);
    const event = recorded.find(
      (r) => r.type === type && (r.data as { batchId?: string }).batchId === batchId,
    );
    if (!event) throw new DomainError('PAYOUT_BATCH.NOT_FOUND');
    return event.data;
  }
}
