import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { DEMO_TEMPLATES, DEMO_UPLOADERS } from '../../server/src/seed/demo-catalogue.data';
import { demoDocumentId } from '../../server/src/seed/demo-seeder';
import { type TestIssuer, startTestIssuer } from '../support/test-issuer';
import { type TestServer, startTestServer } from '../support/test-server';

/**
 * The public pages as a search engine, a link preview or a reader without JavaScript gets them: plain
 * HTTP, no script run. Each is rendered on the server (client/src/app/render-page.tsx, from the real
 * client build) with its own head (title, description, canonical address, language versions, Open Graph,
 * Twitter card, a document's JSON-LD) and its content; /sitemap.xml lists exactly the published
 * documents; /robots.txt keeps crawlers out of the private areas.
 */

const CLIENT_DIST = join(__dirname, '../../client/dist');
const built =
  existsSync(join(CLIENT_DIST, 'index.html')) && existsSync(join(CLIENT_DIST, '../dist-ssr/render-page.cjs'));
const describeWithBuild = built ? describe : describe.skip;

interface Summary {
  id: string;
  slug: string;
  title: string;
  price: number;
  uploader: { id: string; name: string };
}
interface SearchPage {
  items: Summary[];
  total: number;
  nextCursor: string | null;
}
interface Detail extends Summary {
  description: string;
  fieldOfLaw: string;
  language: string;
  year: number;
  uploader: { id: string; name: string; company: string | null };
  preview: { url: string } | null;
}

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The page's head and body, read as a crawler reads them. */
class Page {
  constructor(
    readonly status: number,
    readonly html: string,
    readonly headers: Record<string, string | string[] | undefined>,
  ) {}

  get head(): string {
    return this.html.slice(0, this.html.indexOf('</head>'));
  }

  get title(): string | undefined {
    const found = /<title>([^<]*)<\/title>/.exec(this.head);
    return found ? decode(found[1]!) : undefined;
  }

  /** The content of <meta name|property="key">, every one in order. */
  meta(key: string): string[] {
    return [...this.head.matchAll(/<meta ([^>]*)>/g)]
      .map(([, attributes]) => attributes!)
      .filter(
        (attributes) => attributes.includes(`name="${key}"`) || attributes.includes(`property="${key}"`),
      )
      .map((attributes) => decode(/content="([^"]*)"/.exec(attributes)?.[1] ?? ''));
  }

  /** The links of <head> with this rel, as [hreflang, href]. */
  links(rel: string): [string | undefined, string][] {
    return [...this.head.matchAll(/<link ([^>]*)>/g)]
      .map(([, attributes]) => attributes!)
      .filter((attributes) => attributes.includes(`rel="${rel}"`))
      .map((attributes) => [
        /hreflang="([^"]*)"/.exec(attributes)?.[1],
        decode(/href="([^"]*)"/.exec(attributes)?.[1] ?? ''),
      ]);
  }

  get structuredData(): Record<string, unknown>[] {
    return [...this.head.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map(
      ([, json]) => JSON.parse(json!) as Record<string, unknown>,
    );
  }

  /** The app as the server rendered it (the content of #root). */
  get app(): string {
    const start = this.html.indexOf('<div id="root">');
    return this.html.slice(start, this.html.indexOf('<script type="application/json"', start));
  }

  /** The text a reader sees in the app: tags dropped, white space made one space. */
  get text(): string {
    return decode(this.app.replace(/<[^>]+>/g, ' ')).replace(/\s+/gu, ' ');
  }

  get h1(): string | undefined {
    const found = /<h1[^>]*>(.*?)<\/h1>/s.exec(this.app);
    return found ? decode(found[1]!.replace(/<[^>]+>/g, '')).trim() : undefined;
  }

  get htmlLanguage(): string | undefined {
    return /<html lang="([^"]+)"/.exec(this.html)?.[1];
  }
}

/** Money as a person reads it in the page's language (Intl's euro format, no-break spaces made plain). */
const price = (cents: number, language: 'et' | 'en') => {
  if (cents === 0) return language === 'et' ? 'Tasuta' : 'Free';
  const format = new Intl.NumberFormat(language === 'et' ? 'et-EE' : 'en-US', {
    style: 'currency',
    currency: 'EUR',
  });
  return format.format(cents / 100).replace(/\s/gu, ' ');
};

