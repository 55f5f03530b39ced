import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { payoutsDecider } from '../../domain/payout/payouts.decider';
import { profileDecider } from '../../domain/profile/profile.decider';
import { payoutsStreamId } from '../../events/payout.events';
import { profileStreamId } from '../../events/profile.events';
import { GetReleasedEarningsQuery } from '../../queries/money/get-released-earnings.query';
import { AggregateStore, type CommandResult } from '../shared/aggregate-store';
import { RequestPayoutCommand } from './request-payout.command';

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
    const { state: profile } = await this.aggregates.load(
      profileStreamId(request.uploaderId),
      profileDecider,
    );
    const payee = profile.registered
      ? { firstName: profile.details.firstName, lastName: profile.details.lastName }
      : { firstName: '', lastName: '' };
    const releasedEarnings = await this.queryBus.execute(
      new GetReleasedEarningsQuery(request.uploaderId, context.now),
    );
    return this.aggregates.handle(
      payoutsStreamId(request.uploaderId),
      payoutsDecider,
      { type: 'RequestPayout', data: { ...request, payee, releasedEarnings }, context },
      commandId,
    );
  }
}
