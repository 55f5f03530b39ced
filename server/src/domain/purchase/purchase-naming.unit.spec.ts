import {
  archiveEntryNames,
  downloadFileName,
  normalisePurchaseNumber,
  paymentMethodLabel,
  purchaseNumber,
} from './purchase-naming';

describe('purchase naming', () => {
  it('numbers a purchase by the first 8 hex digits of its id, in capitals', () => {
    expect(purchaseNumber('ae9579c2-ef4c-5374-b248-c482fe854a6d')).toBe('AE9579C2');
    expect(normalisePurchaseNumber(' ae95 79c2 ')).toBe('AE9579C2');
    expect(normalisePurchaseNumber('AE9579C')).toBeNull();
    expect(normalisePurchaseNumber('XE9579C2')).toBeNull();
  });

  it('names a downloaded file by its title and format, without path separators', () => {
    expect(downloadFileName({ title: 'Tööleping', format: 'docx' })).toBe('Tööleping.docx');
    expect(downloadFileName({ title: 'Juhend.pdf', format: 'pdf' })).toBe('Juhend.pdf');
    expect(downloadFileName({ title: '../etc/passwd', format: 'txt' })).toBe('..-etc-passwd.txt');
  });

  it('puts each document in its own folder of the zip and never repeats a name', () => {
    expect(
      archiveEntryNames([
        {
          title: 'Tööleping',
          files: [
            { title: 'Juhend', format: 'pdf' },
            { title: 'Juhend', format: 'pdf' },
          ],
        },
        { title: 'Üürileping', files: [{ title: 'Juhend', format: 'pdf' }] },
      ]),
    ).toEqual([['Tööleping/Juhend.pdf', 'Tööleping/Juhend (2).pdf'], ['Üürileping/Juhend.pdf']]);
  });

  it('names payment methods for people', () => {
    expect(paymentMethodLabel('banklink:ee:coop')).toBe('Coop Pank');
    expect(paymentMethodLabel('card:visa')).toBe('Visa');
    expect(paymentMethodLabel('other:unknown')).toBe('unknown');
  });
});
