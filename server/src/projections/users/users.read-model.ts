import type { ProfileDetails } from '../../events/profile.events';
import type { ReadModel } from '../../infrastructure/read-store/read-store.port';

export const USERS_COLLECTION = 'users';

/** One product user: their profile, terms and granted role, for "My data", the guards and the admin list. */
export interface UserView extends ReadModel {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly profile: ProfileDetails;
  readonly termsAccepted: boolean;
  readonly termsAcceptedAt: string | null;
  /** Granted by an admin (events); admins by configuration (ADMIN_EMAILS) are decided when read. */
  readonly isAdminGranted: boolean;
  /** Granted by an admin: read-only access to every money event and report. Absent on older documents. */
  readonly isAccountantGranted?: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** Folded first name, last name and e-mail (see foldForSearch). */
  readonly searchText: string;
}
