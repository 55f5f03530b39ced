import {
  robotsTxt,
  routePath,
  siteUrlFor,
  sitemapSectionXml,
  sitemapXml,
  type SitemapInput,
} from './sitemap';

const SITE = {
  routes: {
    home: { et: '/', en: '/en' },
    contacts: { et: '/kontaktid', en: '/en/contacts' },
    search: { et: '/otsing/:keyWord?', en: '/en/search/:keyWord?' },
    searchUploader: { et: '/otsing/uleslaadija/:uploaderId', en: '/en/search/uploader/:uploaderId' },
    document: { et: '/dokument/:slug', en: '/en/document/:slug' },
    cart: { et: '/ostukorv', en: '/en/cart' },
  },
  publicPages: ['home', 'contacts', 'search', 'searchUploader', 'document'],
};

const documents = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    slug: `leping-${String(index).padStart(3, '0')}`,
    uploaderId: index % 2 === 0 ? 'uploader-a' : 'uploader-b',
    updatedAt: `2026-11-${String(1 + (index % 20)).padStart(2, '0')}T10:00:00.000Z`,
  }));

const input = (count: number, urlsPerFile?: number): SitemapInput => ({
  siteUrl: 'https://lepinguturg.ee',
  site: SITE,
  documents: documents(count),
  pagesChangedAt: '2026-11-02T08:00:00.000Z',
  ...(urlsPerFile !== undefined && { urlsPerFile }),
});

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc!);

describe('the sitemap', () => {
  it('lists the public pages, each uploader and each document, in both languages on their own domains', () => {
    const xml = sitemapXml(input(3));
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset ')).toBe(true);
    expect(locs(xml)).toEqual([
      'https://lepinguturg.ee/',
      'https://lepinguturg.com/en',
      'https://lepinguturg.ee/kontaktid',
      'https://lepinguturg.com/en/contacts',
      'https://lepinguturg.ee/otsing',
      'https://lepinguturg.com/en/search',
      'https://lepinguturg.ee/otsing/uleslaadija/uploader-a',
      'https://lepinguturg.com/en/search/uploader/uploader-a',
      'https://lepinguturg.ee/otsing/uleslaadija/uploader-b',
      'https://lepinguturg.com/en/search/uploader/uploader-b',
      'https://lepinguturg.ee/dokument/leping-000',
      'https://lepinguturg.com/en/document/leping-000',
      'https://lepinguturg.ee/dokument/leping-001',
      'https://lepinguturg.com/en/document/leping-001',
      'https://lepinguturg.ee/dokument/leping-002',
      'https://lepinguturg.com/en/document/leping-002',
    ]);
    expect(xml).not.toContain('ostukorv');
  });

  it('dates each page by its last change: documents and uploaders by theirs, home and search by the newest', () => {
    const xml = sitemapXml(input(3));
    const lastmod = (loc: string) => new RegExp(`<loc>${loc}</loc><lastmod>([^<]+)</lastmod>`).exec(xml)?.[1];
    expect(lastmod('https://lepinguturg.ee/dokument/leping-001')).toBe('2026-11-02T10:00:00.000Z');
    expect(lastmod('https://lepinguturg.ee/otsing/uleslaadija/uploader-a')).toBe('2026-11-03T10:00:00.000Z');
    expect(lastmod('https://lepinguturg.ee/otsing')).toBe('2026-11-03T10:00:00.000Z');
    expect(lastmod('https://lepinguturg.ee/kontaktid')).toBe('2026-11-02T08:00:00.000Z');
  });

  it('names both language versions and the default in every entry', () => {
    const xml = sitemapXml(input(1));
    expect(xml).toContain(
      '<url><loc>https://lepinguturg.com/en/document/leping-000</loc><lastmod>2026-11-01T10:00:00.000Z</lastmod>' +
        '<xhtml:link rel="alternate" hreflang="et" href="https://lepinguturg.ee/dokument/leping-000"/>' +
        '<xhtml:link rel="alternate" hreflang="en" href="https://lepinguturg.com/en/document/leping-000"/>' +
        '<xhtml:link rel="alternate" hreflang="x-default" href="https://lepinguturg.ee/dokument/leping-000"/></url>',
    );
  });

  it('becomes an index of files when it holds more addresses than one file may, and each file holds its share', () => {
    // 3 pages + 2 uploaders + 25 documents, two addresses each: 60 addresses, 10 per file.
    const big = input(25, 10);
    const index = sitemapXml(big);
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = locs(index).map((loc) => loc.replace('https://lepinguturg.ee/sitemaps/', ''));
    expect(files).toEqual([
      'pages.xml',
      'documents-1.xml',
      'documents-2.xml',
      'documents-3.xml',
      'documents-4.xml',
      'documents-5.xml',
    ]);
    expect(index).toContain('<loc>https://lepinguturg.ee/sitemaps/documents-5.xml</loc><lastmod>');

    const listed = files.flatMap((file) => locs(sitemapSectionXml(big, file)!));
    expect(listed).toEqual(locs(sitemapXml(input(25))));
    for (const file of files) expect(locs(sitemapSectionXml(big, file)!).length).toBeLessThanOrEqual(10);
    expect(sitemapSectionXml(big, 'documents-6.xml')).toBeNull();
  });

  it('escapes what XML would read otherwise', () => {
    const xml = sitemapXml({
      ...input(0),
      documents: [{ slug: 'a&b', uploaderId: 'x', updatedAt: '2026-11-01' }],
    });
    expect(xml).toContain('<loc>https://lepinguturg.ee/dokument/a%26b</loc>');
  });
});

describe('addresses', () => {
  it('fills a route pattern, leaving out optional parameters not given', () => {
    expect(routePath('/')).toBe('/');
    expect(routePath('/en/search/:keyWord?')).toBe('/en/search');
    expect(routePath('/dokument/:slug', { slug: 'üür leping' })).toBe('/dokument/%C3%BC%C3%BCr%20leping');
    expect(() => routePath('/dokument/:slug')).toThrow();
  });

  it('puts each language on its own domain where the site has the language domains, else keeps it', () => {
    expect(siteUrlFor('https://lepinguturg.ee', 'en')).toBe('https://lepinguturg.com');
    expect(siteUrlFor('https://lepinguturg.com', 'et')).toBe('https://lepinguturg.ee');
    expect(siteUrlFor('http://127.0.0.1:3000', 'en')).toBe('http://127.0.0.1:3000');
  });
});

describe('robots.txt', () => {
  it('keeps crawlers out of the API (but the share images), the signed-in and admin areas, and names the sitemap', () => {
    const lines = robotsTxt('https://lepinguturg.ee').split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Disallow: /api/',
        'Allow: /api/site/share-image',
        'Allow: /api/documents/*/share-image',
        'Disallow: /admin',
        'Disallow: /en/admin',
        'Sitemap: https://lepinguturg.ee/sitemap.xml',
      ]),
    );
  });
});
