import { loadConfig } from '../../config/app-config';
import { cardFormPage, cardNoticePage } from './card-payment.page';
import { cardPagePolicy } from './card-payment.controller';

const directivesOf = (policy: string): Map<string, string[]> =>
  new Map(
    policy.split('; ').map((directive) => {
      const [name, ...sources] = directive.split(' ');
      return [name!, sources];
    }),
  );

describe('The card payment page', () => {
  const config = loadConfig({ PUBLIC_URL: 'https://lepinguturg.ee' });
  const live = 'https://payment.maksekeskus.ee/checkout/dist/checkout.js';

  it("admits MakeCommerce's card form where its script needs it, and nothing else besides the app's own policy", () => {
    const policy = directivesOf(cardPagePolicy(config, true, live));
    for (const name of ['script-src', 'frame-src', 'connect-src', 'img-src', 'style-src', 'form-action']) {
      expect(policy.get(name)).toContain('https://payment.maksekeskus.ee');
      expect(policy.get(name)).toContain("'self'");
    }
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('style-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.has('upgrade-insecure-requests')).toBe(true);
  });

  it('opens the form with the publishable key and the transaction, and has no inline script or style', () => {
    const html = cardFormPage('et', {
      transactionId: 'trx-1',
      reference: '0193f2a4-7c1e-7b2a-9d3e-1f2a3b4c5d6e',
      amount: 2490,
      publishableKey: 'publishable"<key>',
      scriptUrl: live,
      returnUrl: 'https://lepinguturg.ee/payments/makecommerce/return',
    });
    expect(html).toContain('data-key="publishable&quot;&lt;key&gt;"');
    expect(html).toContain('data-amount="24.90"');
    expect(html).toContain(`<script src="${live}"></script>`);
    expect(html).toContain('<dd data-testid="card-payment-purchase">0193F2A4</dd>');
    expect(html).toContain(
      '<form id="card-return" method="post" action="https://lepinguturg.ee/payments/makecommerce/return">',
    );
    expect(html).not.toMatch(/<script>|<style|style="/);
    expect(html).toContain('>Maksa kaardiga</button>');
    expect(html).toContain('href="/ostukorv"');
  });

  it('says why there is nothing to pay, in both languages, with the way back to the basket', () => {
    expect(cardNoticePage('en', 'paid')).toContain('This payment has already been made.');
    expect(cardNoticePage('en', 'paid')).toContain('href="/en/cart"');
    expect(cardNoticePage('et', 'noCards')).toContain('Kaardimakse ei ole praegu saadaval.');
  });
});
