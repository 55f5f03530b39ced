import { compileRouteTable } from './client-routes';
import { type AnswerApi, pageAnswers, pageAnswersElement, pageRequests } from './page-answers';

const routeOf = compileRouteTable({
  home: { et: '/', en: '/en' },
  search: { et: '/otsing/:keyWord?', en: '/en/search/:keyWord?' },
  searchUploader: { et: '/otsing/uleslaadija/:uploaderId', en: '/en/search/uploader/:uploaderId' },
  document: { et: '/dokument/:slug', en: '/en/document/:slug' },
  mission: { et: '/missioon', en: '/en/mission', hash: 'mission' },
});

describe('the route table the server reads (client-routes.json)', () => {
  it.each([
    ['/', { name: 'home', language: 'et', params: {} }],
    ['/en/', { name: 'home', language: 'en', params: {} }],
    ['/otsing', { name: 'search', language: 'et', params: {} }],
    ['/otsing/t%C3%B6%C3%B6leping', { name: 'search', language: 'et', params: { keyWord: 'tööleping' } }],
    ['/otsing/uleslaadija/abc', { name: 'searchUploader', language: 'et', params: { uploaderId: 'abc' } }],
    ['/en/document/lease', { name: 'document', language: 'en', params: { slug: 'lease' } }],
    ['/missioon', { name: 'mission', language: 'et', params: {} }],
  ])('%s is %j', (path, route) => expect(routeOf(path)).toEqual(route));

  it.each(['/mission', '/otsing/a/b', '/%E0%A4%A'])('%s is no named route', (path) =>
    expect(routeOf(path)).toBeUndefined(),
  );
});

describe('the requests a page’s first render makes', () => {
  const requests = (path: string) => {
    const [pathname = '', query = ''] = path.split('?');
    return pageRequests(routeOf(pathname), new URLSearchParams(query));
  };

  it('every page reads the configuration', () => {
    expect(requests('/')).toEqual(['/api/config']);
    expect(requests('/missioon')).toEqual(['/api/config']);
    expect(pageRequests(undefined, new URLSearchParams())).toEqual(['/api/config']);
  });

  it('the search page: the catalogue’s choices and the first 20 results of its filters, as the client asks', () => {
    expect(requests('/otsing')).toEqual(['/api/config', '/api/catalogue/options', '/api/documents?limit=20']);
    expect(
      requests('/otsing/t%C3%B6%C3%B6?q=ignored&sort=price-asc&title=+&year=2024&author=Mari+Maasikas&x=1'),
    ).toEqual([
      '/api/config',
      '/api/catalogue/options',
      '/api/documents?limit=20&q=t%C3%B6%C3%B6&author=Mari+Maasikas&year=2024&sort=price-asc',
    ]);
    expect(requests('/en/search?sort=cheapest&format=pdf')[2]).toBe('/api/documents?limit=20&format=pdf');
    const uploader = '3f6c2a1e-8b4d-4c7a-9e21-5d0b7f3a1c84';
    expect(requests(`/otsing/uleslaadija/${uploader}?uploaderId=other`)[2]).toBe(
      `/api/documents?limit=20&uploaderId=${uploader}`,
    );
  });

  it('the search page: what the search cannot use is left out, as the client leaves it out', () => {
    expect(
      requests(`/otsing?q=leping&sort=bogus&year=abc&language=xx&format=pdf&title=${'x'.repeat(201)}`)[2],
    ).toBe('/api/documents?limit=20&q=leping&format=pdf');
    expect(requests('/otsing?year=1850&fieldOfLaw=employment')[2]).toBe(
      '/api/documents?limit=20&fieldOfLaw=employment',
    );
    // An uploader path whose id is no id shows "Uploader not found" and searches nothing.
    expect(requests('/otsing/uleslaadija/u-1')).toEqual(['/api/config', '/api/catalogue/options']);
  });

  it('the document page: its document', () => {
    expect(requests('/en/document/lease%20x')).toEqual(['/api/config', '/api/documents/lease%20x']);
  });
});

describe('the answers a page carries', () => {
  const visitor = { language: 'et', remoteAddress: '203.0.113.5', siteUrl: 'https://lepinguturg.ee' };

  it('holds the successes and the not-found refusals, in the page’s language, asked as the visitor', async () => {
    const asked: Parameters<AnswerApi>[] = [];
    const answer: AnswerApi = (url, headers) => {
      asked.push([url, headers]);
      const statusCode = { '/api/missing': 404, '/api/deleted': 410, '/api/limited': 429 }[url] ?? 200;
      return Promise.resolve({
        statusCode,
        body: statusCode === 200 ? '{"a":"</script><b>"}' : '{"code":"X"}',
      });
    };
    const written = await pageAnswers(
      ['/api/config', '/api/missing', '/api/deleted', '/api/limited'],
      answer,
      visitor,
    );
    expect(asked.map(([url, headers]) => [url, headers.language, headers.remoteAddress])).toEqual([
      ['/api/config', 'et', '203.0.113.5'],
      ['/api/missing', 'et', '203.0.113.5'],
      ['/api/deleted', 'et', '203.0.113.5'],
      ['/api/limited', 'et', '203.0.113.5'],
    ]);
    expect(written).toEqual({
      language: 'et',
      siteUrl: 'https://lepinguturg.ee',
      answers: { '/api/config': { a: '</script><b>' } },
      failures: { '/api/missing': 404, '/api/deleted': 410 },
    });

    const element = pageAnswersElement(written);
    expect(element).toMatch(/^<script type="application\/json" id="page-answers">.*<\/script>$/);
    const json = element.slice(element.indexOf('>') + 1, -'</script>'.length);
    // Nothing inside can end the element early.
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual(written);
  });
});
