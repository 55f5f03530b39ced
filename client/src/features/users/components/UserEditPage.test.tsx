import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readSession } from '../../../stores/session-store';
import { FakeApi, makeUser } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { givenSignedIn } from '../../../test/session';

function input(testId: string) {
  return screen.getByTestId<HTMLInputElement>(testId);
}

describe('My data', () => {
  it('asks for the missing data and validates like the server before saving', async () => {
    const api = new FakeApi();
    givenSignedIn(api, makeUser({ firstName: '', lastName: '', termsAccepted: false }));
    renderApp('/en/admin/user/edit', api);

    expect((await screen.findByTestId('profile-required-notice')).textContent).toBe(
      'Please insert necessary data to proceed!',
    );
    expect(input('profile-email').readOnly).toBe(true);
    expect(input('profile-email').value).toBe('mari@example.ee');
    expect(screen.getAllByText('Always public: shown as the uploader of your documents.')).toHaveLength(2);

    await userEvent.click(input('profile-address'));
    await userEvent.paste('x'.repeat(501));
    await userEvent.type(input('profile-dateOfBirth'), '2999-01-01');
    await userEvent.click(screen.getByTestId('profile-save'));

    expect(screen.getByTestId('field-error-profile-firstName').textContent).toBe('Field is required');
    expect(screen.getByTestId('field-error-profile-lastName').textContent).toBe('Field is required');
    expect(screen.getByTestId('field-error-profile-address').textContent).toBe(
      'Maximum 500 characters allowed',
    );
    expect(screen.getByTestId('field-error-profile-dateOfBirth').textContent).toBe(
      'Enter a real date in the past',
    );
    // The terms are not a condition for saving: the server accepts a profile without them.
    expect(screen.queryByTestId('field-error-profile-acceptTerms')).toBeNull();
    expect(input('profile-firstName').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input('profile-firstName'));
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Form has errors!')).toBeTruthy();
    expect(api.requests.some((r) => r.path === '/api/user/update')).toBe(false);

    // Errors follow the input once the form was submitted.
    await userEvent.type(input('profile-firstName'), 'Jüri');
    expect(screen.queryByTestId('field-error-profile-firstName')).toBeNull();
  });

  it('saved without the terms: says at the box that they are not accepted, and focuses it', async () => {
    const api = new FakeApi();
    givenSignedIn(api, makeUser({ termsAccepted: false }));
    const { router } = renderApp('/en/admin/user/edit', api);

    await userEvent.click(await screen.findByTestId('profile-save'));

    const error = await screen.findByTestId('field-error-profile-acceptTerms');
    expect(screen.getByText('Your data has been saved!')).toBeTruthy();
    expect(error.textContent).toBe('User terms not accepted!');
    const box = screen.getByTestId<HTMLInputElement>('profile-terms');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(box);
    expect(router.state.location.pathname).toBe('/en/admin/user/edit');

    // Ticking the box answers it.
    await userEvent.click(box);
    expect(screen.queryByTestId('field-error-profile-acceptTerms')).toBeNull();
  });

  it('saves the profile with the public flags and the terms acceptance, and updates the session', async () => {
    const api = new FakeApi();
    givenSignedIn(api, makeUser({ firstName: '', lastName: '', termsAccepted: false }));
    const { router } = renderApp('/admin/user/edit', api);

    await userEvent.type(await screen.findByTestId('profile-firstName'), 'Jüri');
    await userEvent.type(input('profile-lastName'), 'Juurikas');
    await userEvent.type(input('profile-dateOfBirth'), '1980-05-17');
    await userEvent.selectOptions(screen.getByTestId('profile-country'), 'EE');
    expect(within(screen.getByTestId('profile-country')).getByRole('option', { name: 'Läti' })).toBeTruthy();
    await userEvent.selectOptions(screen.getByTestId('profile-language'), 'et');
    await userEvent.type(input('profile-organization'), 'Juurikas OÜ');
    await userEvent.click(screen.getByTestId('profile-public-email'));
    await userEvent.click(screen.getByLabelText('Näita avalikult: Organisatsioon'));
    await userEvent.click(screen.getByTestId('profile-terms'));
    await userEvent.click(screen.getByTestId('profile-save'));

    const toast = await screen.findByText('Teie andmed on salvestatud!');
    expect(toast).toBeTruthy();
    const update = api.requests.find((r) => r.path === '/api/user/update')!;
    expect(update.method).toBe('POST');
    expect(update.headers.get('Authorization')).toMatch(/^Bearer /);
    expect(update.body).toMatchObject({
      firstName: 'Jüri',
      lastName: 'Juurikas',
      dateOfBirth: '1980-05-17',
      country: 'EE',
      language: 'et',
      organization: 'Juurikas OÜ',
      acceptTerms: true,
      public: { email: true, organization: true, address: false },
    });

    const user = readSession().user!;
    expect(user.termsAccepted).toBe(true);
    expect(user.fullName).toBe('Jüri Juurikas');
    expect(screen.queryByTestId('profile-required-notice')).toBeNull();
    expect(screen.getByTestId<HTMLInputElement>('profile-terms').disabled).toBe(true);
    expect(screen.getByTestId('user-menu-name').textContent).toBe('Jüri Juurikas');

    // With the terms accepted the rest of the site opens.
    await userEvent.click(screen.getByTestId('sidebar-item-search'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/otsing'));
  });

  it('after accepting the terms, goes on to the page the user was sent away from', async () => {
    const api = new FakeApi();
    givenSignedIn(api, makeUser({ termsAccepted: false }));
    const { router } = renderApp('/ostukorv', api);

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/user/edit'));
    expect(readSession().redirectPage).toEqual({ name: 'cart', params: {} });
    await userEvent.click(await screen.findByTestId('profile-terms'));
    await userEvent.click(screen.getByTestId('profile-save'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/ostukorv'));
    expect(readSession().redirectPage).toBeNull();
  });

  it('links the terms to accept to the user terms page', async () => {
    const api = new FakeApi();
    givenSignedIn(api, makeUser({ termsAccepted: false }));
    renderApp('/en/admin/user/edit', api);
    // The page follows the English path once the English texts of its areas are there.
    const link = await screen.findByTestId('profile-terms-link');
    await waitFor(() => expect(link.getAttribute('href')).toBe('/en/userterms'));
  });

  it("shows the server's field errors under the fields", async () => {
    const api = new FakeApi();
    givenSignedIn(api, makeUser());
    api.updateFieldErrors = { organization: ['Serveri sõnum organisatsiooni kohta'] };
    renderApp('/admin/user/edit', api);
    await userEvent.click(await screen.findByTestId('profile-save'));
    expect((await screen.findByTestId('field-error-profile-organization')).textContent).toBe(
      'Serveri sõnum organisatsiooni kohta',
    );
    expect(await screen.findByText('Vormil on vigu!')).toBeTruthy();
    // Editing the field clears the server's message for it.
    await userEvent.type(input('profile-organization'), 'OÜ');
    expect(screen.queryByTestId('field-error-profile-organization')).toBeNull();
  });

  it('lets an uploader choose which mails the shop sends them, each saved as it is ticked', async () => {
    const api = new FakeApi();
    givenSignedIn(api, makeUser({ termsAccepted: true }));
    renderApp('/en/admin/user/edit', api);
    const sales = await screen.findByRole<HTMLInputElement>('checkbox', {
      name: 'when a document of mine is bought',
    });
    await waitFor(() => expect(sales.getAttribute('aria-disabled')).toBeNull());
    expect(sales.checked).toBe(true);
    await userEvent.click(sales);
    expect((await screen.findByTestId('mail-settings-status')).textContent).toBe('Saved.');
    expect(api.mailSettings).toEqual({ sales: false, payouts: true, files: true });
    expect(sales.checked).toBe(false);
    expect(document.activeElement).toBe(sales);
  });
});
