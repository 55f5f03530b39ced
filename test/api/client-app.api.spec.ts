import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { clientPathPatterns, ROUTES } from '../../client/src/config/route-table';
import { type TestServer, startTestServer } from '../support/test-server';

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as sent, not decompressed. */
  body: Buffer;
}

/** A GET over real HTTP that leaves the body as the server sent it (fetch would decompress it). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    }).on('error', reject);
  });
}

/** A client build as client/build-tools writes it: hashed assets, .br/.gz copies, client-routes.json. */
function writeClientBuild(dir: string) {
  const html = `<!doctype html><html lang="et"><head><title>Lepinguturg app</title></head><body>${'<div></div>'.repeat(200)}<script type="module" src="/assets/index-AbCd1234.js"></script></body></html>`;
  const script = `console.log(${JSON.stringify('Lepinguturg '.repeat(500))});`;
  mkdirSync(join(dir, 'assets'));
  const files: Record<string, string> = {
    'index.html': html,
    'assets/index-AbCd1234.js': script,
    'client-routes.json': JSON.stringify({ patterns: clientPathPatterns() }),
  };
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(join(dir, name), content);
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(content));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(content));
  }
  return { html, script };
}

/** A page's HTML as a browser reads it (brotli undone), and its status. */
async function getPage(url: string, acceptEncoding = '') {
  const response = await rawGet(url, acceptEncoding ? { 'accept-encoding': acceptEncoding } : {});
  const body =
    response.headers['content-encoding'] === 'br' ? brotliDecompressSync(response.body) : response.body;
  return { status: response.status, html: body.toString('utf8') };
}

