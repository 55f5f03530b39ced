import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'auth:public';
export const ALLOW_WITHOUT_TERMS = 'auth:allowWithoutTerms';
export const ADMIN_ONLY = 'auth:adminOnly';
export const IDENTIFY_VIEWER = 'auth:identifyViewer';
export const ACCOUNTANT_OR_ADMIN = 'auth:accountantOrAdmin';

/** The route needs no sign-in. Every other route is denied without a valid ID token. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/**
 * On a `@Public()` route: a valid ID token, when sent, tells who is looking (an uploader sees their own
 * drafts); a missing or bad one leaves the request anonymous rather than refusing it.
 */
export const IdentifyViewer = () => SetMetadata(IDENTIFY_VIEWER, true);

/** A signed-in route a person may use before accepting the user terms (reading and saving "My data"). */
export const AllowWithoutTerms = () => SetMetadata(ALLOW_WITHOUT_TERMS, true);

/** Only administrators (ADMIN_EMAILS, or granted by an admin) may use the route. */
export const AdminOnly = () => SetMetadata(ADMIN_ONLY, true);

/** Accountants (granted by an admin) and admins may use the route: the read-only money audit. */
export const AccountantOrAdmin = () => SetMetadata(ACCOUNTANT_OR_ADMIN, true);
