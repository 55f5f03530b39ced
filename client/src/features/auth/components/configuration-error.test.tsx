import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

describe('sign-in without an identity configuration (SPEC §8 NoUserPoolError)', () => {
  it('shows the configuration error text and logs the details to the console', async () => {
    const api = new FakeApi();
    api.config = { ...api.config, issuer: '', clientId: '' };
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/en/login', api);
    expect((await screen.findByTestId('login-failed')).textContent).toBe(
      'Configuration error (see console) – please contact the administrator',
    );
    // Not a passing outage: no "try again" (the text of the other failure).
    expect(screen.getByTestId('login-failed').querySelector('button')).toBeNull();
    expect(errors).toHaveBeenCalledWith('Login could not start', expect.any(Error));
    errors.mockRestore();
  });
});
