import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n';
import { useSessionUser } from '../../../stores/session-store';

/** The audit is for accountants and admins; others see why (the server says 403 anyway). */
export function AuditorOnly({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  if (user?.isAdmin || user?.isAccountant) return children;
  return (
    <div className="page">
      <h1 className="page__title">{title}</h1>
      <p className="notice notice--danger" role="alert" data-testid="accountant-only">
        {t('ERROR.ACCOUNTANT_ONLY')}
      </p>
    </div>
  );
}
