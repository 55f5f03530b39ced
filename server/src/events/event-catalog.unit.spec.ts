import { CURRENT_SCHEMA_VERSION, type EventType, UPCASTERS, isKnownEventType, upcast } from './event-catalog';

/** Every event type the system writes; `Record<EventType, …>` makes the compiler insist on the full list. */
const EVERY_EVENT_TYPE: Record<EventType, true> = {
  DocumentCreated: true,
  DocumentDetailsEdited: true,
  FileAdded: true,
  FileProcessed: true,
  FilePagesRendered: true,
  FileProcessingFailed: true,
  MainFileChosen: true,
  FileRemoved: true,
  DocumentPublished: true,
  DocumentUnpublished: true,
  DocumentDeleted: true,
  BasketDocumentAdded: true,
  BasketDocumentRemoved: true,
  BasketCleared: true,
  BasketExpired: true,
  BasketConfirmed: true,
  BasketConfirmationCanceled: true,
  BasketDocumentRepriced: true,
  BasketDocumentWithdrawn: true,
  BasketCheckedOut: true,
  BasketConverted: true,
  ProfileRegistered: true,
  ProfileUpdated: true,
  UserTermsAccepted: true,
  AdminRoleGranted: true,
  AdminRoleRevoked: true,
  PurchaseCreated: true,
  PurchasePaid: true,
  PurchaseCanceled: true,
  PurchaseFilesDownloaded: true,
  PurchasePaymentStarted: true,
  PurchaseConfirmationSent: true,
  PurchaseLinksRenewed: true,
  PurchaseAccessKeyIssued: true,
  PurchaseSuperseded: true,
  PurchaseRefundDue: true,
  PurchaseRefundRequested: true,
  PurchaseRefundCompleted: true,
  PurchaseRefundFailed: true,
  PurchaseRefundDeferred: true,
  PurchaseRefundNoticeSent: true,
  InvoiceNumberAssigned: true,
  ReceiptNumberAssigned: true,
  CreditNoteNumberAssigned: true,
  RefundReceiptNumberAssigned: true,
  AccountantRoleGranted: true,
  AccountantRoleRevoked: true,
  PayoutRequested: true,
  PayoutExecuted: true,
  PayoutRejected: true,
  PayoutBatchExported: true,
  PayoutBatchExecuted: true,
  PayoutWithdrawn: true,
  SessionsEnded: true,
  PersonalDataRead: true,
  UploaderMailSettingsChanged: true,
  PasswordResetRequired: true,
};
const eventTypes = Object.keys(EVERY_EVENT_TYPE) as EventType[];

