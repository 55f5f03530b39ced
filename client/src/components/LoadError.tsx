import { useTranslation } from '../i18n';
import { ApiError } from '../api/http';

/**
 * What a screen shows when its data could not be loaded: the spec's "Something went wrong" (SPEC §8) and
 * Retry, announced to screen readers. A request the server refused as bad (400) is not "something went
 * wrong": its own reasons are said instead, and asking again would not help, so there is no Retry.
 */
export function LoadError({
  onRetry,
  className,
  error,
}: {
  onRetry: () => unknown;
  className?: string;
  /** The query's error: a 400 shows the server's reasons. */
  error?: unknown;
}) {
  const { t } = useTranslation();
  if (error instanceof ApiError && error.status === 400) {
    const fieldReasons = Object.values(error.fieldErrors).flat();
    const reasons = [...new Set(fieldReasons.length > 0 ? fieldReasons : error.messages)];
    return (
      <div
        className={className ? `notice notice--warning ${className}` : 'notice notice--warning'}
        role="alert"
        data-testid="load-refused"
      >
        {(reasons.length > 0 ? reasons : [t('VALIDATION.FORM_HAS_ERRORS')]).map((reason) => (
          <p key={reason}>{reason}</p>
        ))}
      </div>
    );
  }
  return (
    <div className={className ? `notice notice--danger ${className}` : 'notice notice--danger'} role="alert">
      <p>{t('ERROR.SOMETHING_WENT_WRONG')}</p>
      <button type="button" className="button button--secondary" onClick={() => void onRetry()}>
        {t('COMMON.RETRY')}
      </button>
    </div>
  );
}
