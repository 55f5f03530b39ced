import { Script } from 'node:vm';
import { HOSTED_PAGES_JS, accessibilityClasses } from './identity-page-assets';
import { type PageContext, escapeHtml, logoutPage, signInPage, signUpPage } from './identity-pages';

const ctx: PageContext = {
  lang: 'en',
  base: '/oidc/interaction/abc',
  signUpEnabled: true,
  alert: null,
  assets: '/oidc/assets',
  shop: { home: { et: 'https://lepinguturg.ee/', en: 'https://lepinguturg.ee/en' } },
};

describe('identity pages', () => {
  it('escapes what it is given', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const html = signInPage({ ...ctx, alert: { kind: 'error', text: '<script>x</script>' } }, '"><b>', {
      email: ['<i>'],
    });
    expect(html).not.toContain('<script>x');
    expect(html).not.toContain('"><b>');
    expect(html).not.toContain('<i>');
  });

  it('labels every input, and keeps style and script in files (no inline code for the CSP to refuse)', () => {
    const html = signUpPage(ctx, '', {});
    for (const id of ['email', 'password', 'confirm_password']) {
      expect(html).toContain(`<label for="${id}">`);
      expect(html).toContain(`id="${id}"`);
    }
    expect(html).toContain('<link rel="stylesheet" href="/oidc/assets/hosted-pages.css">');
    expect(html).toContain('<script src="/oidc/assets/hosted-pages.js" defer></script>');
    expect(html).not.toMatch(/<style|<script>|\sstyle=|\son[a-z]+=/);
    expect(logoutPage(ctx, '<form id="op.logoutForm"></form>')).not.toMatch(/<script>|\son[a-z]+=/);
    expect(() => new Script(HOSTED_PAGES_JS)).not.toThrow();
    expect(html).toContain('data-rules=');
  });

  it("wears the shop's header: the logo leads home in the page's language, and a link back to the shop", () => {
    const html = signInPage(ctx, '', {});
    expect(html).toContain('<a class="topbar__logo" href="https://lepinguturg.ee/en">');
    expect(html).toContain('<a href="https://lepinguturg.ee/en">← Back to the shop</a>');
    const et = signInPage({ ...ctx, lang: 'et' }, '', {});
    expect(et).toContain('← Tagasi poodi</a>');
    expect(et).toContain('<span class="logo__tagline">dokumendipõhjad</span>');
  });

  it("takes the shop's text size and contrast from its accessibility cookie", () => {
    expect(accessibilityClasses('a=1; lepinguturg.accessibility=font-large%20contrast-high')).toEqual([
      'font-large',
      'contrast-high',
    ]);
    expect(accessibilityClasses('lepinguturg.accessibility=evil"class')).toEqual([]);
    expect(signInPage({ ...ctx, htmlClasses: ['font-largest'] }, '', {})).toContain(
      '<html lang="en" class="font-largest">',
    );
  });

  it('hides the sign-up tab when sign-up is off', () => {
    expect(signInPage(ctx, '', {})).toContain('view=sign-up');
    expect(signInPage({ ...ctx, signUpEnabled: false }, '', {})).not.toContain('view=sign-up');
  });
});
