import type { TFunction } from 'i18next';
import { useTranslation } from '../../../i18n';
import type { Balance } from '../../../api/money-types';
import type { Column } from '../../../components/DataTable';
import { FormattedDate } from '../../../components/FormattedDate';
import { Money } from '../../../components/Money';

/** Money held until its release date: why, and how much frees on which day (My sales, the payout request). */
export function BalanceReleases({ balance, testId }: { balance: Balance; testId: string }) {
  const { t } = useTranslation();
  if (balance.releases.length === 0) return null;
  return (
    <>
      <p className="hint">
        {t('SALES.HELD', { days: balance.holdDays })} {t(`SALES.HOLD_REASON.${balance.holdReason}`)}
      </p>
      <ul className="money-releases" data-testid={testId}>
        {balance.releases.map((r) => (
          <li key={r.releasedAt}>
            <Money cents={r.amount} /> {t('SALES.AVAILABLE_FROM')} <FormattedDate value={r.releasedAt} />
          </li>
        ))}
      </ul>
    </>
  );
}

interface Earnings {
  readonly licenceFee: number;
  readonly serviceFee: number;
  readonly earned: number;
}

/** A sale's split: the licence fee, the service fee taken from it, and what the uploader earned. */
export function earningsColumns<Row extends Earnings>(t: TFunction): Column<Row>[] {
  return [
    { key: 'licenceFee', header: t('SALES.LICENCE_FEE'), money: (row) => row.licenceFee },
    { key: 'serviceFee', header: t('SALES.SERVICE_FEE'), money: (row) => row.serviceFee },
    { key: 'earned', header: t('SALES.EARNED'), money: (row) => row.earned },
  ];
}
