import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FAKE_PURCHASE_ID, FakeApi, makeDocument } from '../../../test/fake-api';
import { normalizeSpaces, renderApp } from '../../../test/render-app';

const employment = makeDocument();
const nda = makeDocument({
  id: '0195f0c2-0000-7000-8000-000000000002',
  slug: 'nda',
  title: 'Konfidentsiaalsusleping',
  price: 2500,
});

describe('cart screen', () => {
  it('lists the documents and the totals of the basket', async () => {
    const api = new FakeApi([employment, nda]).givenBasketHolds([employment.id, nda.id]);
    renderApp('/ostukorv', api);

    const lines = await screen.findAllByTestId('cart-line');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getByRole('link', { name: 'Tööleping' }).getAttribute('href')).toBe(
      '/dokument/toeoeleping',
    );
    const basket = api.basket(api.basketId);
    // The net prices 10,00 + 20,16; Estonian VAT 24 % on their sum, rounded once: 7,24.
    expect(basket.subtotal).toBe(3016);
    expect(normalizeSpaces(screen.getByTestId('cart-subtotal').textContent)).toBe('30,16 €');
    expect(normalizeSpaces(screen.getByTestId('cart-total').textContent)).toBe('37,40 €');
    expect(screen.getByTestId('cart-vat-label').textContent).toBe('Käibemaks 24% (Eesti)');
    expect(screen.getByTestId('cart-vat').getAttribute('data-cents')).toBe(String(basket.vat));
    expect(screen.getByTestId('cart-service-fee').getAttribute('data-cents')).toBe(String(basket.serviceFee));
    expect(normalizeSpaces(screen.getByTestId('basket-amount').textContent)).toBe('37,40 €');
  });

  it('shows English totals on the English cart route', async () => {
    const api = new FakeApi([employment]).givenBasketHolds([employment.id]);
    renderApp('/en/cart', api);
    await screen.findByTestId('cart-line');
    // The English texts may arrive a moment after the page: wait for them.
    await screen.findByRole('heading', { level: 1, name: 'Shopping cart' });
    expect(screen.getByTestId('cart-total').textContent).toBe('€12.40');
  });

  it('removes one document', async () => {
    const api = new FakeApi([employment, nda]).givenBasketHolds([employment.id, nda.id]);
    renderApp('/ostukorv', api);
    await screen.findAllByTestId('cart-line');

    await userEvent.click(screen.getByRole('button', { name: 'Eemalda „Tööleping“ ostukorvist' }));

    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(1));
    expect(normalizeSpaces(screen.getByTestId('cart-total').textContent)).toBe('25,00 €');
    // Focus on the list as it is now: the line that took the removed one's place.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Eemalda „Konfidentsiaalsusleping“ ostukorvist' }),
      ),
    );
  });

  it('removing the last document puts focus on the empty cart’s way on', async () => {
    const api = new FakeApi([employment]).givenBasketHolds([employment.id]);
    renderApp('/ostukorv', api);
    await screen.findByTestId('cart-line');

    await userEvent.click(screen.getByRole('button', { name: 'Eemalda „Tööleping“ ostukorvist' }));

    const empty = await screen.findByTestId('cart-empty');
    await waitFor(() => expect(document.activeElement).toBe(within(empty).getByRole('link')));
  });

  it('clears the basket only after confirmation', async () => {
    const api = new FakeApi([employment]).givenBasketHolds([employment.id]);
    renderApp('/ostukorv', api);
    await screen.findByTestId('cart-line');

    await userEvent.click(screen.getByTestId('cart-clear'));
    expect(screen.getByRole('dialog', { name: 'Kas tühjendada ostukorv?' })).toBeTruthy();
    await userEvent.click(screen.getByTestId('modal-cancel'));
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);

    await userEvent.click(screen.getByTestId('cart-clear'));
    await userEvent.click(screen.getByTestId('modal-confirm'));
    expect((await screen.findByTestId('cart-empty')).textContent).toContain('Ostukorv on tühi!');
    expect(screen.queryByTestId('cart-line')).toBeNull();
  });

  it('says the basket is empty when nothing was added', async () => {
    await i18nEnglish();
    renderApp('/en/cart', new FakeApi([employment]));
    expect((await screen.findByTestId('cart-empty')).textContent).toContain('The basket is empty!');
  });

  it('a basket of only free documents: the e-mail and the terms, then the files; nothing says pay', async () => {
    const free = makeDocument({ id: '0195f0c2-0000-7000-8000-000000000009', slug: 'tasuta', price: 0 });
    const api = new FakeApi([free]).givenBasketHolds([free.id]);
    const { router } = renderApp('/en/cart', api);
    const form = await screen.findByTestId('free-cart-form');
    expect(screen.queryByTestId('checkout-form')).toBeNull();
    expect(document.body.textContent).not.toMatch(/Go pay|payment method/i);
    await userEvent.click(within(form).getByRole('button', { name: 'Get them free' }));
    expect(within(form).getByText('Enter the e-mail the links go to.')).toBeTruthy();
    expect(within(form).getByText('Accept the terms of use to get the files.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByTestId('free-checkout-email'));
    await userEvent.type(screen.getByTestId('free-checkout-email'), 'mari@example.ee');
    await userEvent.click(screen.getByTestId('free-checkout-terms'));
    await userEvent.click(within(form).getByRole('button', { name: 'Get them free' }));
    // The page with the files (the route guard keeps the English visitor in English).
    await waitFor(() =>
      expect(router.state.location.pathname).toMatch(/^\/(en\/purchase-summary|ostu-kokkuvote)\//),
    );
    expect(router.state.location.pathname).toContain(FAKE_PURCHASE_ID);
    expect(router.state.location.hash).toBe('#key=free-key');
    const request = api.requests.find((r) => r.url.pathname.endsWith('/free-checkout'))!;
    expect(request.body).toEqual({ email: 'mari@example.ee', termsAccepted: true });
  }, 20_000);
});

async function i18nEnglish() {
  const { i18n } = await import('../../../i18n');
  await i18n.changeLanguage('en');
}
