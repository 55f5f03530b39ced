import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeApi, makeDocument } from '../../../test/fake-api';
import { normalizeSpaces, renderApp } from '../../../test/render-app';

describe('document screen', () => {
  it('shows the overview and, on the files tab, each file with pages and size', async () => {
    renderApp('/dokument/toeoeleping', new FakeApi([makeDocument()]));
    expect((await screen.findByTestId('document-title')).textContent).toBe('Tööleping');
    const overview = screen.getByRole('tabpanel');
    expect(overview.textContent).toContain('Tööõigus');
    expect(overview.textContent).toContain('04.03.2025');
    expect(overview.textContent).toContain('05.03.2025');
    expect(normalizeSpaces(screen.getByTestId('document-price').textContent)).toBe('12,40 €');
    expect(screen.getByTestId('uploader-documents-link').getAttribute('href')).toBe(
      '/otsing/uleslaadija/0195f0c2-0000-7000-8000-0000000000aa',
    );

    await userEvent.click(screen.getByRole('tab', { name: 'Failid (1)' }));
    const [file] = screen.getAllByTestId('document-file');
    expect(file?.textContent).toContain('DOCX');
    expect(file?.textContent).toContain('38 kB');
    expect(file?.textContent).toContain('4');
  });

  it('says kindly that an unknown document was not found', async () => {
    renderApp('/en/document/no-such-thing', new FakeApi([]));
    expect((await screen.findByTestId('document-not-found')).textContent).toContain('Document not found');
  });
});
