/** The one place where domain error codes become HTTP statuses. */
const EXACT: Readonly<Record<string, number>> = {
  'DOCUMENT.NOT_OWNER': 403,
  'DOCUMENT.PUBLISH_NEEDS_MAIN_FILE': 422,
  'FILE.TOO_LARGE': 413,
  'FILE.EXTENSION_NOT_ALLOWED': 400,
  'FILE.EMPTY': 400,
  'FILE.TOO_MANY': 409,
  'FILE.CONTENT_MISMATCH': 400,
  'FILE.ARCHIVE_TOO_LARGE': 400,
  'SHOPPING_CART.DOCUMENT_ALREADY_IN_BASKET': 409,
  'SHOPPING_CART.BASKET_EMPTY': 422,
  'USER.CANNOT_REVOKE_SELF': 409,
  'PAYOUT.AMOUNT_ABOVE_AVAILABLE': 422,
  'PAYOUT.AMOUNT_NOT_ABOVE_TRANSFER_FEE': 422,
  'PAYOUT.PROFILE_NAME_MISSING': 422,
  'PAYOUT.ALREADY_EXECUTED': 409,
  'PAYOUT.ALREADY_REJECTED': 409,
  'PAYOUT.NOT_REQUESTED': 409,
};

export function statusForCode(code: string): number {
  const exact = EXACT[code];
  if (exact) return exact;
  if (code.startsWith('VALIDATION.')) return 400;
  if (code.endsWith('.NOT_FOUND') || code.endsWith('_NOT_IN_BASKET')) return 404;
  if (code.endsWith('.ALREADY_EXISTS')) return 409;
  return 400;
}
