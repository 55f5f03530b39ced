import type { TFunction } from 'i18next';
import type { DocumentDetail } from '../../api/types';
import { absoluteUrl, siteUrlFor } from '../../config/routes';
import type { PageMetaExtras } from '../../hooks/use-document-title';
import type { Language } from '../../i18n';
import { codeLabel } from '../../i18n/labels';
import { priceAmount } from '../../utils/page-head';

/** The size of a document's image for shared links (server/src/api/share-images: Open Graph's 1.91:1). */
export const SHARE_IMAGE = { width: 1200, height: 630, type: 'image/jpeg' } as const;

/** A meta description of at most about 160 characters, cut at a word. */
export function shortDescription(text: string, limit = 160): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  if (plain.length <= limit) return plain;
  const cut = plain.slice(0, limit - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > limit / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/**
 * The document page's head beyond its title: a product (og:type, its price), the image of its preview
 * for shared links (1200×630, made on the server from the preview a buyer sees, so what is blurred
 * stays blurred), and schema.org's Product with its offer and the page's BreadcrumbList.
 */
export function documentHead(
  document: DocumentDetail,
  { siteUrl, language, t }: { siteUrl: string; language: Language; t: TFunction },
): PageMetaExtras {
  const url = absoluteUrl(siteUrl, 'document', language, { slug: document.slug });
  const version = document.preview ? new URL(document.preview.url, 'http://preview').search : '';
  const image = document.preview
    ? {
        ...SHARE_IMAGE,
        url: `${siteUrlFor(siteUrl, language)}/api/documents/${encodeURIComponent(document.slug)}/share-image${version}`,
        alt: t('DOCUMENT_PAGE.PREVIEW_ALT', { title: document.title }),
      }
    : undefined;
  const seller = {
    '@type': document.uploader.company ? 'Organization' : 'Person',
    name: document.uploader.company ?? document.uploader.name,
  };
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${url}#product`,
    name: document.title,
    description: document.description,
    url,
    sku: document.id,
    category: codeLabel(t, 'FIELD_OF_LAW', document.fieldOfLaw),
    ...(image && { image: image.url }),
    offers: {
      '@type': 'Offer',
      url,
      price: priceAmount(document.price),
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
      seller,
    },
  };
  const breadcrumbs = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { name: t('APP.NAME'), item: absoluteUrl(siteUrl, 'home', language) },
      { name: t('NAV.SEARCH'), item: absoluteUrl(siteUrl, 'search', language) },
      { name: document.title, item: url },
    ].map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, ...crumb })),
  };
  return {
    type: 'product',
    image,
    priceCents: document.price,
    structuredData: [product, breadcrumbs],
  };
}
