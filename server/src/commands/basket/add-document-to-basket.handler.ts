import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { basketDecider, basketDocumentFacts } from '../../domain/basket/basket.decider';
import { documentDecider } from '../../domain/catalogue/document.decider';
import type { FeeRates } from '../../domain/shared/fees';
import { basketStreamId } from '../../events/basket.events';
import { documentStreamId } from '../../events/document.events';
import { AggregateStore, type CommandResult } from '../shared/aggregate-store';
import { AddDocumentToBasketCommand } from './add-document-to-basket.command';
import { FEE_RATES } from '../../config/fee-rates.token';

/** Reads the document from its own stream (the authority on price and publication), then decides on the basket. */
@CommandHandler(AddDocumentToBasketCommand)
export class AddDocumentToBasketHandler implements ICommandHandler<
  AddDocumentToBasketCommand,
  CommandResult
> {
  constructor(
    private readonly aggregates: AggregateStore,
    @Inject(FEE_RATES) private readonly rates: FeeRates,
  ) {}

  async execute({
    basketId,
    documentId,
    context,
    commandId,
  }: AddDocumentToBasketCommand): Promise<CommandResult> {
    const { state } = await this.aggregates.load(documentStreamId(documentId), documentDecider);
    const document = basketDocumentFacts(documentId, state);
    return this.aggregates.handle(
      basketStreamId(basketId),
      basketDecider,
      { type: 'AddDocumentToBasket', data: { basketId, document, rates: this.rates }, context },
      commandId,
      // The client asked for this document in this basket; price and rates are what the server read.
      { type: 'AddDocumentToBasket', basketId, documentId },
    );
  }
}
