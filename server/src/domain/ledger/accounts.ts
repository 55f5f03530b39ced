/**
 * The ledger's chart of accounts (docs/decisions/the-ledger.md). Every money event posts balanced
 * entries to these; one payable account per uploader holds what the platform owes them.
 */
export const ACCOUNTS = {
  /** Asset: money the buyers paid, received through the payment gateway. */
  buyerPayments: 'buyer-payments',
  /** Liability: Estonian VAT charged, owed to the Estonian Tax and Customs Board (the KMD return). */
  vatPayable: 'vat-payable',
  /** Liability: other member states' VAT charged to their consumers, paid through Estonia's One-Stop Shop. */
  ossVatPayable: 'oss-vat-payable',
  /** Income: the platform's service fee, deducted from licence fees (SPEC §9). */
  serviceFees: 'service-fees',
  /** Liability: payouts requested and not yet sent by the bank. */
  payoutsInProcess: 'payouts-in-process',
  /** Asset (credit side): money sent to uploaders' bank accounts. */
  payoutsPaid: 'payouts-paid',
  /** Income: transfer fees charged on payouts (SPEC §9). */
  transferFees: 'transfer-fees',
} as const;

const UPLOADER_PAYABLE_PREFIX = 'uploader-payable:';

/** Liability: what the platform owes one uploader (their licence fees after the service fee, less payouts). */
export const uploaderPayable = (uploaderId: string): string => `${UPLOADER_PAYABLE_PREFIX}${uploaderId}`;

/** The uploader of an uploader-payable account, else null. */
export function uploaderOfAccount(account: string): string | null {
  return account.startsWith(UPLOADER_PAYABLE_PREFIX) ? account.slice(UPLOADER_PAYABLE_PREFIX.length) : null;
}

/** Accounts as reports sum them: every uploader's payable account is one group. */
export type AccountGroup = (typeof ACCOUNTS)[keyof typeof ACCOUNTS] | 'uploader-payables';

export const ACCOUNT_GROUPS: readonly AccountGroup[] = [
  ACCOUNTS.buyerPayments,
  ACCOUNTS.vatPayable,
  ACCOUNTS.ossVatPayable,
  ACCOUNTS.serviceFees,
  'uploader-payables',
  ACCOUNTS.payoutsInProcess,
  ACCOUNTS.payoutsPaid,
  ACCOUNTS.transferFees,
];

export function accountGroup(account: string): AccountGroup {
  if (uploaderOfAccount(account) !== null) return 'uploader-payables';
  const group = ACCOUNT_GROUPS.find((g) => g === account);
  if (!group) throw new Error(`Unknown ledger account "${account}"`);
  return group;
}

/**
 * Why money moved: each entry says which kind of movement it is, so a report can tell a payout's
 * draw on an uploader's account from a rejected payout's return, and link each figure to its events.
 */
export type Movement =
  | 'payment-received'
  | 'vat'
  | 'service-fee'
  | 'earned'
  | 'drawn'
  | 'payout-requested'
  | 'transfer-fee'
  | 'payout-paid'
  | 'payout-rejected'
  | 'returned'
  | 'transfer-fee-returned'
  | 'payment-refunded'
  | 'service-fee-refunded'
  | 'earnings-refunded';

export const MOVEMENTS: readonly Movement[] = [
  'payment-received',
  'vat',
  'service-fee',
  'earned',
  'drawn',
  'payout-requested',
  'transfer-fee',
  'payout-paid',
  'payout-rejected',
  'returned',
  'transfer-fee-returned',
  'payment-refunded',
  'service-fee-refunded',
  'earnings-refunded',
];
