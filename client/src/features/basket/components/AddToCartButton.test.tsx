import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeApi, makeDocument } from '../../../test/fake-api';
import { normalizeSpaces, renderApp } from '../../../test/render-app';

function posts(api: FakeApi) {
  return api.requests.filter((request) => request.method === 'POST');
}

describe('add to basket', () => {
  it('asks first, adds on yes, and then offers "In cart", a link to the cart, with the focus on it', async () => {
    const api = new FakeApi([makeDocument()]);
    renderApp('/otsing', api);
    const user = userEvent.setup();

    const [result] = await screen.findAllByTestId('search-result');
    expect(result?.textContent).toContain('Tööleping');
    // The name starts with the visible words and tells which document (WCAG 2.5.3).
    expect(screen.getByRole('button', { name: /^Lisa ostukorvi ?: Tööleping$/ })).toBe(
      screen.getByTestId('add-to-cart'),
    );

    // cancel: nothing is added, focus is back on the button
    await user.click(screen.getByTestId('add-to-cart'));
    expect(screen.getByRole('dialog').textContent).toContain(
      'Kas soovite lisada dokumendi „Tööleping“ ostukorvi?',
    );
    await user.click(screen.getByTestId('modal-cancel'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts(api)).toHaveLength(0);
    expect(document.activeElement).toBe(screen.getByTestId('add-to-cart'));

    // yes: added, success toast, basket amount in the top bar follows
    await user.click(screen.getByTestId('add-to-cart'));
    await user.click(screen.getByTestId('modal-confirm'));
    expect(
      (await screen.findByText('Dokument lisati ostukorvi!')).closest('[data-testid="toast"]'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(normalizeSpaces(screen.getByTestId('basket-amount').textContent)).toBe('12,40 €'),
    );
    expect(posts(api)).toHaveLength(1);

    // the button is now the link to the cart, and has the focus the button had
    const inBasket = await screen.findByRole('link', { name: /^Ostukorvis ?: Tööleping$/ });
    expect(inBasket.getAttribute('href')).toBe('/ostukorv');
    expect(screen.queryByTestId('add-to-cart')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(inBasket));
  });

  it('shows "In cart" at once for a document the basket already holds', async () => {
    const api = new FakeApi([makeDocument()]).givenBasketHolds([makeDocument().id]);
    renderApp('/en/document/toeoeleping', api);
    const link = await screen.findByTestId('in-basket');
    expect(normalizeSpaces(link.textContent)).toBe('In cart: Tööleping');
    expect(link.getAttribute('href')).toBe('/en/cart');
    expect(screen.queryByTestId('add-to-cart')).toBeNull();
    expect(screen.getByRole('link', { name: /^Cart ?: 1 document, €12\.40$/ })).toBe(
      screen.getByTestId('basket-link'),
    );
  });

  it('tells a paid document is downloaded after payment, and offers a free one in one step, without paying', async () => {
    const paid = makeDocument();
    const free = makeDocument({
      id: '0195f0c2-0000-7000-8000-000000000002',
      slug: 'volikiri',
      title: 'Volikiri',
      price: 0,
    });
    const api = new FakeApi([paid, free]);
    const { router } = renderApp('/dokument/toeoeleping', api);
    expect(normalizeSpaces((await screen.findByTestId('add-to-cart-note')).textContent)).toBe(
      'Pärast maksmist saate alla laadida kõik dokumendi failid.',
    );

    await router.navigate('/dokument/volikiri');
    await screen.findByRole('heading', { level: 1, name: 'Volikiri' });
    expect(screen.getByTestId('get-free').textContent).toBe('Hangi tasuta');
    expect(screen.queryByTestId('add-to-cart')).toBeNull();
    expect(document.body.textContent).not.toMatch(/pärast maksmist/i);
  });

  it('closes the question with Escape without adding', async () => {
    const api = new FakeApi([makeDocument()]);
    renderApp('/dokument/toeoeleping', api);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('add-to-cart'));
    expect(document.activeElement).toBe(screen.getByTestId('modal-confirm'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts(api)).toHaveLength(0);
    expect(document.activeElement).toBe(screen.getByTestId('add-to-cart'));
  });
});