describe('The client app as the server answers it, and its site configuration (real HTTP)', () => {
  let server: TestServer;
  let clientDist: string;
  let built: { html: string; script: string };

  beforeAll(async () => {
    clientDist = mkdtempSync(join(tmpdir(), 'lepinguturg-dist-'));
    built = writeClientBuild(clientDist);
    server = await startTestServer({
      seed: false,
      env: {
        CLIENT_DIST_DIR: clientDist,
        SOCIAL_MEDIA_ENABLED: 'true',
        TAG_MANAGER_ENABLED: 'true',
        TAG_MANAGER_ID: 'GTM-AB12CD3',
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(clientDist, { recursive: true, force: true });
  });

  const page = (path: string, acceptEncoding = '') =>
    rawGet(`${server.url}${path}`, acceptEncoding ? { 'accept-encoding': acceptEncoding } : {});

  describe('known pages answer 200, unknown paths 404, both with the app', () => {
    it.each([
      '/',
      '/en',
      '/otsing',
      '/otsing/tööleping',
      '/en/search/employment',
      '/dokument/tahtajaline-tooleping',
      '/en/document/employment-contract-estonia',
      '/ostukorv',
      '/kontaktid',
      '/missioon',
      '/ligipaasetavus',
      '/en/userterms',
      '/admin',
      '/en/admin/user/edit',
      '/admin/users',
      '/callback?code=abc&state=def',
      '/error',
    ])('%s is a page of the app: 200', async (path) => {
      const response = await page(encodeURI(path));
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body.toString('utf8')).toBe(built.html);
    });

    /** SPEC §2's route table as the spec writes it: Estonian at the root, English under /en. */
    const SPEC_PUBLIC_ROUTES: readonly (readonly [string, string])[] = [
      ['', ''],
      ['kontaktid', 'contacts'],
      ['tiim', 'team'],
      ['missioon', 'mission'],
      ['visioon', 'vision'],
      ['otsing', 'search'],
      ['otsing/leping', 'search/contract'],
      ['dokument/tahtajaline-tooleping', 'document/employment-contract-estonia'],
      ['login', 'login'],
      ['ostukorv', 'cart'],
      [
        'ostu-kokkuvote/3f1c2a9e-0000-4000-8000-000000000001',
        'purchase-summary/3f1c2a9e-0000-4000-8000-000000000001',
      ],
      ['kasutustingimused', 'termsofuse'],
      ['privaatustingimused', 'termsofprivacy'],
      [
        'maksekeskus/tagasi/3f1c2a9e-0000-4000-8000-000000000001',
        'paymentcenter/return/3f1c2a9e-0000-4000-8000-000000000001',
      ],
      ['maksekeskus/katkesta', 'paymentcenter/cancel'],
    ];
    /** SPEC §2's signed-in and admin area, under an optional language prefix and /admin. */
    const SPEC_ADMIN_ROUTES = [
      'payouts',
      'users',
      'payouts/edit',
      'payouts/edit/3f1c2a9e-0000-4000-8000-000000000002',
      'invoices',
      'purchases',
      'purchases/3f1c2a9e-0000-4000-8000-000000000001',
      'user/dashboard',
      'user/files',
      'user/edit',
      'user/upload',
      'user/upload/3f1c2a9e-0000-4000-8000-000000000003',
      'user/payouts',
      'user/payout',
      'user/sales',
    ];
    it.each([
      ...SPEC_PUBLIC_ROUTES.flatMap(([et, en]) => [`/${et}`, en ? `/en/${en}` : '/en']),
      ...SPEC_ADMIN_ROUTES.flatMap((path) => [`/admin/${path}`, `/en/admin/${path}`]),
      '/callback',
      '/logout',
    ])('SPEC §2 route %s answers 200 with the app', async (path) => {
      const response = await page(encodeURI(path));
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body.toString('utf8')).toBe(built.html);
    });

    it.each(['/see-lehte-pole', '/en/no-such-page', '/dokument', '/otsing/a/b', '/admin/nothing-here'])(
      '%s is unknown: 404 with the app, which shows "Page not found!"',
      async (path) => {
        const response = await page(path);
        expect(response.status).toBe(404);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.body.toString('utf8')).toBe(built.html);
      },
    );

    it('an unknown API path stays a JSON 404', async () => {
      const response = await page('/api/no-such-thing');
      expect(response.status).toBe(404);
      expect(JSON.parse(response.body.toString('utf8'))).toMatchObject({ code: 'ERROR.NOT_FOUND' });
    });
  });

  it('tells the client, by configuration, to show the share control and to use the tag manager', async () => {
    const response = await page('/api/config');
    expect(JSON.parse(response.body.toString('utf8'))).toMatchObject({
      socialMediaEnabled: true,
      tagManagerEnabled: true,
      tagManagerId: 'GTM-AB12CD3',
    });
  });

  describe('caching', () => {
    it('index.html is never taken from cache, at / and on every page', async () => {
      for (const path of ['/', '/otsing', '/see-lehte-pole']) {
        expect((await page(path)).headers['cache-control']).toBe('no-cache');
      }
    });

    it('hashed assets are kept for a year as immutable', async () => {
      for (const encoding of ['', 'gzip', 'br']) {
        const response = await page('/assets/index-AbCd1234.js', encoding);
        expect(response.status).toBe(200);
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
    });
  });

  describe('compression made at build time', () => {
    it('sends the brotli copy to a browser that accepts br, the gzip copy to one that accepts only gzip', async () => {
      const br = await page('/assets/index-AbCd1234.js', 'gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.body).toString('utf8')).toBe(built.script);

      const gzip = await page('/assets/index-AbCd1234.js', 'gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.body).toString('utf8')).toBe(built.script);
      expect(gzip.body.length).toBeLessThan(built.script.length / 5);
    });

    it('sends the file as it is to a client that accepts no compression', async () => {
      const plain = await page('/assets/index-AbCd1234.js');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString('utf8')).toBe(built.script);
    });

    it('compresses the app page too, on known and unknown paths', async () => {
      const home = await page('/', 'br');
      expect(home.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(home.body).toString('utf8')).toBe(built.html);

      const known = await page('/ostukorv', 'gzip, br');
      expect(known.status).toBe(200);
      expect(known.headers['content-encoding']).toBe('br');
      expect(known.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(known.body).toString('utf8')).toBe(built.html);

      const unknown = await page('/see-lehte-pole', 'gzip;q=1, br;q=0');
      expect(unknown.status).toBe(404);
      expect(unknown.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(unknown.body).toString('utf8')).toBe(built.html);
    });
  });
});

const REAL_BUILD = join(__dirname, '../../client/dist');
const describeWithRealBuild = existsSync(join(REAL_BUILD, 'client-preloads.json')) ? describe : describe.skip;

describeWithRealBuild('A page names the files its screen loads (the real client build)', () => {
  let server: TestServer;
  const manifest = existsSync(join(REAL_BUILD, '.vite/manifest.json'))
    ? (JSON.parse(readFileSync(join(REAL_BUILD, '.vite/manifest.json'), 'utf8')) as Record<
        string,
        { file: string; css?: string[] }
      >)
    : {};
  const file = (source: string) => `/${manifest[source]!.file}`;
  const cssOf = (source: string) => (manifest[source]?.css ?? []).map((css) => `/${css}`);

  beforeAll(async () => {
    server = await startTestServer({ seed: false, env: { CLIENT_DIST_DIR: REAL_BUILD } });
  });
  afterAll(async () => {
    await server?.close();
  });

  const preloaded = async (path: string, acceptEncoding = '') => {
    const { status, html } = await getPage(`${server.url}${encodeURI(path)}`, acceptEncoding);
    const links = [...html.matchAll(/<link rel="(modulepreload|preload)"[^>]* href="([^"]+)">/g)].map(
      ([, , href]) => href!,
    );
    return { status, html, links };
  };

  it('the cart page names its screen and its Estonian texts, so they load beside the shell', async () => {
    const { status, links } = await preloaded('/ostukorv');
    expect(status).toBe(200);
    expect(links).toEqual(
      expect.arrayContaining([
        file('src/features/basket/components/CartPage.tsx'),
        file('src/i18n/locales/et/basket.json'),
        file('src/i18n/locales/et/catalogue.json'),
      ]),
    );
    expect(links).not.toContain(file('src/i18n/locales/en/basket.json'));
  });

  it('the English cart page names the English texts', async () => {
    const { links } = await preloaded('/en/cart');
    expect(links).toEqual(expect.arrayContaining([file('src/i18n/locales/en/catalogue.json')]));
    expect(links).not.toContain(file('src/i18n/locales/et/catalogue.json'));
  });

  it('the search and document pages name their screen and its texts in the page’s language', async () => {
    for (const [path, source, texts] of [
      [
        '/otsing/tööleping',
        'src/features/search/components/SearchPage.tsx',
        'src/i18n/locales/et/search.json',
      ],
      [
        '/en/document/employment-contract-estonia',
        'src/features/documents/components/DocumentPage.tsx',
        'src/i18n/locales/en/documents.json',
      ],
    ] as const) {
      const { links } = await preloaded(path);
      expect(links).toEqual(expect.arrayContaining([file(source), file(texts)]));
    }
  });

  it('every file named is there, cached as immutable; the home page, part of the shell, names only what index.html names', async () => {
    const { links } = await preloaded('/ostukorv');
    expect(links.length).toBeGreaterThan(1);
    for (const href of links) {
      const response = await rawGet(`${server.url}${href}`);
      expect([href, response.status]).toEqual([href, 200]);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    // The home page (part of the shell) and an unknown path name only what index.html names.
    const indexLinks = [
      ...readFileSync(join(REAL_BUILD, 'index.html'), 'utf8').matchAll(
        /<link rel="modulepreload"[^>]* href="([^"]+)">/g,
      ),
    ].map(([, href]) => href!);
    expect((await preloaded('/')).links).toEqual(indexLinks);
    expect((await preloaded('/see-lehte-pole')).links).toEqual(indexLinks);
  });

  it("every page runs index.html's script, which blocks nothing: a public page comes rendered", async () => {
    for (const path of ['/otsing/tööleping', '/en/document/employment-contract', '/', '/ostukorv']) {
      const { html } = await preloaded(path);
      const scripts = [...html.matchAll(/<script type="module"([^>]*) src="([^"]+)"><\/script>/g)];
      expect([path, scripts.map(([, attributes, src]) => [attributes, src])]).toEqual([
        path,
        [[' crossorigin', file('index.html')]],
      ]);
    }
  });

  it('a public page (rendered on the server) applies its screen’s stylesheets; others only preload them', async () => {
    const stylesheets = (html: string) =>
      [...html.matchAll(/<link rel="stylesheet"[^>]* href="([^"]+)">/g)].map(([, href]) => href);
    const searchCss = cssOf('src/features/search/components/SearchPage.tsx');
    expect(searchCss.length).toBeGreaterThan(0);
    expect(stylesheets((await preloaded('/otsing')).html)).toEqual(expect.arrayContaining(searchCss));
    const cartCss = cssOf('src/features/basket/components/CartPage.tsx');
    const cart = await preloaded('/ostukorv');
    expect(cartCss.length).toBeGreaterThan(0);
    expect(cart.links).toEqual(expect.arrayContaining(cartCss));
    expect(stylesheets(cart.html)).not.toEqual(expect.arrayContaining(cartCss));
  });

  it('the compressed page is the same page', async () => {
    const plain = await preloaded('/otsing');
    const br = await preloaded('/otsing', 'br');
    expect(br.html).toBe(plain.html);
    expect(br.links.length).toBeGreaterThan(0);
  });
});

