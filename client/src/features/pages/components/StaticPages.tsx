import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../hooks/use-document-title';

export const COMPANY = {
  name: 'Lepinguturg OÜ',
  registryCode: '16123456',
  address: 'Narva mnt 5, 10117 Tallinn, Eesti',
  email: 'info@lepinguturg.ee',
  phone: '+372 600 1234',
} as const;

export function ContactsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('PAGES.CONTACTS_TITLE'));
  return (
    <div className="page page--narrow prose">
      <h1 className="page__title">{t('PAGES.CONTACTS_TITLE')}</h1>
      <p>{t('PAGES.CONTACTS_TEXT')}</p>
      <dl className="facts card">
        <div className="facts__row">
          <dt>{COMPANY.name}</dt>
          <dd>
            {t('PAGES.REG_CODE')} {COMPANY.registryCode}
          </dd>
        </div>
        <div className="facts__row">
          <dt>{t('PAGES.ADDRESS')}</dt>
          <dd>{COMPANY.address}</dd>
        </div>
        <div className="facts__row">
          <dt>{t('PAGES.EMAIL')}</dt>
          <dd>
            <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
          </dd>
        </div>
        <div className="facts__row">
          <dt>{t('PAGES.PHONE')}</dt>
          <dd>
            <a href={`tel:${COMPANY.phone.replace(/\s/g, '')}`}>{COMPANY.phone}</a>
          </dd>
        </div>
      </dl>
    </div>
  );
}

/** Team, mission and vision on one page; /missioon and /visioon scroll to their section by hash. */
export function AboutPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('PAGES.ABOUT_TITLE'));
  return (
    <div className="page page--narrow prose">
      <h1 className="page__title">{t('PAGES.ABOUT_TITLE')}</h1>
      {(['TEAM', 'MISSION', 'VISION'] as const).map((section) => (
        <section key={section} id={section.toLowerCase()} className="card prose__section">
          <h2>{t(`PAGES.${section}_TITLE`)}</h2>
          <p>{t(`PAGES.${section}_TEXT`)}</p>
        </section>
      ))}
    </div>
  );
}

export function TermsPage({ kind }: { kind: 'TERMS' | 'PRIVACY' }) {
  const { t } = useTranslation();
  useDocumentTitle(t(`PAGES.${kind}_TITLE`));
  return (
    <div className="page page--narrow prose">
      <h1 className="page__title">{t(`PAGES.${kind}_TITLE`)}</h1>
      <p>{t(`PAGES.${kind}_TEXT`)}</p>
      <p className="notice">{t('FOOTER.DISCLAIMER')}</p>
    </div>
  );
}
