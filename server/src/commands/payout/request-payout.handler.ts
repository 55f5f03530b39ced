import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { payoutsDecider } from '../../domain/payout/payouts.decider';
import { profileDecider } from '../../domain/profile/profile.decider';
import { payoutsStreamId } from '../../events/payout.events';
import { profileStreamId } from '../../events/profile.events';
import { GetReleasedEarningsQuery } from '../../queries/money/get-released-earnings.query';
import { AggregateStore, type CommandResult } from '../shared/aggregate-store';
import type { PayoutRequested } from '../../events/payout.events';
import {
  CheckPayoutRequestCommand,
  type PayoutRequestCheck,
  RequestPayoutCommand,
} from './request-payout.command';

/**
 * Decides a payout request on the uploader's balance stream. The payee's name comes from their profile
 * stream (the authority); the released earnings from the sales read model, which can only lag behind —
 * so the stream's expected revision is what keeps two requests from drawing the same money.
 */
@CommandHandler(RequestPayoutCommand)
export class RequestPayoutHandler implements ICommandHandler<RequestPayoutCommand, CommandResult> {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly queryBus: QueryBus,
  ) {}

  async execute({ request, context, commandId }: RequestPayoutCommand): Promise<CommandResult> {
    return this.aggregates.handle(
      payoutsStreamId(request.uploaderId),
      payoutsDecider,
      await payoutRequestOf(this.aggregates, this.queryBus, request, context),
      commandId,
    );
  }
}

/** The RequestPayout command with the payee's name and the released earnings it is decided on. */
async function payoutRequestOf(
  aggregates: AggregateStore,
  queryBus: QueryBus,
  request: RequestPayoutCommand['request'],
  context: RequestPayoutCommand['context'],
) {
  const { state: profile } = await aggregates.load(profileStreamId(request.uploaderId), profileDecider);
  const payee = profile.registered
    ? { firstName: profile.details.firstName, lastName: profile.details.lastName }
    : { firstName: '', lastName: '' };
  const releasedEarnings = await queryBus.execute(
    new GetReleasedEarningsQuery(request.uploaderId, context.now),
  );
  return { type: 'RequestPayout' as const, data: { ...request, payee, releasedEarnings }, context };
}

/** Decides the request on the stream as it is now and answers what it would record; appends nothing. */
@CommandHandler(CheckPayoutRequestCommand)
export class CheckPayoutRequestHandler implements ICommandHandler<
  CheckPayoutRequestCommand,
  PayoutRequestCheck
> {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly queryBus: QueryBus,
  ) {}

  async execute({ request, context }: CheckPayoutRequestCommand): Promise<PayoutRequestCheck> {
    const command = await payoutRequestOf(this.aggregates, this.queryBus, request, context);
    const { state } = await this.aggregates.load(payoutsStreamId(request.uploaderId), payoutsDecider);
    const [requested] = payoutsDecider.decide(command, state) as PayoutRequested[];
    const { iban, accountHolder, accountHolderLatin, amount, transferFee, netAmount } = requested!.data;
    return { iban, accountHolder, accountHolderLatin, amount, transferFee, netAmount };
  }
}
