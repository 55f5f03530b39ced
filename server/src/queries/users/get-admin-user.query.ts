import { Query } from '@nestjs/cqrs';
import type { AdminUser } from './user.views';

/** One product user as the admin list shows them; null when there is no such user. */
export class GetAdminUserQuery extends Query<AdminUser | null> {
  constructor(readonly userId: string) {
    super();
  }
}
