import { useTranslation } from '../i18n';
import './status-badge.css';

/** A purchase's state (SPEC §4: pending, paid, canceled), the same on My purchases and the admin's lists. */
export function PurchaseStatusBadge({ status }: { status: 'pending' | 'paid' | 'canceled' }) {
  const { t } = useTranslation();
  return <span className={`status-badge status-badge--${status}`}>{t(`PURCHASE.STATUS.${status}`)}</span>;
}
