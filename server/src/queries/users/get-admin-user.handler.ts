import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { READ_STORE, type ReadStore } from '../../infrastructure/read-store/read-store.port';
import { USERS_COLLECTION, type UserView } from '../../projections/users/users.read-model';
import { GetAdminUserQuery } from './get-admin-user.query';
import { type AdminUser, toAdminUser } from './user.views';

@QueryHandler(GetAdminUserQuery)
export class GetAdminUserHandler implements IQueryHandler<GetAdminUserQuery, AdminUser | null> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ userId }: GetAdminUserQuery): Promise<AdminUser | null> {
    const user = await this.readStore.collection<UserView>(USERS_COLLECTION).findOne({ _id: userId });
    return user ? toAdminUser(user, this.config.identity.adminEmails) : null;
  }
}
