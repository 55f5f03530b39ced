import { Query } from '@nestjs/cqrs';
import type { AdminUser } from './user.views';

export interface ListUsersCriteria {
  /** Free text over first name, last name and e-mail (folded; every word must match). */
  readonly q?: string;
  readonly offset: number;
  readonly limit: number;
}

export interface ListUsersResult {
  readonly items: readonly AdminUser[];
  readonly total: number;
  readonly offset: number;
  readonly limit: number;
}

/** Product users for the admin list, newest first. */
export class ListUsersQuery extends Query<ListUsersResult> {
  constructor(readonly criteria: ListUsersCriteria) {
    super();
  }
}
