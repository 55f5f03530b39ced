import { Query } from '@nestjs/cqrs';
import type { ProductUser, SignedInIdentity } from './user.views';

/** The signed-in person as a product user; a person without a profile reads with empty names. */
export class GetProductUserQuery extends Query<ProductUser> {
  constructor(readonly identity: SignedInIdentity) {
    super();
  }
}