describeWithBuild(
  'Public pages without JavaScript: rendered on the server with their own head (real HTTP, real build)',
  () => {
    let issuer: TestIssuer;
    let server: TestServer;
    let site: string;

    beforeAll(async () => {
      issuer = await startTestIssuer();
      server = await startTestServer({
        env: { ...issuer.env, CLIENT_DIST_DIR: CLIENT_DIST, SOCIAL_MEDIA_ENABLED: 'true' },
      });
      site = server.url;
    }, 120_000);
    afterAll(async () => {
      await server?.close();
      await issuer?.close();
    });

    async function page(path: string, headers: Record<string, string> = {}): Promise<Page> {
      const response = await request(site).get(encodeURI(path)).set(headers).redirects(0);
      return new Page(response.status, response.text, response.headers);
    }

    async function api<T>(path: string, language: 'et' | 'en' = 'et'): Promise<T> {
      return (await request(site).get(path).set('Accept-Language', language).expect(200)).body as T;
    }

    /** Every published document, as search finds them. */
    async function published(): Promise<Summary[]> {
      const found: Summary[] = [];
      let cursor: string | null = null;
      do {
        const result: SearchPage = await api<SearchPage>(
          `/api/documents?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        found.push(...result.items);
        cursor = result.nextCursor;
      } while (cursor);
      return found;
    }

    function expectHead(
      found: Page,
      expected: { language: 'et' | 'en'; title: string; canonical: string; et: string; en: string },
    ) {
      expect(found.status).toBe(200);
      expect(found.htmlLanguage).toBe(expected.language);
      expect(found.title).toBe(expected.title);
      const [description] = found.meta('description');
      expect(description?.length).toBeGreaterThan(40);
      expect(found.meta('robots')).toEqual([]);
      expect(found.links('canonical')).toEqual([[undefined, `${site}${expected.canonical}`]]);
      expect(found.links('alternate')).toEqual([
        ['et', `${site}${expected.et}`],
        ['en', `${site}${expected.en}`],
        ['x-default', `${site}${expected.et}`],
      ]);
      expect(found.meta('og:title')).toEqual([expected.title]);
      expect(found.meta('og:description')).toEqual([description]);
      expect(found.meta('og:url')).toEqual([`${site}${expected.canonical}`]);
      expect(found.meta('og:locale')).toEqual([expected.language === 'et' ? 'et_EE' : 'en_US']);
      expect(found.meta('og:locale:alternate')).toEqual([expected.language === 'et' ? 'en_US' : 'et_EE']);
      expect(found.meta('og:image')).toHaveLength(1);
      expect(found.meta('twitter:card')).toEqual(['summary_large_image']);
      expect(found.meta('twitter:title')).toEqual([expected.title]);
    }

    describe('the home, search and static pages, in both languages', () => {
      it.each([
        ['/', 'et', '/', '/en', 'Lepinguturg', 'Juriidiliste dokumentide põhjad, kohe kui vajad'],
        ['/en', 'en', '/', '/en', 'Lepinguturg', 'Legal document templates, ready when you are'],
        ['/kontaktid', 'et', '/kontaktid', '/en/contacts', 'Kontaktid · Lepinguturg', 'Kontaktid'],
        ['/en/contacts', 'en', '/kontaktid', '/en/contacts', 'Contacts · Lepinguturg', 'Contacts'],
        ['/tiim', 'et', '/tiim', '/en/team', 'Tiim · Lepinguturg', 'Tiim'],
        [
          '/en/termsofuse',
          'en',
          '/kasutustingimused',
          '/en/termsofuse',
          'Terms of use · Lepinguturg',
          'Terms of use',
        ],
        [
          '/privaatustingimused',
          'et',
          '/privaatustingimused',
          '/en/termsofprivacy',
          'Privaatsustingimused · Lepinguturg',
          'Privaatsustingimused',
        ],
      ] as const)(
        '%s: its head, and its heading in its language',
        async (path, language, et, en, title, heading) => {
          const found = await page(path);
          expectHead(found, { language, title, canonical: path, et, en });
          expect(found.h1).toBe(heading);
          expect(found.meta('og:type')).toEqual(['website']);
          expect(found.meta('og:image')).toEqual([`${site}/api/site/share-image`]);
        },
      );

      it.each([
        ['/otsing', 'et', 'Otsi dokumente', (n: number, total: number) => `Näitan ${n} tulemust ${total}-st`],
        [
          '/en/search',
          'en',
          'Search documents',
          (n: number, total: number) => `Showing ${n} of ${total} results`,
        ],
      ] as const)(
        '%s: the first results, with their prices, and how many there are',
        async (path, language, heading, showing) => {
          const found = await page(path);
          expectHead(found, {
            language,
            title: `${heading} · Lepinguturg`,
            canonical: path,
            et: '/otsing',
            en: '/en/search',
          });
          const results = await api<SearchPage>('/api/documents?limit=20', language);
          expect(results.items).toHaveLength(20);
          expect(found.h1).toBe(heading);
          expect(found.text).toContain(showing(20, results.total));
          const shown = [
            ...found.app.matchAll(/<h2 class="result__title"><a href="([^"]+)"[^>]*>([^<]*)<\/a>/g),
          ];
          expect(shown.map(([, href, title]) => [href, decode(title!)])).toEqual(
            results.items.map((item) => [
              `${language === 'en' ? '/en/document' : '/dokument'}/${item.slug}`,
              item.title,
            ]),
          );
          const prices = [
            ...found.app.matchAll(/data-testid="search-result-price" data-cents="(\d+)">([^<]*)</g),
          ];
          expect(prices.map(([, cents, text]) => [Number(cents), text!.replace(/\s/gu, ' ')])).toEqual(
            results.items.map((item) => [item.price, price(item.price, language)]),
          );
        },
      );

      it('a search with its word and filters shows their results, and names the search page as its canonical one', async () => {
        const path = '/otsing/leping?fieldOfLaw=employment&sort=price-asc';
        const found = await page(path);
        expect(found.status).toBe(200);
        expect(found.links('canonical')).toEqual([[undefined, `${site}/otsing/leping`]]);
        const results = await api<SearchPage>(
          '/api/documents?limit=20&q=leping&fieldOfLaw=employment&sort=price-asc',
        );
        expect(results.items.length).toBeGreaterThan(0);
        const titles = [...found.app.matchAll(/<h2 class="result__title"><a [^>]*>([^<]*)<\/a>/g)].map(
          ([, t]) => decode(t!),
        );
        expect(titles).toEqual(results.items.map((item) => item.title));
        // The filter is shown chosen.
        expect(found.app).toMatch(/<option value="employment" selected="">/);
      });

      it("an uploader's documents page: the uploader's name and only their documents", async () => {
        const kadri = DEMO_UPLOADERS[0]!;
        for (const [path, language, heading] of [
          [`/otsing/uleslaadija/${kadri.userId}`, 'et', `${kadri.firstName} ${kadri.lastName} dokumendid`],
          [`/en/search/uploader/${kadri.userId}`, 'en', `Documents by ${kadri.firstName} ${kadri.lastName}`],
        ] as const) {
          const found = await page(path);
          expect(found.status).toBe(200);
          expect(found.htmlLanguage).toBe(language);
          expect(found.h1).toBe(heading);
          const results = await api<SearchPage>(
            `/api/documents?limit=20&uploaderId=${kadri.userId}`,
            language,
          );
          expect(results.items.length).toBeGreaterThan(0);
          expect(found.text).toContain(results.items[0]!.title);
          expect(found.links('alternate').map(([, href]) => href)).toEqual([
            `${site}/otsing/uleslaadija/${kadri.userId}`,
            `${site}/en/search/uploader/${kadri.userId}`,
            `${site}/otsing/uleslaadija/${kadri.userId}`,
          ]);
        }
      });

      it('an uploader the shop does not have: 404, not to be indexed', async () => {
        const found = await page('/otsing/uleslaadija/0195f0c2-0000-7000-8000-0000000000ff');
        expect(found.status).toBe(404);
        expect(found.meta('robots')).toEqual(['noindex']);
        expect(found.links('canonical')).toEqual([]);
      });
    });

    describe('a document page', () => {
      let document: Detail;
      beforeAll(async () => {
        const summaries = await published();
        const paid = summaries.find(
          (item) => item.price > 0 && item.uploader.id === DEMO_UPLOADERS[0]!.userId,
        )!;
        document = await api<Detail>(`/api/documents/${paid.slug}`);
      });

      it.each(['et', 'en'] as const)(
        'in %s: its title, facts and price; its head names it a product, with its preview as the image and its JSON-LD',
        async (language) => {
          const path = language === 'et' ? `/dokument/${document.slug}` : `/en/document/${document.slug}`;
          const found = await page(path);
          const detail = await api<Detail>(`/api/documents/${document.slug}`, language);
          expectHead(found, {
            language,
            title: `${detail.title} · Lepinguturg`,
            canonical: path,
            et: `/dokument/${document.slug}`,
            en: `/en/document/${document.slug}`,
          });
          expect(found.meta('description')[0]).toEqual(
            detail.description.length <= 160 ? detail.description : expect.stringMatching(/…$/),
          );
          expect(found.h1).toBe(detail.title);
          expect(found.text).toContain(detail.description);
          expect(found.text).toContain(String(detail.year));
          expect(found.text).toContain(detail.uploader.name);
          expect(found.text).toContain(language === 'et' ? 'Õigusvaldkond' : 'Field of law');
          const shownPrice = /data-testid="document-price" data-cents="(\d+)">([^<]*)</.exec(found.app);
          expect([Number(shownPrice?.[1]), shownPrice?.[2]?.replace(/\s/gu, ' ')]).toEqual([
            detail.price,
            price(detail.price, language),
          ]);

          expect(found.meta('og:type')).toEqual(['product']);
          expect(found.meta('product:price:amount')).toEqual([(detail.price / 100).toFixed(2)]);
          expect(found.meta('product:price:currency')).toEqual(['EUR']);
          const [image] = found.meta('og:image');
          expect(image).toMatch(new RegExp(`^${site}/api/documents/${document.slug}/share-image\\?v=`));
          expect(found.meta('og:image:width')).toEqual(['1200']);
          expect(found.meta('og:image:height')).toEqual(['630']);

          const [product, breadcrumbs] = found.structuredData;
          expect(product).toMatchObject({
            '@context': 'https://schema.org',
            '@type': 'Product',
            name: detail.title,
            description: detail.description,
            url: `${site}${path}`,
            image,
            offers: {
              '@type': 'Offer',
              price: (detail.price / 100).toFixed(2),
              priceCurrency: 'EUR',
              availability: 'https://schema.org/InStock',
              seller: { '@type': 'Organization', name: detail.uploader.company },
            },
          });
          expect(Number((product!.offers as { price: string }).price) * 100).toBe(detail.price);
          expect(breadcrumbs).toMatchObject({
            '@type': 'BreadcrumbList',
            itemListElement: [
              { '@type': 'ListItem', position: 1, item: `${site}${language === 'et' ? '/' : '/en'}` },
              {
                '@type': 'ListItem',
                position: 2,
                item: `${site}${language === 'et' ? '/otsing' : '/en/search'}`,
              },
              { '@type': 'ListItem', position: 3, name: detail.title, item: `${site}${path}` },
            ],
          });
        },
      );

      it('its share image is the preview a visitor sees, 1200×630, and the share buttons carry its canonical address', async () => {
        const found = await page(`/en/document/${document.slug}`);
        const image = found.meta('og:image')[0]!.slice(site.length);
        const response = await request(site)
          .get(image)
          .buffer(true)
          .parse((res, done) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => done(null, Buffer.concat(chunks)));
          });
        expect(response.status).toBe(200);
        expect(response.headers['content-type']).toBe('image/jpeg');
        const { width, height, format } = await sharp(response.body as Buffer).metadata();
        expect([width, height, format]).toEqual([1200, 630, 'jpeg']);

        const canonical = encodeURIComponent(`${site}/en/document/${document.slug}`);
        expect(found.app).toContain(`href="https://www.facebook.com/sharer/sharer.php?u=${canonical}"`);
        expect(found.app).toContain(
          `href="https://www.linkedin.com/sharing/share-offsite/?url=${canonical}"`,
        );
        // A search's address with its query is shared as the search page it is a version of.
        const search = await page('/otsing/leping?sort=newest');
        expect(search.app).toContain(`sharer.php?u=${encodeURIComponent(`${site}/otsing/leping`)}"`);
      });

      it('an unpublished document answers 404 and is not to be indexed', async () => {
        const draft = DEMO_TEMPLATES.find((template) => !template.published)!;
        const detail = await request(site).get(`/api/documents/${demoDocumentId(draft)}`);
        expect(detail.status).toBe(404);
        const slugs = (await published()).map((item) => item.slug);
        const found = await page(`/dokument/seda-dokumenti-pole-olemas`);
        expect(found.status).toBe(404);
        expect(found.meta('robots')).toEqual(['noindex']);
        expect(found.h1).toBe('Dokumenti ei leitud');
        expect(slugs).not.toContain('seda-dokumenti-pole-olemas');
      });
    });

    describe('pages that are nobody’s to find', () => {
      it.each([
        '/ostukorv',
        '/en/cart',
        '/login',
        '/admin/user/edit',
        '/en/admin/users',
        '/admin/user/sales',
      ])('%s is rendered in the browser and says noindex', async (path) => {
        const found = await page(path);
        expect(found.status).toBe(200);
        expect(found.headers['x-robots-tag']).toBe('noindex');
        expect(found.meta('robots')).toEqual(['noindex']);
        expect(found.links('canonical')).toEqual([]);
        expect(found.html).toContain('<div id="root"></div>');
      });
    });

    it('a page of the other language on a language domain moves to that language (301)', async () => {
      const response = await request(site).get('/kontaktid?x=1').set('Host', 'lepinguturg.com').redirects(0);
      expect(response.status).toBe(301);
      expect(response.headers.location).toBe('/en/contacts?x=1');
    });

    it('robots.txt: plain text that keeps crawlers out of the signed-in and admin areas and the API, and names the sitemap', async () => {
      const response = await request(site).get('/robots.txt').expect(200);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      const lines = response.text.split('\n');
      expect(lines).toEqual(
        expect.arrayContaining([
          'User-agent: *',
          'Disallow: /api/',
          'Disallow: /admin',
          'Disallow: /en/admin',
          'Allow: /api/documents/*/share-image',
          `Sitemap: ${site}/sitemap.xml`,
        ]),
      );
    });

    describe('/sitemap.xml', () => {
      const documentsIn = (xml: string) =>
        [...xml.matchAll(/<loc>[^<]*\/dokument\/([^<]+)<\/loc>/g)].map(([, slug]) => slug!).sort();

      it('lists exactly the published documents, in both languages with their alternates and lastmod, and the public pages', async () => {
        const response = await request(site).get('/sitemap.xml').expect(200);
        expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
        const xml = response.text;
        const slugs = (await published()).map((item) => item.slug).sort();
        expect(slugs.length).toBeGreaterThan(30);
        expect(documentsIn(xml)).toEqual(slugs);
        const [first] = slugs;
        const entry = new RegExp(
          `<url><loc>${site}/en/document/${first}</loc><lastmod>[\\d-]+T[\\d:.]+Z</lastmod>` +
            `<xhtml:link rel="alternate" hreflang="et" href="${site}/dokument/${first}"/>` +
            `<xhtml:link rel="alternate" hreflang="en" href="${site}/en/document/${first}"/>` +
            `<xhtml:link rel="alternate" hreflang="x-default" href="${site}/dokument/${first}"/></url>`,
        );
        expect(xml).toMatch(entry);
        for (const path of [
          '/',
          '/en',
          '/otsing',
          '/en/search',
          '/kontaktid',
          '/en/contacts',
          '/missioon',
          '/en/termsofprivacy',
        ]) {
          expect([path, xml.includes(`<loc>${site}${path}</loc>`)]).toEqual([path, true]);
        }
        expect(xml).toContain(`<loc>${site}/otsing/uleslaadija/${DEMO_UPLOADERS[0]!.userId}</loc>`);
        expect(xml).not.toMatch(/\/ostukorv|\/admin|\/login/);
      });

      it('follows the catalogue: an unpublished document leaves it (404), a deleted one too (410)', async () => {
        const kadri = DEMO_UPLOADERS[0]!;
        const authorization = `Bearer ${await issuer.idToken({ sub: kadri.userId, email: kadri.email })}`;
        const [unpublish, remove] = (await published()).filter((item) => item.uploader.id === kadri.userId);
        await request(site)
          .post(`/api/my/documents/${unpublish!.id}/unpublish`)
          .set('Authorization', authorization)
          .expect(200);
        await request(site)
          .delete(`/api/my/documents/${remove!.id}`)
          .set('Authorization', authorization)
          .expect(204);

        const xml = (await request(site).get('/sitemap.xml').expect(200)).text;
        expect(documentsIn(xml)).toEqual((await published()).map((item) => item.slug).sort());
        expect(documentsIn(xml)).not.toContain(unpublish!.slug);
        expect(documentsIn(xml)).not.toContain(remove!.slug);

        const hidden = await page(`/dokument/${unpublish!.slug}`);
        expect(hidden.status).toBe(404);
        expect(hidden.meta('robots')).toEqual(['noindex']);
        const gone = await page(`/en/document/${remove!.slug}`);
        expect(gone.status).toBe(410);
        expect(gone.meta('robots')).toEqual(['noindex']);
        expect(gone.h1).toBe('Document not found');
        const api410 = await request(site).get(`/api/documents/${remove!.slug}`).set('Accept-Language', 'en');
        expect([api410.status, api410.body.code]).toEqual([410, 'DOCUMENT.DELETED']);
      });
    });
  },
);
