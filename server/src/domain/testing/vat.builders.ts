import type { VatContext } from '../basket/basket.decider';
import type { VatDecision, ViesAnswer } from '../vat/vat-decision';
import { NOW } from './command-context.builders';

/** An Estonian consumer paying by an Estonian bank link: Estonian VAT, two agreeing pieces of evidence. */
export const ESTONIAN_VAT: VatDecision = {
  treatment: 'domestic',
  reason: 'estonian-buyer',
  buyerCountry: 'EE',
  vatCountry: 'EE',
  rate: 2400,
  buyerVatNumber: null,
  evidence: [
    { kind: 'billing-address', country: 'EE', detail: null },
    { kind: 'payment-method', country: 'EE', detail: 'banklink:ee:swedbank' },
  ],
  vies: null,
  crossBorderSales: null,
  day: '2026-03-14',
};

/** What the VAT decision reads besides the form: nothing sold abroad yet, Estonia at 24 %. */
export function aVatContext(overrides: Partial<VatContext> = {}): VatContext {
  return {
    vies: null,
    declaredCountry: null,
    chargeVatWhileViesUnavailable: false,
    domesticRate: 2400,
    crossBorderSales: { year: 2026, previousYear: 0, currentYear: 0 },
    ossThreshold: 1_000_000,
    ossFromFirstSale: false,
    ...overrides,
  };
}

/** VIES's answer about a number, valid unless told otherwise. */
export function aViesAnswer(vatNumber: string, overrides: Partial<ViesAnswer> = {}): ViesAnswer {
  return {
    status: 'valid',
    vatNumber,
    requestDate: NOW.toISOString(),
    consultationNumber: 'WAPIAAAAZ0123456',
    name: 'Oy Esimerkki Ab',
    address: 'Mannerheimintie 1, 00100 Helsinki',
    error: null,
    checkedAt: NOW.toISOString(),
    registry: 'vies',
    ...overrides,
  };
}
