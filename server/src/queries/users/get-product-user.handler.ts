import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { EMPTY_PROFILE_DETAILS } from '../../domain/profile/profile-details';
import { READ_STORE, type ReadStore } from '../../infrastructure/read-store/read-store.port';
import { USERS_COLLECTION, type UserView } from '../../projections/users/users.read-model';
import { GetProductUserQuery } from './get-product-user.query';
import { type ProductUser, toProductUser } from './user.views';

@QueryHandler(GetProductUserQuery)
export class GetProductUserHandler implements IQueryHandler<GetProductUserQuery, ProductUser> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ identity }: GetProductUserQuery): Promise<ProductUser> {
    const user = await this.readStore
      .collection<UserView>(USERS_COLLECTION)
      .findOne({ _id: identity.userId });
    return toProductUser(
      identity,
      user?.profile ?? EMPTY_PROFILE_DETAILS,
      user,
      this.config.identity.adminEmails,
    );
  }
}
