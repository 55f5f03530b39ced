import { NOW, SYSTEM_ACTOR } from '../testing/command-context.builders';
import { deciderSpec, foldEvents } from '../testing/decider-spec';
import type { InvoiceNumberAssigned, NumberSeriesEvent } from '../../events/invoice.events';
import {
  type AssignInvoiceNumber,
  formatInvoiceNumber,
  invoiceSeriesDecider,
  isValidInvoiceSeries,
} from './invoice-series.decider';
import { isValidVatNumber, normaliseVatNumber } from './vat-number';

const spec = deciderSpec(invoiceSeriesDecider);
const PAID_WITH_INVOICE = { paid: true, invoiceRequested: true };

const assign = (purchaseId: string, purchase = PAID_WITH_INVOICE): AssignInvoiceNumber => ({
  type: 'AssignInvoiceNumber',
  data: { series: 'LT', purchaseId, purchase },
  context: { actorId: SYSTEM_ACTOR, now: NOW },
});

const assigned = (sequence: number, purchaseId: string): InvoiceNumberAssigned => ({
  type: 'InvoiceNumberAssigned',
  data: {
    series: 'LT',
    sequence,
    invoiceNumber: formatInvoiceNumber('LT', sequence),
    purchaseId,
    issuedAt: NOW.toISOString(),
  },
});

describe('Invoice numbering (EU VAT Directive Art. 226(2): one sequence, no gaps)', () => {
  it('gives the first paid purchase number 1 of the series', () => {
    spec
      .given([])
      .when(assign('purchase-a'))
      .then([assigned(1, 'purchase-a')]);
  });

  it('gives the next purchase the next number', () => {
    spec
      .given([assigned(1, 'purchase-a'), assigned(2, 'purchase-b')])
      .when(assign('purchase-c'))
      .then([assigned(3, 'purchase-c')]);
  });

  it('never gives a purchase a second number', () => {
    spec
      .given([assigned(1, 'purchase-a'), assigned(2, 'purchase-b')])
      .when(assign('purchase-a'))
      .thenNothing();
  });

  it('numbers only paid purchases that asked for an invoice', () => {
    spec
      .given([])
      .when(assign('purchase-a', { paid: false, invoiceRequested: true }))
      .thenThrows('PURCHASE.NOT_PAID');
    spec
      .given([])
      .when(assign('purchase-a', { paid: true, invoiceRequested: false }))
      .thenThrows('INVOICE.NOT_REQUESTED');
  });

  it('replaying the series reads the same numbers, gap-free, for any number of purchases', () => {
    let events: NumberSeriesEvent[] = [];
    for (let i = 0; i < 250; i++) {
      const decided = invoiceSeriesDecider.decide(
        assign(`purchase-${i % 200}`),
        foldEvents(invoiceSeriesDecider, events),
      );
      events = [...events, ...decided];
    }
    expect(events.map((e) => e.data.sequence)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    const state = foldEvents(invoiceSeriesDecider, events);
    expect(state.lastSequence).toBe(200);
    expect(state.byPurchase['purchase-41']).toBe('LT-000042');
  });

  it('prints numbers with the series and six digits at least', () => {
    expect(formatInvoiceNumber('LT', 42)).toBe('LT-000042');
    expect(formatInvoiceNumber('A26', 1_234_567)).toBe('A26-1234567');
  });

  it.each([
    ['LT', true],
    ['A2026', true],
    ['lt', false],
    ['1A', false],
    ['LT-1', false],
    ['', false],
  ])('accepts %p as a series: %p', (series, valid) => {
    expect(isValidInvoiceSeries(series)).toBe(valid);
  });
});

describe('VAT numbers (format of the EU member states)', () => {
  it.each([
    'EE101234567',
    'ee 101 234 567',
    'FI12345678',
    'DE123456789',
    'LV40003245752',
    'LT123456789',
    'NL123456789B01',
    'FR1A123456789',
    'ATU12345678',
  ])('accepts %p', (vat) => {
    expect(isValidVatNumber(vat)).toBe(true);
  });

  it.each(['EE12345678', 'EE201234567', 'FI1234567', 'US123456789', '101234567', 'DE12345678X', ''])(
    'refuses %p',
    (vat) => {
      expect(isValidVatNumber(vat)).toBe(false);
    },
  );

  it('normalises spaces, dots, dashes and case', () => {
    expect(normaliseVatNumber('ee-101.234 567')).toBe('EE101234567');
  });
});

describe('Receipt numbering (Accounting Act § 7: a unique source document number, its own series)', () => {
  const receipt = (purchaseId: string, purchase = { paid: true, invoiceRequested: false }) => ({
    type: 'AssignReceiptNumber' as const,
    data: { series: 'KV', purchaseId, purchase },
    context: { actorId: SYSTEM_ACTOR, now: NOW },
  });
  const receiptAssigned = (sequence: number, purchaseId: string) => ({
    type: 'ReceiptNumberAssigned' as const,
    data: {
      series: 'KV',
      sequence,
      receiptNumber: formatInvoiceNumber('KV', sequence),
      purchaseId,
      issuedAt: NOW.toISOString(),
    },
  });

  it('numbers paid purchases without an invoice 1, 2, 3 in the receipt series, once each', () => {
    spec
      .given([])
      .when(receipt('purchase-a'))
      .then([receiptAssigned(1, 'purchase-a')]);
    spec
      .given([receiptAssigned(1, 'purchase-a')])
      .when(receipt('purchase-b'))
      .then([receiptAssigned(2, 'purchase-b')]);
    spec
      .given([receiptAssigned(1, 'purchase-a')])
      .when(receipt('purchase-a'))
      .thenNothing();
  });

  it('refuses unpaid purchases and those that asked for an invoice (they get an invoice number)', () => {
    spec
      .given([])
      .when(receipt('purchase-a', { paid: false, invoiceRequested: false }))
      .thenThrows('PURCHASE.NOT_PAID');
    spec
      .given([])
      .when(receipt('purchase-a', { paid: true, invoiceRequested: true }))
      .thenThrows('RECEIPT.INVOICE_REQUESTED');
  });
});