describe('A page carries the API’s answers to the requests its first render makes (real HTTP)', () => {
  let server: TestServer;
  let clientDist: string;

  beforeAll(async () => {
    clientDist = mkdtempSync(join(tmpdir(), 'lepinguturg-dist-'));
    writeClientBuild(clientDist);
    // The build writes the named routes beside the patterns (client/build-tools/client-routes.ts).
    writeFileSync(
      join(clientDist, 'client-routes.json'),
      JSON.stringify({ patterns: clientPathPatterns(), routes: ROUTES }),
    );
    rmSync(join(clientDist, 'client-routes.json.br'));
    rmSync(join(clientDist, 'client-routes.json.gz'));
    server = await startTestServer({ env: { CLIENT_DIST_DIR: clientDist } });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(clientDist, { recursive: true, force: true });
  });

  /** The answers the page at a path carries, by request, and the language they are in. */
  async function answersOf(path: string, acceptEncoding = '') {
    const { status, html } = await getPage(`${server.url}${encodeURI(path)}`, acceptEncoding);
    const element = /<script type="application\/json" id="page-answers">(.*?)<\/script><\/body>/s.exec(html);
    const written = element
      ? (JSON.parse(element[1]!) as { language: string; answers: Record<string, unknown> })
      : null;
    return { status, written, html };
  }

  const apiAnswer = async (url: string, language: string) =>
    (
      await fetch(`${server.url}${url}`, { headers: { 'accept-language': language } })
    ).json() as Promise<unknown>;

  it('the search page: the configuration, the catalogue’s choices and the first results, as the API answers them', async () => {
    const { status, written } = await answersOf('/otsing/leping?sort=newest&title=+&unknown=1');
    expect(status).toBe(200);
    expect(written?.language).toBe('et');
    const search = '/api/documents?limit=20&q=leping&sort=newest';
    expect(Object.keys(written!.answers).sort()).toEqual(['/api/catalogue/options', '/api/config', search]);
    expect(written!.answers[search]).toEqual(await apiAnswer(search, 'et'));
    expect((written!.answers[search] as { items: unknown[] }).items.length).toBeGreaterThan(0);
    expect(written!.answers['/api/catalogue/options']).toEqual(
      await apiAnswer('/api/catalogue/options', 'et'),
    );
    expect(written!.answers['/api/config']).toEqual(await apiAnswer('/api/config', 'et'));
  });

  it('the English document page: its document, in English', async () => {
    const { items } = (await apiAnswer('/api/documents?limit=1', 'en')) as { items: { slug: string }[] };
    const slug = items[0]!.slug;
    const { written } = await answersOf(`/en/document/${slug}`, 'br');
    expect(written?.language).toBe('en');
    expect(written!.answers[`/api/documents/${slug}`]).toEqual(
      await apiAnswer(`/api/documents/${slug}`, 'en'),
    );
  });

  it('an answer that is no success is left to the client, which shows its error', async () => {
    const missing = await answersOf('/dokument/seda-dokumenti-pole');
    expect(Object.keys(missing.written!.answers)).toEqual(['/api/config']);
  });

  it('a search link with values the search cannot use carries the results the page shows without them', async () => {
    const { written } = await answersOf('/otsing?q=leping&year=abc&sort=bogus&language=xx');
    const search = '/api/documents?limit=20&q=leping';
    expect(Object.keys(written!.answers).sort()).toEqual(['/api/catalogue/options', '/api/config', search]);
    expect(written!.answers[search]).toEqual(await apiAnswer(search, 'et'));
  });

  /** The cookies the page at a path carries (page-cookies.ts), for a request with the Cookie header given. */
  async function cookiesOf(path: string, cookie?: string) {
    const response = await rawGet(`${server.url}${encodeURI(path)}`, cookie ? { cookie } : {});
    const html = response.body.toString('utf8');
    const element = /<script type="application\/json" id="page-cookies">(.*?)<\/script>/s.exec(html);
    return { html, written: element ? (JSON.parse(element[1]!) as Record<string, string | null>) : null };
  }

  it('a page carries the cookies its first render reads (consent, accessibility), and no other cookie', async () => {
    const cookie =
      'lepinguturg.cookiesAccepted=1; session=secret-session-value; lepinguturg.accessibility=font-large%20contrast-high';
    for (const path of ['/', '/otsing', '/en/cart', '/dokument/seda-dokumenti-pole']) {
      const { html, written } = await cookiesOf(path, cookie);
      expect([path, written]).toEqual([
        path,
        { 'lepinguturg.cookiesAccepted': '1', 'lepinguturg.accessibility': 'font-large contrast-high' },
      ]);
      expect(html).not.toContain('secret-session-value');
    }
    expect((await cookiesOf('/otsing')).written).toEqual({
      'lepinguturg.cookiesAccepted': null,
      'lepinguturg.accessibility': null,
    });
  });

  it('a cookie that would end the element is written escaped, and read back as it was', async () => {
    const value = '</script><script>alert(1)</script>';
    const { html, written } = await cookiesOf('/', `lepinguturg.accessibility=${encodeURIComponent(value)}`);
    expect(written?.['lepinguturg.accessibility']).toBe(value);
    expect(html).not.toContain('<script>alert(1)');
  });

  it('the home page answers at / with the configuration; an unknown path carries no answers', async () => {
    expect(Object.keys((await answersOf('/')).written!.answers)).toEqual(['/api/config']);
    const unknown = await answersOf('/see-lehte-pole');
    expect(unknown.status).toBe(404);
    expect(unknown.written).toBeNull();
  });
});
