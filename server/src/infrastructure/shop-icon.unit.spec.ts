import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { signInPage } from './identity/embedded/identity-pages';
import { returnPage } from './payments/embedded-gateway/gateway-pages';
import { SHOP_ICON_DATA_URL } from './shop-icon';

const iconLink =
  '<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns=&#39;http://www.w3.org/2000/svg&#39;';

describe("the shop's icon", () => {
  it("is the one client/index.html names (so the pages' tab icon is the shop's)", () => {
    const index = readFileSync(join(__dirname, '../../../client/index.html'), 'utf8');
    expect(index).toContain(`href="${SHOP_ICON_DATA_URL}"`);
  });

  it('is named by the hosted sign-in pages and the test gateway, so browsers do not ask for /favicon.ico', () => {
    const signIn = signInPage(
      {
        lang: 'et',
        base: '/oidc/interaction/abc',
        signUpEnabled: true,
        alert: null,
        assets: '/oidc/assets',
        shop: { home: { et: '/', en: '/en' } },
      },
      '',
      {},
    );
    expect(signIn).toContain(iconLink);
    expect(
      returnPage('et', '/test-gateway', { action: '/x', json: '{}', mac: 'm', outcome: 'success' }),
    ).toContain(iconLink);
  });
});
