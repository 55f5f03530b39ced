import { useEffect } from 'react';
import { useTranslation } from '../i18n';
import { useToasts, useUiActions, type Toast } from '../stores/ui-store';

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const { toastDismissed } = useUiActions();
  useEffect(() => {
    const timer = setTimeout(() => toastDismissed(toast.id), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast.id, toast.durationMs, toastDismissed]);
  return (
    <div
      className={`toast toast--${toast.tone}`}
      role={toast.tone === 'danger' ? 'alert' : 'status'}
      data-testid="toast"
      data-tone={toast.tone}
    >
      <div className="toast__content">
        <strong className="toast__title">{t(`TITLES.${toast.tone}`)}</strong>
        <span className="toast__text">{toast.text}</span>
      </div>
      <button
        type="button"
        className="toast__close"
        onClick={() => toastDismissed(toast.id)}
        aria-label={t('COMMON.DISMISS')}
      >
        ×
      </button>
    </div>
  );
}

/** Auto-hiding notifications (5000 ms by default, 7500 ms for errors, SPEC §4/§9). */
export function ToastContainer() {
  const toasts = useToasts();
  return (
    <div className="toast-container" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
