import { useTranslation } from '../i18n';
import type { PayoutStatus } from '../api/money-types';
import './payout-status.css';

/** A payout's state (SPEC §4): requested (under process), paid, or rejected. */
export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`badge badge--payout-${status}`} data-testid="payout-status">
      {t(`PAYOUT.STATUS.${status}`)}
    </span>
  );
}
