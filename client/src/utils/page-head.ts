/**
 * The head of a page: its title, description, canonical address and language versions, Open Graph and
 * Twitter card tags, and structured data (JSON-LD). The server writes it into the page's HTML
 * (headHtml, from what the page's screen rendered: client/src/app/render-page.tsx); in the browser
 * applyHead puts the next page's in its place after a navigation. Both come from the same PageHead, so
 * a page read by a search engine, a link preview or a person has the same head either way.
 */

/** An image that stands for the page where a link to it is shared. */
export interface PageImage {
  /** Absolute. */
  readonly url: string;
  readonly width: number;
  readonly height: number;
  readonly alt: string;
  readonly type: string;
}

/** A language version of the page: hreflang (et, en, x-default) and its absolute address. */
export interface PageAlternate {
  readonly hreflang: string;
  readonly href: string;
}

export interface PageHead {
  /** As the tab shows it ('Tiim · Lepinguturg'). */
  readonly title: string;
  readonly description: string;
  /** The page's language (et, en). */
  readonly language: string;
  /** The site's name, for og:site_name. */
  readonly siteName: string;
  /** Pages that are nobody's to find (signed-in, admin, the basket, a page not found) say noindex. */
  readonly indexable: boolean;
  /** The page's own absolute address (no query), where it is indexable. */
  readonly canonical: string | null;
  /** The page's address to share: its canonical one, else its own. */
  readonly url: string;
  readonly alternates: readonly PageAlternate[];
  /** og:type: a document is a product; every other page a website. */
  readonly type: 'website' | 'product';
  readonly image: PageImage | null;
  /** A product's price (euro cents), for Open Graph's product:price. */
  readonly priceCents: number | null;
  /** schema.org objects, each written as a JSON-LD script. */
  readonly structuredData: readonly object[];
  /** The HTTP status the server answers the page with: 404 or 410 where the page shows "not found". */
  readonly status: number;
}

/** One element of the head; `text` is the content of a title or script. */
export interface HeadElement {
  readonly tag: 'meta' | 'link' | 'script';
  readonly attributes: Readonly<Record<string, string>>;
  readonly text?: string;
}

/** Marks the elements applyHead owns (and replaces on the next page). */
export const HEAD_MARK = 'data-page-head';

const OG_LOCALES: Readonly<Record<string, string>> = { et: 'et_EE', en: 'en_US' };

/** Euro cents as schema.org and Open Graph write a price: 1490 -> '14.90'. */
export function priceAmount(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** The elements of the head besides <title>, in the order they are written. */
export function headElements(head: PageHead): HeadElement[] {
  const elements: HeadElement[] = [];
  const meta = (attributes: Record<string, string>) => elements.push({ tag: 'meta', attributes });
  const property = (name: string, content: string) => meta({ property: name, content });
  const named = (name: string, content: string) => meta({ name, content });

  named('description', head.description);
  if (!head.indexable) named('robots', 'noindex');
  if (head.canonical) elements.push({ tag: 'link', attributes: { rel: 'canonical', href: head.canonical } });
  for (const alternate of head.alternates) {
    elements.push({
      tag: 'link',
      attributes: { rel: 'alternate', hreflang: alternate.hreflang, href: alternate.href },
    });
  }

  property('og:site_name', head.siteName);
  property('og:type', head.type);
  property('og:title', head.title);
  property('og:description', head.description);
  property('og:url', head.url);
  const locale = OG_LOCALES[head.language];
  if (locale) property('og:locale', locale);
  for (const [language, other] of Object.entries(OG_LOCALES)) {
    if (language !== head.language) property('og:locale:alternate', other);
  }
  if (head.image) {
    property('og:image', head.image.url);
    property('og:image:type', head.image.type);
    property('og:image:width', String(head.image.width));
    property('og:image:height', String(head.image.height));
    property('og:image:alt', head.image.alt);
  }
  if (head.priceCents !== null) {
    property('product:price:amount', priceAmount(head.priceCents));
    property('product:price:currency', 'EUR');
  }

  named('twitter:card', head.image ? 'summary_large_image' : 'summary');
  named('twitter:title', head.title);
  named('twitter:description', head.description);
  if (head.image) {
    named('twitter:image', head.image.url);
    named('twitter:image:alt', head.image.alt);
  }

  for (const data of head.structuredData) {
    elements.push({ tag: 'script', attributes: { type: 'application/ld+json' }, text: jsonForScript(data) });
  }
  return elements;
}

/** JSON inside a script element: "<" written as \u003c, so no text in it can end the element. */
function jsonForScript(data: object): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

/** The head as HTML, for the server to write into the page's <head>. */
export function headHtml(head: PageHead): string {
  const elements = headElements(head).map(({ tag, attributes, text }) => {
    const written = Object.entries({ ...attributes, [HEAD_MARK]: '' })
      .map(([name, value]) => (value === '' ? name : `${name}="${escapeAttribute(value)}"`))
      .join(' ');
    return tag === 'script' ? `<script ${written}>${text ?? ''}</script>` : `<${tag} ${written}>`;
  });
  return [`<title>${escapeText(head.title)}</title>`, ...elements].join('');
}

/**
 * Puts the page's head in place of the previous page's (the elements marked HEAD_MARK, which the
 * server wrote or an earlier call made) and sets the title.
 */
export function applyHead(head: PageHead, target: Document = document): void {
  target.title = head.title;
  for (const old of target.head.querySelectorAll(`[${HEAD_MARK}]`)) old.remove();
  // index.html's own description, on a page the server did not make (the development server).
  for (const old of target.head.querySelectorAll('meta[name="description"]')) old.remove();
  for (const { tag, attributes, text } of headElements(head)) {
    const element = target.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    element.setAttribute(HEAD_MARK, '');
    if (text !== undefined) element.textContent = text;
    target.head.append(element);
  }
}
