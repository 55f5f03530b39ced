import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeApi, makeDocument } from '../../../test/fake-api';
import { normalizeSpaces, renderApp } from '../../../test/render-app';

function posts(api: FakeApi) {
  return api.requests.filter((request) => request.method === 'POST');
}

describe('add to basket', () => {
  it('asks first, adds on yes and tells that the document is already there the second time', async () => {
    const api = new FakeApi([makeDocument()]);
    renderApp('/otsing', api);
    const user = userEvent.setup();

    const [result] = await screen.findAllByTestId('search-result');
    expect(result?.textContent).toContain('Tööleping');

    // cancel: nothing is added
    await user.click(screen.getByTestId('add-to-cart'));
    expect(screen.getByRole('dialog').textContent).toContain(
      'Kas soovid lisada dokumendi „Tööleping“ ostukorvi?',
    );
    await user.click(screen.getByTestId('modal-cancel'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts(api)).toHaveLength(0);

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

    // again: 409 from the server, shown as an info toast
    await user.click(screen.getByTestId('add-to-cart'));
    await user.click(screen.getByTestId('modal-confirm'));
    const info = await screen.findByText('See dokument on juba ostukorvis!');
    expect(info.closest('[data-testid="toast"]')?.getAttribute('data-tone')).toBe('info');
    expect(api.basket(api.basketId).documentCount).toBe(1);
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
  });
});
