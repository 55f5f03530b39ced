import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { searchTerms } from '../../domain/catalogue/search-text';
import { type Filter, READ_STORE, type ReadStore } from '../../infrastructure/read-store/read-store.port';
import { USERS_COLLECTION, type UserView } from '../../projections/users/users.read-model';
import { ListUsersQuery, type ListUsersResult } from './list-users.query';
import { toAdminUser } from './user.views';

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

@QueryHandler(ListUsersQuery)
export class ListUsersHandler implements IQueryHandler<ListUsersQuery, ListUsersResult> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ criteria }: ListUsersQuery): Promise<ListUsersResult> {
    const users = this.readStore.collection<UserView>(USERS_COLLECTION);
    const terms = criteria.q ? searchTerms(criteria.q) : [];
    const filter: Filter =
      terms.length > 0 ? { $and: terms.map((term) => ({ searchText: { $regex: escapeRegex(term) } })) } : {};
    const [items, total] = await Promise.all([
      users.find(filter, { sort: { createdAt: -1, _id: 1 }, skip: criteria.offset, limit: criteria.limit }),
      users.count(filter),
    ]);
    const adminEmails = this.config.identity.adminEmails;
    return {
      items: items.map((user) => toAdminUser(user, adminEmails)),
      total,
      offset: criteria.offset,
      limit: criteria.limit,
    };
  }
}
