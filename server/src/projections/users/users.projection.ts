import { foldForSearch } from '../../domain/catalogue/search-text';
import { registeredDetails } from '../../domain/profile/profile-details';
import type { StoredEvent } from '../../events/domain-event';
import type { ProfileEvent } from '../../events/profile.events';
import type { ProjectionTransaction } from '../../infrastructure/read-store/read-store.port';
import type { Projection } from '../projection';
import { USERS_COLLECTION, type UserView } from './users.read-model';

const HANDLED: ReadonlySet<string> = new Set<ProfileEvent['type']>([
  'ProfileRegistered',
  'ProfileUpdated',
  'UserTermsAccepted',
  'AdminRoleGranted',
  'AdminRoleRevoked',
  'AccountantRoleGranted',
  'AccountantRoleRevoked',
]);

const searchTextOf = (firstName: string, lastName: string, email: string): string =>
  foldForSearch([firstName, lastName, email].join(' '));

/** The users read model: one document per product user (profile stream). */
export class UsersProjection implements Projection {
  readonly name = 'users';
  readonly collections = [USERS_COLLECTION];
  readonly indexes: Projection['indexes'] = [{ collection: USERS_COLLECTION, keys: { createdAt: -1 } }];

  handles(eventType: string): boolean {
    return HANDLED.has(eventType);
  }

  async apply(tx: ProjectionTransaction, stored: StoredEvent): Promise<void> {
    const event = { type: stored.type, data: stored.data } as ProfileEvent;
    const users = tx.collection<UserView>(USERS_COLLECTION);
    const at = stored.occurredAt;
    switch (event.type) {
      case 'ProfileRegistered': {
        const { userId, firstName, lastName, email } = event.data;
        await users.replaceOne(
          { _id: userId },
          {
            _id: userId,
            email,
            firstName,
            lastName,
            profile: registeredDetails(event.data),
            termsAccepted: false,
            termsAcceptedAt: null,
            isAdminGranted: false,
            isAccountantGranted: false,
            createdAt: at,
            updatedAt: at,
            searchText: searchTextOf(firstName, lastName, email),
          },
          { upsert: true },
        );
        return;
      }
      case 'ProfileUpdated': {
        const user = await users.findOne({ _id: event.data.userId });
        if (!user) return;
        const { details } = event.data;
        await users.updateOne(
          { _id: user._id },
          {
            $set: {
              firstName: details.firstName,
              lastName: details.lastName,
              profile: details,
              updatedAt: at,
              searchText: searchTextOf(details.firstName, details.lastName, user.email),
            },
          },
        );
        return;
      }
      case 'UserTermsAccepted':
        await users.updateOne(
          { _id: event.data.userId },
          { $set: { termsAccepted: true, termsAcceptedAt: at, updatedAt: at } },
        );
        return;
      case 'AdminRoleGranted':
        await users.updateOne({ _id: event.data.userId }, { $set: { isAdminGranted: true, updatedAt: at } });
        return;
      case 'AdminRoleRevoked':
        await users.updateOne({ _id: event.data.userId }, { $set: { isAdminGranted: false, updatedAt: at } });
        return;
      case 'AccountantRoleGranted':
        await users.updateOne(
          { _id: event.data.userId },
          { $set: { isAccountantGranted: true, updatedAt: at } },
        );
        return;
      case 'AccountantRoleRevoked':
        await users.updateOne(
          { _id: event.data.userId },
          { $set: { isAccountantGranted: false, updatedAt: at } },
        );
        return;
    }
  }
}
