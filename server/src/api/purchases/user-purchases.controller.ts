import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ListPurchasesQuery } from '../../queries/purchases/list-purchases.query';
import { type AuthenticatedUser, CurrentUser } from '../auth/current-user.decorator';
import { ListPurchasesDto } from './list-purchases.dto';
import { type PurchaseListItem, toPurchaseListItem } from './purchase-list-item';

export interface PurchaseListPage {
  readonly items: readonly PurchaseListItem[];
  readonly total: number;
  readonly offset: number;
  readonly limit: number;
}

/** My purchases: what the signed-in buyer bought while signed in, newest first. */
@Controller('user/purchases')
export class UserPurchasesController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  async list(
    @CurrentUser() user: AuthenticatedUser,
    @Query() query: ListPurchasesDto,
  ): Promise<PurchaseListPage> {
    const page = await this.queryBus.execute(
      new ListPurchasesQuery({
        buyerId: user.userId,
        status: query.status,
        documentId: query.documentId,
        offset: query.offset ?? 0,
        limit: query.limit ?? 20,
      }),
    );
    return { ...page, items: page.items.map(toPurchaseListItem) };
  }
}
