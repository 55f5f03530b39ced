import type { TFunction } from 'i18next';

export const ACCOUNT_GROUPS = [
  'buyer-payments',
  'vat-payable',
  'oss-vat-payable',
  'service-fees',
  'uploader-payables',
  'payouts-in-process',
  'payouts-paid',
  'transfer-fees',
] as const;

/** An account or account group as people read it ("uploader-payable:<id>" names the uploader's id). */
export function accountLabel(t: TFunction, account: string): string {
  if (account.startsWith('uploader-payable:'))
    return t('ACCOUNTING.ACCOUNT_NAME.uploader-payable', {
      id: account.slice('uploader-payable:'.length, 'uploader-payable:'.length + 8),
    });
  return t(`ACCOUNTING.ACCOUNT_NAME.${account}`);
}
