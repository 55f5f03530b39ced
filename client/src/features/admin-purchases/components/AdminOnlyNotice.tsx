import { useTranslation } from '../../../i18n';

/** What a non-admin sees on an admin screen (the server answers 403 ERROR.ADMIN_ONLY anyway). */
export function AdminOnlyNotice({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <h1 className="page__title">{title}</h1>
      <p className="notice notice--danger" role="alert" data-testid="admin-only">
        {t('ERROR.ADMIN_ONLY')}
      </p>
    </div>
  );
}
