import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeApi, makeDocument } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const employment = makeDocument();

describe('checkout on the cart', () => {
  afterEach(() => vi.restoreAllMocks());

  it('offers the bank links of Estonia with their logos, and cards', async () => {
    const api = new FakeApi([employment]).givenBasketHolds([employment.id]);
    renderApp('/ostukorv', api);
    const methods = await screen.findByTestId('payment-methods');
    const banks = await within(methods).findByRole('group', { name: 'Pangalingid – Eesti' });
    expect(
      within(banks)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual(['SwedbankSwedbank', 'SEBSEB', 'LHVLHV', 'LuminorLuminor', 'Coop PankCoop Pank']);
    expect(within(methods).getByRole('group', { name: 'Kaardid' })).toBeTruthy();
    expect(screen.getByTestId<HTMLButtonElement>('cart-go-pay').disabled).toBe(true);
  });

  it('asks for the details and both ticks before confirming; then goes to pay at the gateway', async () => {
    const api = new FakeApi([employment]).givenBasketHolds([employment.id]);
    renderApp('/ostukorv', api);
    await screen.findByTestId('payment-method-swedbank');

    await userEvent.click(screen.getByTestId('cart-confirm'));
    expect(screen.getByTestId('field-error-email').textContent).toBe('Väli on kohustuslik');
    expect(screen.getByTestId('field-error-previewsSeen').textContent).toBe(
      'Palun kinnitage, et olete näinud ostetavate dokumentide näidiste eelvaateid',
    );
    expect(screen.getByTestId('field-error-termsAccepted').textContent).toBe(
      'Ostutingimustega ei ole nõustutud!',
    );
    expect(screen.getByTestId('field-error-paymentMethod').textContent).toBe('Palun valige makseviis');
    expect(api.requests.some((r) => r.path.endsWith('/confirmation'))).toBe(false);

    await userEvent.type(screen.getByLabelText('E-post'), 'mari@example.ee');
    await userEvent.type(screen.getByLabelText('Eesnimi'), 'Mari');
    await userEvent.type(screen.getByLabelText('Perekonnanimi'), 'Maasikas');
    await userEvent.type(screen.getByLabelText('Aadress'), 'Tartu mnt 1, Tallinn');
    expect(screen.getByLabelText<HTMLSelectElement>('Arveldusaadressi riik').value).toBe('EE');
    await userEvent.click(screen.getByLabelText('Soovin käibemaksuarvet'));
    await userEvent.type(screen.getByLabelText('Ettevõtte nimi (või teie nimi)'), 'Firma OÜ');
    await userEvent.type(screen.getByLabelText('Registrikood (ettevõttel)'), '12345678');
    await userEvent.click(screen.getByTestId('payment-method-swedbank'));
    await userEvent.click(screen.getByTestId('checkout-previewsSeen'));
    await userEvent.click(screen.getByTestId('checkout-termsAccepted'));
    await userEvent.click(screen.getByTestId('cart-confirm'));

    await screen.findByTestId('checkout-confirmed');
    const sent = api.requests.find((r) => r.method === 'POST' && r.path.endsWith('/confirmation'));
    expect(sent?.body).toEqual({
      email: 'mari@example.ee',
      firstName: 'Mari',
      lastName: 'Maasikas',
      address: 'Tartu mnt 1, Tallinn',
      country: 'EE',
      previewsSeen: true,
      termsAccepted: true,
      invoice: { companyName: 'Firma OÜ', registryCode: '12345678', vatNumber: null },
      paymentMethod: 'banklink:ee:swedbank',
      expectedTotal: 1240,
      countryOfResidence: null,
      payWithVatWhileViesUnavailable: false,
    });
    // The VAT the buyer's details lead to was shown before confirming.
    expect(api.requests.some((r) => r.method === 'POST' && r.path.endsWith('/vat-quote'))).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('E-post').disabled).toBe(true);
    // Focus on the next step, not on the page.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('cart-go-pay')));

    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    await userEvent.click(screen.getByTestId('cart-go-pay'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/test-gateway/pay/t-1'));

    // Changing the details again: focus on their first field, open for typing.
    await userEvent.click(screen.getByTestId('checkout-change'));
    // Focus moves once the reopened form is drawn; a busy machine may take longer than a second.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('E-post')), {
      timeout: 5_000,
    });
    expect(screen.getByLabelText<HTMLInputElement>('E-post').disabled).toBe(false);
  }, 30_000);
});
