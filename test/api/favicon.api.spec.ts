import { SHOP_ICON_SVG } from '../../server/src/infrastructure/shop-icon';
import { type TestServer, startTestServer } from '../support/test-server';

describe('/favicon.ico (real HTTP)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ seed: false });
  });
  afterAll(async () => server?.close());

  it("answers the shop's icon, cached for a while, to browsers that ask for it (a PDF they show, say)", async () => {
    const response = await fetch(`${server.url}/favicon.ico`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(await response.text()).toBe(SHOP_ICON_SVG);
    const head = await fetch(`${server.url}/favicon.ico`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });

  it('names the icon on the hosted sign-in page, which the browser reaches from /login', async () => {
    const discovery = (await (await fetch(`${server.url}/oidc/.well-known/openid-configuration`)).json()) as {
      authorization_endpoint: string;
    };
    const params = new URLSearchParams({
      client_id: 'lepinguturg-web',
      response_type: 'code',
      scope: 'openid email',
      redirect_uri: `${server.url}/callback`,
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      state: 'state-of-this-test',
    });
    const authorize = await fetch(`${discovery.authorization_endpoint}?${params.toString()}`, {
      redirect: 'manual',
    });
    const location = authorize.headers.get('location') ?? '';
    expect(location).toMatch(/\/oidc\/interaction\//);
    const cookie = authorize.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const page = await fetch(new URL(location, server.url), { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<link rel="icon" href="data:image/svg+xml,');
  });
});
