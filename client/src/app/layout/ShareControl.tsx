import { useTranslation } from '../../i18n';
import { useLocation } from 'react-router';
import { useClientConfig } from '@/features/auth/api/get-client-config';
import { usePageContext } from '../../api/page-context';
import { absoluteUrl, isPublicPage, matchRoute } from '../../config/routes';

/** The address a page is shared by: a public page's canonical one, else the page's own (no query). */
export function shareUrl(siteUrl: string, pathname: string): string {
  const match = matchRoute(pathname);
  return match && isPublicPage(match.name)
    ? absoluteUrl(siteUrl, match.name, match.language, match.params)
    : `${siteUrl}${pathname}`;
}

/**
 * Share this page on Facebook or LinkedIn (SPEC §2 public layout), shown only when the configuration's
 * social-media flag is on. Plain links to the networks' share pages: nothing of theirs loads here. They share the page's canonical
 * address, the one its head names (hooks/use-document-title.ts), so every share of a page counts for one.
 */
export function ShareControl() {
  const { t } = useTranslation();
  const { data: config } = useClientConfig();
  const { pathname } = useLocation();
  const { siteUrl } = usePageContext();
  if (!config?.socialMediaEnabled) return null;
  const url = encodeURIComponent(shareUrl(siteUrl, pathname));
  const targets = [
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
    { name: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}` },
  ];
  return (
    <div className="share" data-testid="share-control">
      <span className="share__label" id="share-label">
        {t('SHARE.LABEL')}
      </span>
      <ul className="share__list" aria-labelledby="share-label">
        {targets.map((target) => (
          <li key={target.name}>
            <a
              className="button button--secondary button--small"
              href={target.href}
              target="_blank"
              rel="noopener noreferrer"
              data-testid={`share-${target.name.toLowerCase()}`}
            >
              {target.name}
              <span className="visually-hidden"> ({t('SHARE.NEW_WINDOW')})</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
