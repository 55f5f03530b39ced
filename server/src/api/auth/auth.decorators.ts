import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'auth:public';
export const ALLOW_WITHOUT_TERMS = 'auth:allowWithoutTerms';
export const ADMIN_ONLY = 'auth:adminOnly';
export const OPTIONAL_SIGN_IN = 'auth:optionalSignIn';
export const ACCOUNTANT_OR_ADMIN = 'auth:accountantOrAdmin';

/** The route needs no sign-in. Every other route is denied without a valid ID token. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** A signed-in route a person may use before accepting the user terms (reading and saving "My data"). */
export const AllowWithoutTerms = () => SetMetadata(ALLOW_WITHOUT_TERMS, true);

/** Only administrators (ADMIN_EMAILS, or granted by an admin) may use the route. */
export const AdminOnly = () => SetMetadata(ADMIN_ONLY, true);

/**
 * A public route that also notices a signed-in caller: a valid ID token sets the user (read with
 * `@OptionalUser()`), a missing or invalid one leaves the caller a visitor. Use with `@Public()`.
 */
export const OptionalSignIn = () => SetMetadata(OPTIONAL_SIGN_IN, true);

/** Accountants (granted by an admin) and admins may use the route: the read-only money audit. */
export const AccountantOrAdmin = () => SetMetadata(ACCOUNTANT_OR_ADMIN, true);
