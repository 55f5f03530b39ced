import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NavigationType } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FakeApi, makeDocument } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

describe('language dropdown', () => {
  it('opens the same search in English, keeping the query and the hash', async () => {
    const { router } = renderApp('/otsing?q=too&sort=oldest#tulemused', new FakeApi([makeDocument()]));
    await screen.findByTestId('search-count');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Otsi dokumente');

    await userEvent.selectOptions(screen.getByTestId('language-select'), 'en');

    const { pathname, search, hash } = router.state.location;
    expect(`${pathname}${search}${hash}`).toBe('/en/search?q=too&sort=oldest#tulemused');
    // The English texts of the screen load first; then the screen shows them.
    expect(await screen.findByRole('heading', { level: 1, name: 'Search documents' })).toBeTruthy();
    expect(screen.getByTestId<HTMLInputElement>('search-input').value).toBe('too');
    expect(document.documentElement.lang).toBe('en');
  });

  it('goes back to the Estonian document page', async () => {
    const { router } = renderApp('/en/document/toeoeleping', new FakeApi([makeDocument()]));
    await screen.findByTestId('document-title');
    await userEvent.selectOptions(screen.getByTestId('language-select'), 'et');
    expect(router.state.location.pathname).toBe('/dokument/toeoeleping');
    // The switch replaces the page in the history: Back leads to the page before it.
    expect(router.state.historyAction).toBe(NavigationType.Replace);
    expect(await screen.findByRole('tab', { name: 'Ülevaade' })).toBeTruthy();
  });
});
