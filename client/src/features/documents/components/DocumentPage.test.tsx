import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeApi, makeDocument, makeUser } from '../../../test/fake-api';
import { normalizeSpaces, renderApp } from '../../../test/render-app';
import { givenSignedIn } from '../../../test/session';

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

  it('shows the preview a buyer sees, the uploader’s public details, and Edit only to the uploader', async () => {
    const document = makeDocument({
      status: 'published',
      uploader: {
        id: '0195f0c2-0000-7000-8000-0000000000aa',
        name: 'Mari Maasikas',
        company: 'Maasikas Õigusbüroo',
        profile: { areasOfPractice: 'Tööõigus, lepingud', additionalInfo: 'Vandeadvokaat', country: 'EE' },
      },
      preview: {
        url: '/api/documents/toeoeleping/preview?v=abcb',
        width: 800,
        height: 1131,
        clearBandHeight: 340,
        blurred: true,
      },
    });
    const api = new FakeApi([document]);
    renderApp('/en/document/toeoeleping', api);
    const preview = await screen.findByTestId('document-preview');
    expect(preview.getAttribute('src')).toBe('/api/documents/toeoeleping/preview?v=abcb');
    expect(preview.getAttribute('alt')).toBe('The first page of „Tööleping“');
    expect(preview.getAttribute('data-blurred')).toBe('true');
    expect(screen.getByText(/the rest is blurred until you buy the document/)).toBeTruthy();
    const overview = screen.getByRole('tabpanel');
    expect(overview.textContent).toContain('Maasikas Õigusbüroo');
    expect(overview.textContent).toContain('Tööõigus, lepingud');
    expect(overview.textContent).toContain('Vandeadvokaat');
    expect(overview.textContent).toContain('Estonia');
    expect(screen.queryByTestId('owner-edit')).toBeNull();
  });

  it('offers Edit to the document’s own uploader', async () => {
    const api = new FakeApi([makeDocument({ status: 'published' })]);
    givenSignedIn(api, makeUser());
    renderApp('/en/document/toeoeleping', api);
    const edit = await screen.findByTestId('owner-edit');
    expect(edit.getAttribute('href')).toBe('/en/admin/user/upload/0195f0c2-0000-7000-8000-000000000001');
    expect(edit.textContent).toBe('Edit');
  });

  it('says kindly that an unknown document was not found', async () => {
    renderApp('/en/document/no-such-thing', new FakeApi([]));
    expect((await screen.findByTestId('document-not-found')).textContent).toContain('Document not found');
  });
});