describe('event catalog', () => {
  it('gives every event type a schema version of at least 1, and lists nothing else', () => {
    expect(Object.keys(CURRENT_SCHEMA_VERSION).sort()).toEqual([...eventTypes].sort());
    for (const type of eventTypes) {
      expect(Number.isSafeInteger(CURRENT_SCHEMA_VERSION[type])).toBe(true);
      expect(CURRENT_SCHEMA_VERSION[type]).toBeGreaterThanOrEqual(1);
    }
  });

  it('has an upcaster for every version below the current one, so any stored event can be lifted', () => {
    for (const type of eventTypes) {
      for (let version = 1; version < CURRENT_SCHEMA_VERSION[type]; version++) {
        expect(UPCASTERS[type]?.[version]).toBeInstanceOf(Function);
      }
    }
  });

  describe('isKnownEventType', () => {
    it.each(eventTypes)('knows %s', (type) => {
      expect(isKnownEventType(type)).toBe(true);
    });

    it.each(['DocumentRenamed', '', 'documentcreated', 'toString', 'constructor', '__proto__'])(
      'does not know %p',
      (type) => {
        expect(isKnownEventType(type)).toBe(false);
      },
    );
  });

  describe('upcast', () => {
    const atVersionOne = eventTypes.filter((type) => CURRENT_SCHEMA_VERSION[type] === 1);

    it.each(atVersionOne)('passes a version-1 %s payload through unchanged', (type) => {
      const payload = { documentId: 'doc-1', nested: { a: 1 } };
      const result = upcast(type, 1, payload);
      expect(result).toBe(payload);
      expect(result).toEqual({ documentId: 'doc-1', nested: { a: 1 } });
    });

    it('lifts a version-1 FileProcessed (no method, no preview) to version 2', () => {
      const v1 = { documentId: 'doc-1', fileId: 'file-1', pages: 4, sizeKb: 118 };
      expect(upcast('FileProcessed', 1, v1)).toEqual({ ...v1, method: 'unknown', preview: null });
      const v2 = { ...v1, method: 'pdf', preview: null };
      expect(upcast('FileProcessed', 2, v2)).toBe(v2);
    });

    it('lifts a version-1 PurchaseCreated to version 2: Estonian VAT per line as it was, no billing country', () => {
      const line = { documentId: 'doc-1', price: 1240, vat: 240, licenceFee: 1000, vatRate: 2400 };
      const v1 = {
        purchaseId: 'p-1',
        payer: { email: 'a@example.ee', firstName: 'A', lastName: 'B', address: 'Tallinn' },
        invoice: { companyName: 'X OÜ', registryCode: '123', vatNumber: 'EE101234567' },
        lines: [line],
        totals: { price: 1240, vat: 240 },
      };
      const v2 = upcast('PurchaseCreated', 1, v1) as Record<string, unknown>;
      expect(v2).toMatchObject({
        purchaseId: 'p-1',
        payer: { ...v1.payer, country: null },
        lines: [{ ...line, listPrice: 1240 }],
        totals: { price: 1240, vat: 240 },
        vat: {
          treatment: 'domestic',
          reason: 'before-vat-by-buyer',
          buyerCountry: null,
          vatCountry: 'EE',
          rate: 2400,
          buyerVatNumber: 'EE101234567',
          evidence: [],
          vies: null,
        },
      });
      expect(v1.lines[0]).toEqual(line);
    });

    it('lifts a version-1 BasketConfirmed to version 2 with the Estonian VAT every sale then had', () => {
      const v1 = { basketId: 'b-1', payer: { email: 'a@example.ee' }, invoice: null, total: 1240 };
      expect(upcast('BasketConfirmed', 1, v1)).toMatchObject({
        payer: { email: 'a@example.ee', country: null },
        vat: { treatment: 'domestic', reason: 'before-vat-by-buyer', rate: 2400, buyerVatNumber: null },
        total: 1240,
      });
    });

    it('passes the payload of a type without upcasters through, whatever its version', () => {
      const payload = { anything: true };
      expect(upcast('SomethingUnknown', 1, payload)).toBe(payload);
      expect(upcast('SomethingUnknown', 7, payload)).toBe(payload);
    });

    describe('with upcasters registered', () => {
      // UPCASTERS is a const binding to a mutable object: register steps for one test and take them away after.
      afterEach(() => {
        delete UPCASTERS.DocumentPublished;
      });

      beforeEach(() => {
        UPCASTERS.DocumentPublished = {
          1: (data) => ({ ...data, publishedBy: 'unknown' }),
          2: (data) => ({
            ...data,
            channel: 'web',
            steps: [...((data.steps as string[] | undefined) ?? []), '2→3'],
          }),
        };
      });

      it('applies each step in order from the stored version', () => {
        expect(upcast('DocumentPublished', 1, { documentId: 'doc-1' })).toEqual({
          documentId: 'doc-1',
          publishedBy: 'unknown',
          channel: 'web',
          steps: ['2→3'],
        });
      });

      it('starts at the stored version, skipping the steps below it', () => {
        expect(upcast('DocumentPublished', 2, { documentId: 'doc-1', publishedBy: 'user-1' })).toEqual({
          documentId: 'doc-1',
          publishedBy: 'user-1',
          channel: 'web',
          steps: ['2→3'],
        });
      });

      it('leaves a payload already at the newest version alone', () => {
        const payload = { documentId: 'doc-1' };
        expect(upcast('DocumentPublished', 3, payload)).toBe(payload);
      });

      it('does not touch other types', () => {
        const payload = { documentId: 'doc-1' };
        expect(upcast('DocumentDeleted', 1, payload)).toBe(payload);
      });
    });
  });
});
