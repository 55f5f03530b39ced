import { useTranslation } from '../../i18n';
import { Link } from '@/components/Link';
import { SOCIAL_LINKS } from '../../config/company';
import { localizedTo, type RouteName } from '../../config/routes';
import { useLanguage } from '../../hooks/use-language';

const COLUMNS: { title: string; links: { name: RouteName; label: string }[] }[] = [
  { title: 'FOOTER.INFO', links: [{ name: 'contacts', label: 'FOOTER.CONTACTS' }] },
  {
    title: 'FOOTER.ABOUT',
    links: [
      { name: 'team', label: 'FOOTER.TEAM' },
      { name: 'mission', label: 'FOOTER.MISSION' },
      { name: 'vision', label: 'FOOTER.VISION' },
    ],
  },
  {
    title: 'FOOTER.TERMS',
    links: [
      { name: 'termsofuse', label: 'FOOTER.TERMS_OF_USE' },
      { name: 'privacypolicy', label: 'FOOTER.PRIVACY_POLICY' },
      { name: 'userterms', label: 'FOOTER.USER_TERMS' },
      { name: 'accessibility', label: 'FOOTER.ACCESSIBILITY' },
    ],
  },
];

export function Footer() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <footer className="footer">
      <div className="footer__inner">
        <div className="footer__about">
          <p className="footer__brand">{t('APP.NAME')}</p>
          <p>{t('FOOTER.ABOUT_TEXT')}</p>
          <p className="footer__disclaimer" data-testid="legal-disclaimer">
            {t('FOOTER.DISCLAIMER')}
          </p>
          <ul className="footer__social" aria-label={t('FOOTER.SOCIAL')} data-testid="social-links">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.name}>
                <a href={link.href} rel="noopener noreferrer">
                  {link.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} className="footer__column" aria-label={t(column.title)}>
            <h2 className="footer__heading">{t(column.title)}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.name}>
                  <Link to={localizedTo(link.name, language)}>{t(link.label)}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="footer__bottom">
        <span>{t('FOOTER.COPYRIGHT')}</span>
        <span>{t('FOOTER.COMPANY_LOCATION')}</span>
      </div>
    </footer>
  );
}
