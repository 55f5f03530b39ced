import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeApi, makeUser } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { givenSignedIn } from '../../../test/session';

function settings() {
  return {
    email: 'mari@example.ee',
    emailVerified: true,
    phoneNumber: null,
    phoneNumberVerified: false,
    pendingPhoneNumber: null,
    smsMfaEnabled: false,
    linkedProviders: ['google'],
    devices: [
      {
        id: 'd1',
        name: 'Chrome on Linux',
        createdAt: '2026-11-20T10:00:00.000Z',
        lastUsedAt: '2026-11-25T10:00:00.000Z',
        expiresAt: '2026-12-20T10:00:00.000Z',
      },
    ],
    callingCodes: [
      { country: 'EE', code: '+372' },
      { country: 'FI', code: '+358' },
    ],
  };
}

describe('My data: sign-in settings of the identity provider', () => {
  it('verifies a new phone number with the SMS code, and shows the server’s field errors', async () => {
    const api = new FakeApi();
    api.accountSettings = settings();
    givenSignedIn(api, makeUser());
    renderApp('/en/admin/user/edit', api);

    const phone = await screen.findByTestId('phone-settings');
    expect(within(phone).getByText('No phone number yet.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLSelectElement>('Country code').value).toBe('+372');
    expect(within(screen.getByTestId('linked-providers')).getByText('Google')).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Phone number'), '612 3456');
    await userEvent.click(screen.getByTestId('phone-send-code'));
    expect((await screen.findByTestId('field-error-phone-number')).textContent).toBe(
      'This number cannot receive text messages.',
    );

    await userEvent.clear(screen.getByLabelText('Phone number'));
    await userEvent.type(screen.getByLabelText('Phone number'), '5123 4567');
    await userEvent.click(screen.getByTestId('phone-send-code'));
    expect((await screen.findByTestId('phone-code-sent')).textContent).toBe(
      'We sent a code to +372 •••• 4567.',
    );
    expect(api.requests.filter((r) => r.path === '/api/user/account/phone').at(-1)?.body).toEqual({
      countryCode: '+372',
      phoneNumber: '5123 4567',
    });

    await userEvent.type(screen.getByLabelText('Code'), '000000');
    await userEvent.click(screen.getByTestId('phone-confirm'));
    expect((await screen.findByTestId('field-error-phone-code')).textContent).toBe(
      'Invalid verification code provided, please try again.',
    );
    await userEvent.clear(screen.getByLabelText('Code'));
    await userEvent.type(screen.getByLabelText('Code'), '123456');
    await userEvent.click(screen.getByTestId('phone-confirm'));
    const current = await screen.findByTestId('phone-current');
    expect(current.textContent).toContain('+37251234567');
    expect(current.textContent).toContain('Verified');
  });

  it('lists remembered devices and forgets one', async () => {
    const api = new FakeApi();
    api.accountSettings = settings();
    givenSignedIn(api, makeUser());
    renderApp('/en/admin/user/edit', api);

    const row = await screen.findByTestId('device-row');
    expect(row.textContent).toContain('Chrome on Linux');
    expect(row.textContent).toContain('20.12.2026');
    await userEvent.click(screen.getByRole('button', { name: 'Forget Chrome on Linux' }));
    expect(await screen.findByTestId('devices-empty')).toBeTruthy();
    expect(api.requests.some((r) => r.method === 'DELETE' && r.path === '/api/user/account/devices/d1')).toBe(
      true,
    );
  });

  it('shows nothing when an external provider keeps these settings', async () => {
    const api = new FakeApi();
    givenSignedIn(api, makeUser());
    renderApp('/en/admin/user/edit', api);
    await screen.findByTestId('profile-form');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('sign-in-settings')).toBeNull();
  });
});
