import { Script } from 'node:vm';
import { escapeHtml, signInPage, signUpPage } from './identity-pages';

const ctx = { lang: 'en', base: '/oidc/interaction/abc', signUpEnabled: true, alert: null } as const;

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

  it('labels every input and ships scripts that parse', () => {
    const html = signUpPage(ctx, '', {});
    for (const id of ['email', 'password', 'confirm_password']) {
      expect(html).toContain(`<label for="${id}">`);
      expect(html).toContain(`id="${id}"`);
    }
    for (const [, script] of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
      expect(() => new Script(script ?? '')).not.toThrow();
    }
    expect(html).toContain('data-rules=');
  });

  it('hides the sign-up tab when sign-up is off', () => {
    expect(signInPage(ctx, '', {})).toContain('view=sign-up');
    expect(signInPage({ ...ctx, signUpEnabled: false }, '', {})).not.toContain('view=sign-up');
  });
});
