import {
  centsToDecimal,
  decimalToCents,
  macMatches,
  makeCommerceMac,
  parsePaymentLinks,
  parsePaymentMethods,
  transactionStatusOf,
} from './makecommerce-protocol';

describe("MakeCommerce's protocol", () => {
  const json = '{"amount":"12.40","transaction":"t-1"}';
  // printf '%s' '{"amount":"12.40","transaction":"t-1"}my-secret-key' | sha512sum, in capitals
  const expected =
    'F1F2DC065555D28BFFEDECAA331739AADD61AEA9799ADDA68B2B63C6D4341E1EA427EA92FF26A1961DCBDC31FF5C64FF3A6959FE5F74771CC7CD508789549203';

  it('signs with the upper-case hex SHA-512 of the raw json followed by the secret key', () => {
    expect(makeCommerceMac(json, 'my-secret-key')).toBe(expected);
  });

  it('accepts exactly that MAC, and nothing else', () => {
    expect(macMatches(json, expected, 'my-secret-key')).toBe(true);
    expect(macMatches(json, expected.toLowerCase(), 'my-secret-key')).toBe(false);
    expect(macMatches(json, expected.slice(0, -1), 'my-secret-key')).toBe(false);
    expect(macMatches(json, expected, 'another-key')).toBe(false);
    expect(macMatches(`${json} `, expected, 'my-secret-key')).toBe(false);
  });

  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [1240, '12.40'],
    [100_000, '1000.00'],
  ])('writes %i cents as %p', (cents, text) => {
    expect(centsToDecimal(cents)).toBe(text);
    expect(decimalToCents(text)).toBe(cents);
  });

  it('reads amounts given as numbers or with one decimal, and nothing vaguer', () => {
    expect(decimalToCents(12.4)).toBe(1240);
    expect(decimalToCents('12.4')).toBe(1240);
    expect(decimalToCents('12')).toBe(1200);
    for (const bad of ['12.405', '-1.00', '1e3', '12,40', '', null, undefined, {}]) {
      expect(decimalToCents(bad)).toBeNull();
    }
  });

  it('reads statuses in our words; a word it does not know is never "completed"', () => {
    expect(transactionStatusOf('COMPLETED')).toBe('completed');
    expect(transactionStatusOf('CANCELLED')).toBe('canceled');
    expect(transactionStatusOf('EXPIRED')).toBe('expired');
    expect(transactionStatusOf('CREATED')).toBe('created');
    expect(transactionStatusOf('SOMETHING_NEW')).toBe('pending');
    expect(transactionStatusOf(undefined)).toBe('pending');
  });

  it('names methods by group, country and name, and keeps bank links grouped by country', () => {
    const raw = {
      banklinks: [
        { name: 'swedbank', display_name: 'Swedbank', country: 'ee', url: 'https://pay/swed-ee' },
        { name: 'swedbank', display_name: 'Swedbank', country: 'lv', url: 'https://pay/swed-lv' },
        { name: '', country: 'ee' },
      ],
      cards: [{ name: 'visa', url: 'https://pay/visa' }],
      paylater: [{ name: 'inbank', display_name: 'Inbank' }],
    };
    expect(parsePaymentMethods(raw).map((m) => [m.id, m.displayName, m.country])).toEqual([
      ['banklink:ee:swedbank', 'Swedbank', 'ee'],
      ['banklink:lv:swedbank', 'Swedbank', 'lv'],
      ['card:visa', 'visa', null],
      ['other:inbank', 'Inbank', null],
    ]);
    expect(parsePaymentLinks(raw).map((m) => [m.id, m.url])).toEqual([
      ['banklink:ee:swedbank', 'https://pay/swed-ee'],
      ['banklink:lv:swedbank', 'https://pay/swed-lv'],
      ['card:visa', 'https://pay/visa'],
    ]);
    expect(parsePaymentMethods(null)).toEqual([]);
  });
});
