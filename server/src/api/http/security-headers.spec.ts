import { loadConfig } from '../../config/app-config';
import { contentSecurityPolicy } from './security-headers';

const policy = (env: Record<string, string>) => {
  const config = loadConfig({ DATA_DIR: '/nonexistent', ...env });
  return contentSecurityPolicy(config, config.publicUrl.startsWith('https://'));
};

describe('Content-Security-Policy directives (security-headers.ts)', () => {
  it('allows only this origin for scripts and styles, nobody to frame the app, forms only back here', () => {
    const csp = policy({});
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['style-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
  });

  it('lets the client reach an external issuer, and upgrades requests over https', () => {
    const csp = policy({
      PUBLIC_URL: 'https://lepinguturg.ee',
      OIDC_ISSUER: 'https://cognito-idp.eu-north-1.amazonaws.com/eu-north-1_abc',
    });
    expect(csp['connect-src']).toEqual(["'self'", 'https://cognito-idp.eu-north-1.amazonaws.com']);
    expect(csp['upgrade-insecure-requests']).toEqual([]);
  });

  it("admits the tag manager's hosts only when it is configured", () => {
    expect(policy({})['script-src']).not.toContain('https://www.googletagmanager.com');
    const csp = policy({ TAG_MANAGER_ENABLED: 'true', TAG_MANAGER_ID: 'GTM-AB12CD3' });
    expect(csp['script-src']).toEqual(["'self'", 'https://www.googletagmanager.com']);
    expect(csp['connect-src']).toContain('https://*.google-analytics.com');
  });
});
