import { useTranslation } from '../i18n';

/**
 * What a screen shows when its data could not be loaded: the spec's "Something went wrong" (SPEC §8) and
 * Retry, announced to screen readers. Answers the server refused with a reason are told by the screen.
 */
export function LoadError({ onRetry, className }: { onRetry: () => unknown; className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={className ? `notice notice--danger ${className}` : 'notice notice--danger'} role="alert">
      <p>{t('ERROR.SOMETHING_WENT_WRONG')}</p>
      <button type="button" className="button button--secondary" onClick={() => void onRetry()}>
        {t('COMMON.RETRY')}
      </button>
    </div>
  );
}
