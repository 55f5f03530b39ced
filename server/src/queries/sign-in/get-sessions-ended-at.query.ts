import { Query } from '@nestjs/cqrs';

/** When the user's sign-ins were last ended (ISO-8601), or null. */
export class GetSessionsEndedAtQuery extends Query<string | null> {
  constructor(readonly userId: string) {
    super();
  }
}
