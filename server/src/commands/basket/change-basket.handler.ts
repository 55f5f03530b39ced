import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { basketDecider } from '../../domain/basket/basket.decider';
import { basketStreamId } from '../../events/basket.events';
import { AggregateStore, type CommandResult } from '../shared/aggregate-store';
import { ChangeBasket } from './change-basket.command';

@CommandHandler(ChangeBasket)
export class ChangeBasketHandler implements ICommandHandler<ChangeBasket, CommandResult> {
  constructor(private readonly aggregates: AggregateStore) {}

  execute({ command, commandId }: ChangeBasket): Promise<CommandResult> {
    return this.aggregates.handle(basketStreamId(command.data.basketId), basketDecider, command, commandId);
  }
}
