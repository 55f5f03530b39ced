import { useTranslation } from '../../../i18n';
import { Link } from '@/components/Link';
import { useLocalizedPath } from '../../../hooks/use-language';
import { useSessionUser } from '../../../stores/session-store';

/** "Edit" on the document page, shown only to the document's uploader (SPEC §2). */
export function OwnerEditLink({
  document,
  size = 'small',
}: {
  document: { id: string; title: string; uploader: { id: string } };
  size?: 'small' | 'large';
}) {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  const user = useSessionUser();
  if (!user || user.id !== document.uploader.id) return null;
  return (
    <Link
      to={path('upload', { id: document.id })}
      className={`button button--secondary${size === 'small' ? ' button--small' : ''}`}
      aria-label={t('MY_DOCUMENTS.EDIT_LABEL', { title: document.title })}
      data-testid="owner-edit"
    >
      {t('MY_DOCUMENTS.EDIT')}
    </Link>
  );
}
