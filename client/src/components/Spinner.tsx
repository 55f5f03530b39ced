import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n';

/** Inline loading indicator. */
export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <span className="spinner" role="status">
      <span className="spinner__circle" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('COMMON.LOADING')}</span>
    </span>
  );
}

/** The full-page spinner of the global shell; appears after a short delay so quick calls do not flash. */
export function FullPageSpinner({ visible, delayMs = 250 }: { visible: boolean; delayMs?: number }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!visible) return undefined;
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => {
      clearTimeout(timer);
      setShown(false);
    };
  }, [visible, delayMs]);
  if (!visible || !shown) return null;
  return (
    <div className="page-spinner" data-testid="page-spinner">
      <Spinner />
    </div>
  );
}
