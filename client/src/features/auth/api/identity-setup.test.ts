import { describe, expect, it } from 'vitest';
import type { ClientConfig } from '../../../api/types';
import { IdentityConfigurationError, checkIdentitySetup } from './get-openid-configuration';

const config = { issuer: 'https://auth.example.ee/realms/lt', clientId: 'web' } as ClientConfig;

describe('the identity configuration check (SPEC §8 "Configuration error")', () => {
  it('takes a discovery document of the configured issuer with its endpoints', () => {
    expect(() =>
      checkIdentitySetup(config, {
        issuer: 'https://auth.example.ee/realms/lt/',
        authorization_endpoint: 'https://auth.example.ee/a',
        token_endpoint: 'https://auth.example.ee/t',
      }),
    ).not.toThrow();
  });

  it('calls another issuer, or missing endpoints, a configuration error', () => {
    expect(() =>
      checkIdentitySetup(config, {
        issuer: 'https://other.example.ee',
        authorization_endpoint: 'https://auth.example.ee/a',
        token_endpoint: 'https://auth.example.ee/t',
      }),
    ).toThrow(IdentityConfigurationError);
    expect(() => checkIdentitySetup(config, { issuer: config.issuer })).toThrow(IdentityConfigurationError);
  });
});
