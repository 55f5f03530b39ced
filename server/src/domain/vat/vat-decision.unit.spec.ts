import { DomainError } from '../shared/domain-error';
import { aViesAnswer } from '../testing/vat.builders';
import { type VatFacts, assessVat, countsTowardOssThreshold, decideVat } from './vat-decision';

const facts = (overrides: Partial<VatFacts> = {}): VatFacts => ({
  billingCountry: 'EE',
  paymentMethodCountry: 'EE',
  paymentMethod: 'banklink:ee:swedbank',
  declaredCountry: null,
  vatNumber: null,
  vies: null,
  chargeVatWhileViesUnavailable: false,
  domesticRate: 2400,
  crossBorderSales: { year: 2026, previousYear: 0, currentYear: 0 },
  ossThreshold: 1_000_000,
  ossFromFirstSale: false,
  taxableAmount: 1000,
  day: '2026-11-26',
  ...overrides,
});

const finnishBank = { billingCountry: 'FI', paymentMethodCountry: 'FI', paymentMethod: 'banklink:fi:nordea' };

function thrown(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('nothing thrown');
}

describe('VAT by buyer (VAT Directive Art. 44, 45, 58, 59c, 196; Regulation 282/2011 Art. 24b, 24f)', () => {
  it('charges Estonian VAT (VAT_RATE_PERCENT) to an Estonian buyer, business or not', () => {
    expect(decideVat(facts())).toMatchObject({
      treatment: 'domestic',
      reason: 'estonian-buyer',
      buyerCountry: 'EE',
      vatCountry: 'EE',
      rate: 2400,
    });
    expect(decideVat(facts({ vatNumber: 'EE101234567', domesticRate: 2200 }))).toMatchObject({
      treatment: 'domestic',
      rate: 2200,
      buyerVatNumber: 'EE101234567',
      vies: null,
    });
  });

  it('reverse-charges an EU business whose VAT number VIES confirms, keeping the answer and its consultation number', () => {
    const vies = aViesAnswer('FI20774740');
    const decision = decideVat(facts({ ...finnishBank, vatNumber: 'FI20774740', vies }));
    expect(decision).toMatchObject({
      treatment: 'reverse-charge',
      reason: 'eu-business',
      buyerCountry: 'FI',
      vatCountry: null,
      rate: 0,
      buyerVatNumber: 'FI20774740',
      evidence: [{ kind: 'vat-number', country: 'FI', detail: 'FI20774740' }],
      vies: { status: 'valid', consultationNumber: 'WAPIAAAAZ0123456' },
    });
    // A Greek number (EL) is Greece's; the business's billing address elsewhere does not matter.
    expect(
      decideVat(facts({ vatNumber: 'EL094259216', vies: aViesAnswer('EL094259216') })).buyerCountry,
    ).toBe('GR');
  });

  it('refuses a VAT number VIES does not know, on the field', () => {
    const error = thrown(() =>
      decideVat(facts({ vatNumber: 'FI20774740', vies: aViesAnswer('FI20774740', { status: 'invalid' }) })),
    );
    expect(error.code).toBe('VALIDATION.FORM_HAS_ERRORS');
    expect(error.fieldErrors).toEqual({ 'invoice.vatNumber': [{ key: 'VAT.NUMBER_NOT_IN_VIES' }] });
  });

  it('never turns a VIES outage into a zero rate: the buyer sees it, and may choose to pay with VAT', () => {
    const unavailable = aViesAnswer('FI20774740', {
      status: 'unavailable',
      error: 'MS_UNAVAILABLE',
      consultationNumber: null,
    });
    const asked = facts({ ...finnishBank, vatNumber: 'FI20774740', vies: unavailable });
    expect(assessVat(asked)).toEqual({ state: 'vies-unavailable', vies: unavailable });
    expect(thrown(() => decideVat(asked)).code).toBe('VAT.VIES_UNAVAILABLE');
    const charged = decideVat({ ...asked, chargeVatWhileViesUnavailable: true });
    expect(charged).toMatchObject({
      treatment: 'domestic',
      reason: 'eu-business-not-confirmed',
      rate: 2400,
      vies: { status: 'unavailable', error: 'MS_UNAVAILABLE' },
    });
    expect(charged.rate).toBeGreaterThan(0);
  });

  describe('EU consumers in another member state (One-Stop Shop)', () => {
    it('charge Estonian VAT while cross-border sales stay within EUR 10,000 this year and last', () => {
      expect(
        decideVat(
          facts({ ...finnishBank, crossBorderSales: { year: 2026, previousYear: 0, currentYear: 998_999 } }),
        ),
      ).toMatchObject({
        treatment: 'domestic',
        reason: 'eu-consumer-below-threshold',
        buyerCountry: 'FI',
        vatCountry: 'EE',
        rate: 2400,
        crossBorderSales: { currentYear: 998_999, threshold: 1_000_000 },
      });
    });

    it('charge their member state’s rate from the sale that passes the threshold', () => {
      expect(
        decideVat(
          facts({ ...finnishBank, crossBorderSales: { year: 2026, previousYear: 0, currentYear: 999_001 } }),
        ),
      ).toMatchObject({ treatment: 'oss', reason: 'eu-consumer', vatCountry: 'FI', rate: 2550 });
    });

    it('charge it all year when last year passed it, or from the first sale when so configured', () => {
      const lastYear = { year: 2026, previousYear: 1_000_001, currentYear: 0 };
      expect(decideVat(facts({ ...finnishBank, crossBorderSales: lastYear })).treatment).toBe('oss');
      expect(
        decideVat(facts({ billingCountry: 'DE', paymentMethodCountry: 'DE', ossFromFirstSale: true })),
      ).toMatchObject({ treatment: 'oss', vatCountry: 'DE', rate: 1900 });
    });

    it('take the rate in force on the day of the sale', () => {
      const passed = { year: 2024, previousYear: 2_000_000, currentYear: 0 };
      expect(decideVat(facts({ ...finnishBank, crossBorderSales: passed, day: '2024-08-31' })).rate).toBe(
        2400,
      );
      expect(decideVat(facts({ ...finnishBank, crossBorderSales: passed, day: '2024-09-01' })).rate).toBe(
        2550,
      );
    });

    it('count toward the threshold, and Estonian or non-EU buyers and businesses do not', () => {
      expect(countsTowardOssThreshold(decideVat(facts(finnishBank)))).toBe(true);
      expect(countsTowardOssThreshold(decideVat(facts()))).toBe(false);
      expect(
        countsTowardOssThreshold(
          decideVat(facts({ billingCountry: 'GB', paymentMethodCountry: null, declaredCountry: 'GB' })),
        ),
      ).toBe(false);
      expect(
        countsTowardOssThreshold(
          decideVat(facts({ vatNumber: 'FI20774740', vies: aViesAnswer('FI20774740') })),
        ),
      ).toBe(false);
    });
  });

  describe('the buyer’s country from two non-contradicting pieces of evidence', () => {
    it('takes billing address and bank link when they agree', () => {
      expect(decideVat(facts(finnishBank)).evidence).toEqual([
        { kind: 'billing-address', country: 'FI', detail: null },
        { kind: 'payment-method', country: 'FI', detail: 'banklink:fi:nordea' },
      ]);
    });

    it('asks the buyer when they contradict each other, and records the answer beside both', () => {
      const contradiction = facts({ billingCountry: 'FI', paymentMethodCountry: 'EE' });
      expect(assessVat(contradiction)).toEqual({
        state: 'question',
        question: { kind: 'contradiction', options: ['FI', 'EE'] },
      });
      const error = thrown(() => decideVat(contradiction));
      expect(error.code).toBe('VAT.COUNTRY_QUESTION');
      expect(error.fieldErrors).toEqual({
        countryOfResidence: [{ key: 'VAT.COUNTRY_CONTRADICTION', params: { 0: 'FI', 1: 'EE' } }],
      });
      const answered = decideVat({ ...contradiction, declaredCountry: 'EE' });
      expect(answered).toMatchObject({ buyerCountry: 'EE', treatment: 'domestic' });
      expect(answered.evidence.map((e) => e.kind)).toEqual([
        'billing-address',
        'payment-method',
        'buyer-declaration',
      ]);
      // An answer that is neither piece of evidence settles nothing.
      expect(assessVat({ ...contradiction, declaredCountry: 'DE' }).state).toBe('question');
    });

    it('asks a card payer abroad to confirm the country (a card has none before paying); an Estonian address stands alone', () => {
      const card = { paymentMethodCountry: null, paymentMethod: 'card:visa' };
      expect(assessVat(facts({ ...card, billingCountry: 'DE' }))).toEqual({
        state: 'question',
        question: { kind: 'confirmation', options: ['DE'] },
      });
      expect(decideVat(facts({ ...card, billingCountry: 'DE', declaredCountry: 'DE' })).evidence).toEqual([
        { kind: 'billing-address', country: 'DE', detail: null },
        { kind: 'buyer-declaration', country: 'DE', detail: null },
      ]);
      expect(decideVat(facts({ ...card, billingCountry: 'EE' })).treatment).toBe('domestic');
    });
  });

  it('places no VAT on free templates: nothing is supplied for consideration, whatever the country', () => {
    const free = { taxableAmount: 0, paymentMethod: 'free', paymentMethodCountry: null };
    // "Get it free" asks for no country: the decision is not "outside the EU".
    expect(decideVat(facts({ ...free, billingCountry: '' }))).toMatchObject({
      treatment: 'outside-scope',
      reason: 'free-of-charge',
      buyerCountry: null,
      vatCountry: null,
      rate: 0,
      evidence: [],
    });
    expect(decideVat(facts({ ...free, billingCountry: 'FI' }))).toMatchObject({
      reason: 'free-of-charge',
      buyerCountry: 'FI',
      rate: 0,
    });
  });

  it('charges no EU VAT outside the EU (outside the scope), and treats Northern Ireland’s services as British', () => {
    expect(
      decideVat(facts({ billingCountry: 'GB', paymentMethodCountry: null, declaredCountry: 'GB' })),
    ).toMatchObject({
      treatment: 'outside-scope',
      reason: 'outside-eu',
      buyerCountry: 'GB',
      vatCountry: null,
      rate: 0,
    });
    expect(
      decideVat(
        facts({
          vatNumber: 'XI123456789',
          billingCountry: 'GB',
          paymentMethodCountry: null,
          declaredCountry: 'GB',
        }),
      ).treatment,
    ).toBe('outside-scope');
  });
});
