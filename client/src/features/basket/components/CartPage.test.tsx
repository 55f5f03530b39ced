import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeApi, makeDocument } from '../../../test/fake-api';
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
    expect(screen.getByTestId('cart-total').textContent).toBe('€12.40');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Shopping cart');
  });

  it('removes one document', async () => {
    const api = new FakeApi([employment, nda]).givenBasketHolds([employment.id, nda.id]);
    renderApp('/ostukorv', api);
    await screen.findAllByTestId('cart-line');

    await userEvent.click(screen.getByRole('button', { name: 'Eemalda „Tööleping“ ostukorvist' }));

    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(1));
    expect(normalizeSpaces(screen.getByTestId('cart-total').textContent)).toBe('25,00 €');
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
});

async function i18nEnglish() {
  const { i18n } = await import('../../../i18n');
  await i18n.changeLanguage('en');
}
