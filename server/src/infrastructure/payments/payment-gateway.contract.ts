import { randomUUID } from 'node:crypto';
import type {
  GatewayMessage,
  GatewayTransaction,
  PaymentGateway,
  PaymentLink,
  RefundResult,
} from './payment-gateway.port';
import { PaymentMessageRejectedError } from './payment-gateway.port';

/** Drives the gateway's payment pages like a tester (null where a real bank would have to be used). */
export interface GatewayPayer {
  pay(paymentUrl: string, outcome: 'success' | 'failure' | 'cancel'): Promise<GatewayMessage>;
  /**
   * Pays in the in-page card form (opened with the publishable key) and answers the signed message it hands
   * the shop's page; null when the dialog was closed.
   */
  payInCardForm(
    transactionId: string,
    publishableKey: string,
    outcome: 'success' | 'failure' | 'cancel',
  ): Promise<GatewayMessage | null>;
  /** The gateway's own report of the transaction to the shop's notification URL. */
  notification(transactionId: string): Promise<GatewayMessage>;
}

export interface PaymentGatewayFixture {
  readonly gateway: PaymentGateway;
  readonly shopId: string;
  /** Signs a crafted message with the shop's secret key, as the gateway would. */
  sign(json: string): string;
  readonly urls: { readonly returnUrl: string; readonly cancelUrl: string; readonly notificationUrl: string };
  readonly payer: GatewayPayer | null;
  /** The tester's refund switch (a test gateway's), or null where the gateway's refusals cannot be asked for. */
  readonly refunds: { setMode(mode: 'accept' | 'refuse' | 'still-processing'): void } | null;
  close(): Promise<void>;
}

async function rejection(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PaymentMessageRejectedError) return error.reason;
    throw error;
  }
  return 'accepted';
}

function refusal(result: RefundResult): string {
  return result.outcome === 'refused' ? result.reason : result.outcome;
}

/**
 * The Payments port's contract: every gateway configuration passes the same suite. Payments themselves
 * are driven only where a payer exists (the embedded test gateway); MakeCommerce's test environment runs
 * the rest.
 */
export function paymentGatewayContract(
  name: string,
  options: {
    /** A payer can pay at the gateway (its pages are a tester's, not a bank's). */
    readonly drivable: boolean;
    /** The fixture has the gateway's refund switch. */
    readonly refundSwitch?: boolean;
    /**
     * A transaction already paid at the gateway (a live test shop's, paid by hand in its bank simulator),
     * for the refund tests where no payer can pay one.
     */
    readonly paidTransactionId?: string | null;
  },
  setup: () => Promise<PaymentGatewayFixture>,
): void {
  describe(`Payments port contract: ${name}`, () => {
    let fixture: PaymentGatewayFixture;
    const gateway = () => fixture.gateway;

    beforeAll(async () => {
      fixture = await setup();
    }, 30_000);
    afterAll(() => fixture?.close());

    const newTransaction = (amount = 1240, reference: string = randomUUID(), ip = '127.0.0.1') =>
      gateway().createTransaction({
        reference,
        amount,
        currency: 'EUR',
        customer: { email: 'ostja@example.ee', ip, country: 'ee', locale: 'et' },
        ...fixture.urls,
      });

    /** A message as the gateway writes it, for the transaction, with the fields given changed. */
    const messageFor = (
      transaction: { id: string; reference: string },
      changes: Record<string, unknown> = {},
    ): string =>
      JSON.stringify({
        amount: '12.40',
        currency: 'EUR',
        customer_name: 'Test Payer',
        merchant_data: null,
        message_time: '2026-03-14T10:00:00+0000',
        message_type: 'payment_return',
        reference: transaction.reference,
        shop: fixture.shopId,
        status: 'COMPLETED',
        transaction: transaction.id,
        ...changes,
      });

    it('offers bank links, each with its country, and cards; every method once', async () => {
      const methods = await gateway().paymentMethods({ amount: 1240, country: 'ee' });
      const banks = methods.filter((m) => m.group === 'banklink');
      expect(banks.length).toBeGreaterThan(0);
      expect(banks.every((b) => b.country !== null && b.id === `banklink:${b.country}:${b.name}`)).toBe(true);
      expect(methods.some((m) => m.group === 'card')).toBe(true);
      expect(new Set(methods.map((m) => m.id)).size).toBe(methods.length);
    });

    it('creates a transaction for a reference and amount, payable by every method it lists', async () => {
      const reference = randomUUID();
      const created = await newTransaction(1240, reference);
      expect(created).toMatchObject({
        reference,
        amount: 1240,
        currency: 'EUR',
        status: 'created',
        refundedAmount: 0,
      });
      expect(created.methods.length).toBeGreaterThan(0);
      for (const method of created.methods) {
        // A page to send the buyer to, or (a card only) the gateway's in-page card form.
        if (method.url !== null) expect(['http:', 'https:']).toContain(new URL(method.url).protocol);
        else {
          expect(method.group).toBe('card');
          expect(gateway().cardForm).not.toBeNull();
        }
      }
      expect(created.methods.some((m) => m.group === 'banklink' && m.url !== null)).toBe(true);
      expect(await gateway().getTransaction(created.id)).toMatchObject({
        id: created.id,
        reference,
        amount: 1240,
        status: 'created',
      });
    });

    it.each([
      ['an IPv4 address', '192.0.2.7'],
      ['an IPv4 client of a dual-stack socket (::ffff:a.b.c.d)', '::ffff:192.0.2.7'],
      ['an IPv6 address through NAT64 (64:ff9b::/96)', '64:ff9b::c000:207'],
      ['an IPv6 address with no IPv4 form', '2001:db8:85a3::8a2e:370:7334'],
    ])('creates a transaction for a buyer whose address is %s', async (_what, ip) => {
      const created = await newTransaction(1240, randomUUID(), ip);
      expect(created.status).toBe('created');
    });

    it('voids an unpaid transaction only where it offers that: otherwise it says so and the transaction stands', async () => {
      const created = await newTransaction();
      const voided = await gateway().cancelTransaction(created.id);
      expect(typeof voided).toBe('boolean');
      expect(await gateway().getTransaction(created.id)).toMatchObject({
        id: created.id,
        status: voided ? 'canceled' : 'created',
      });
    });

    it('knows no transaction by an id it never gave', async () => {
      expect(await gateway().getTransaction(randomUUID())).toBeNull();
    });

    it('believes a message with the right MAC of the raw json, whatever its spacing and escapes', async () => {
      const created = await newTransaction();
      const json = messageFor(created, { status: 'CREATED', customer_name: 'T\u00f5\u00f5ger' })
        .replace('"customer_name":"Tõõger"', '"customer_name" : "T\\u00f5\\u00f5ger"')
        .replace(/,/g, ', ');
      const verified = await gateway().verifyMessage({ json, mac: fixture.sign(json) });
      expect(verified.transaction).toMatchObject({ id: created.id, status: 'created' });
      expect(verified.messageStatus).toBe('created');
      expect(verified.message.customer_name).toBe('Tõõger');
    });

    it('rejects a tampered message: the amount changed after signing', async () => {
      const created = await newTransaction();
      const json = messageFor(created);
      const mac = fixture.sign(json);
      const tampered = json.replace('"12.40"', '"0.01"');
      expect(await rejection(gateway().verifyMessage({ json: tampered, mac }))).toBe('signature');
    });

    it('rejects a forged MAC, a lower-case one, and a missing one', async () => {
      const created = await newTransaction();
      const json = messageFor(created);
      const mac = fixture.sign(json);
      expect(await rejection(gateway().verifyMessage({ json, mac: 'A'.repeat(128) }))).toBe('signature');
      expect(await rejection(gateway().verifyMessage({ json, mac: mac.toLowerCase() }))).toBe('signature');
      expect(await rejection(gateway().verifyMessage({ json, mac: '' }))).toBe('signature');
    });

    it('rejects a signed message about a transaction the gateway does not know', async () => {
      const json = messageFor({ id: randomUUID(), reference: randomUUID() });
      expect(await rejection(gateway().verifyMessage({ json, mac: fixture.sign(json) }))).toBe(
        'unknown-transaction',
      );
    });

    it('rejects a signed message whose amount or reference differ from the transaction', async () => {
      const created = await newTransaction();
      const cheaper = messageFor(created, { amount: '0.01' });
      expect(await rejection(gateway().verifyMessage({ json: cheaper, mac: fixture.sign(cheaper) }))).toBe(
        'mismatch',
      );
      const other = messageFor(created, { reference: randomUUID() });
      expect(await rejection(gateway().verifyMessage({ json: other, mac: fixture.sign(other) }))).toBe(
        'mismatch',
      );
    });

    it("believes a card form's token_return message (the transaction nested, no reference) by the transaction read back", async () => {
      const created = await newTransaction();
      const json = JSON.stringify({
        message_time: '2026-03-14T10:00:00+0000',
        message_type: 'token_return',
        shop: fixture.shopId,
        transaction: { id: created.id, status: 'CREATED', type: 'card', method: 'visa_mastercard' },
        token: { id: randomUUID(), multiuse: false, valid_until: '2026-03-14' },
      });
      const verified = await gateway().verifyMessage({ json, mac: fixture.sign(json) });
      expect(verified.transaction).toMatchObject({
        id: created.id,
        reference: created.reference,
        amount: 1240,
      });
      expect(verified.messageStatus).toBe('created');
      const forged = json.replace(created.id, randomUUID());
      expect(await rejection(gateway().verifyMessage({ json: forged, mac: fixture.sign(json) }))).toBe(
        'signature',
      );
      const unknown = JSON.stringify({ ...JSON.parse(json), transaction: { id: randomUUID() } });
      expect(await rejection(gateway().verifyMessage({ json: unknown, mac: fixture.sign(unknown) }))).toBe(
        'unknown-transaction',
      );
      const otherShop = JSON.stringify({ ...JSON.parse(json), shop: randomUUID() });
      expect(
        await rejection(gateway().verifyMessage({ json: otherShop, mac: fixture.sign(otherShop) })),
      ).toBe('shop');
    });

    it('rejects a signed message that is not the protocol, or is for another shop', async () => {
      const created = await newTransaction();
      const notJson = '{"amount": 12.40,';
      expect(await rejection(gateway().verifyMessage({ json: notJson, mac: fixture.sign(notJson) }))).toBe(
        'malformed',
      );
      const noTransaction = JSON.stringify({ amount: '12.40', currency: 'EUR', reference: 'x' });
      expect(
        await rejection(gateway().verifyMessage({ json: noTransaction, mac: fixture.sign(noTransaction) })),
      ).toBe('malformed');
      const otherShop = messageFor(created, { shop: randomUUID() });
      expect(
        await rejection(gateway().verifyMessage({ json: otherShop, mac: fixture.sign(otherShop) })),
      ).toBe('shop');
    });

    describe('refunds anyone can ask for', () => {
      it('refuses to refund a transaction nobody paid, and one it does not know', async () => {
        const created = await newTransaction();
        const unpaid = await gateway().refundTransaction({
          transactionId: created.id,
          amount: 100,
          comment: 'Contract test: not paid',
        });
        expect(refusal(unpaid)).toBe('not-paid');
        expect(unpaid).toMatchObject({ outcome: 'refused', message: expect.any(String) });
        const unknown = await gateway().refundTransaction({
          transactionId: randomUUID(),
          amount: 100,
          comment: 'Contract test: unknown',
        });
        expect(refusal(unknown)).toBe('unknown-transaction');
        expect(await gateway().getTransaction(created.id)).toMatchObject({
          status: 'created',
          refundedAmount: 0,
        });
      });
    });

    describe('payments at the gateway', () => {
      const payable = () => (options.drivable ? it : it.skip);
      const bankLink = async () => {
        const created = await newTransaction();
        const link = created.methods.find((m) => m.group === 'banklink' && m.url !== null);
        if (!link) throw new Error('no bank link');
        return { created, link: link as PaymentLink & { url: string } };
      };
      /** A transaction of 12.40 paid at the gateway (by bank link), as the payer would. */
      const paid = async (): Promise<GatewayTransaction> => {
        const { created, link } = await bankLink();
        await gateway().verifyMessage(await fixture.payer!.pay(link.url, 'success'));
        return created;
      };

      payable()(
        'a card payment: by its page, or in the in-page card form with the publishable key',
        async () => {
          const created = await newTransaction();
          const card = created.methods.find((m) => m.group === 'card');
          if (!card) throw new Error('no card method');
          const returned =
            card.url !== null
              ? await fixture.payer!.pay(card.url, 'success')
              : await fixture.payer!.payInCardForm(created.id, gateway().cardForm!.publishableKey, 'success');
          const verified = await gateway().verifyMessage(returned!);
          expect(verified.messageStatus).toBe('completed');
          expect(verified.transaction).toMatchObject({ id: created.id, amount: 1240, status: 'completed' });
          expect(verified.transaction.completedAt).toBeInstanceOf(Date);
          const notified = await gateway().verifyMessage(await fixture.payer!.notification(created.id));
          expect(notified.messageStatus).toBe('completed');
        },
      );

      payable()('refunds a whole payment: completed, and the transaction says so', async () => {
        const transaction = await paid();
        const result = await gateway().refundTransaction({
          transactionId: transaction.id,
          amount: 1240,
          comment: 'Contract test: whole refund',
        });
        expect(result).toMatchObject({
          outcome: 'completed',
          refundId: expect.any(String),
          amount: 1240,
          refundedTotal: 1240,
        });
        if (result.outcome === 'completed') {
          expect(['created', 'pending', 'settled']).toContain(result.status);
          expect(result.refundedAt).toBeInstanceOf(Date);
        }
        expect(await gateway().getTransaction(transaction.id)).toMatchObject({
          status: 'completed',
          refundedAmount: 1240,
        });
        const again = await gateway().refundTransaction({
          transactionId: transaction.id,
          amount: 1,
          comment: 'Contract test: nothing left',
        });
        expect(refusal(again)).toBe('exceeds-paid');
      });

      payable()('refunds part of a payment, then the rest, and never more than was paid', async () => {
        const transaction = await paid();
        const first = await gateway().refundTransaction({
          transactionId: transaction.id,
          amount: 400,
          comment: 'Contract test: one document',
        });
        expect(first).toMatchObject({ outcome: 'completed', amount: 400, refundedTotal: 400 });
        expect((await gateway().getTransaction(transaction.id))!.refundedAmount).toBe(400);
        const tooMuch = await gateway().refundTransaction({
          transactionId: transaction.id,
          amount: 841,
          comment: 'Contract test: more than is left',
        });
        expect(refusal(tooMuch)).toBe('exceeds-paid');
        const rest = await gateway().refundTransaction({
          transactionId: transaction.id,
          amount: 840,
          comment: 'Contract test: the rest',
        });
        expect(rest).toMatchObject({ outcome: 'completed', amount: 840, refundedTotal: 1240 });
        if (first.outcome === 'completed' && rest.outcome === 'completed')
          expect(rest.refundId).not.toBe(first.refundId);
      });

      (options.drivable && options.refundSwitch ? it : it.skip)(
        'a refund the gateway refuses (its switch) refunds nothing; "still processing" is its own reason',
        async () => {
          const transaction = await paid();
          try {
            fixture.refunds!.setMode('refuse');
            const refused = await gateway().refundTransaction({
              transactionId: transaction.id,
              amount: 1240,
              comment: 'Contract test: the bank says no',
            });
            expect(refused).toMatchObject({
              outcome: 'refused',
              reason: 'declined',
              message: expect.any(String),
            });
            fixture.refunds!.setMode('still-processing');
            const later = await gateway().refundTransaction({
              transactionId: transaction.id,
              amount: 1240,
              comment: 'Contract test: not settled yet',
            });
            expect(later).toMatchObject({
              outcome: 'refused',
              reason: 'still-processing',
              gatewayCode: 1045,
            });
            expect((await gateway().getTransaction(transaction.id))!.refundedAmount).toBe(0);
          } finally {
            fixture.refunds!.setMode('accept');
          }
          const taken = await gateway().refundTransaction({
            transactionId: transaction.id,
            amount: 1240,
            comment: 'Contract test: now it goes',
          });
          expect(taken.outcome).toBe('completed');
        },
      );

      payable()('a completed payment: the return and the notification both verify as completed', async () => {
        const { created, link } = await bankLink();
        const returned = await fixture.payer!.pay(link.url, 'success');
        const verified = await gateway().verifyMessage(returned);
        expect(verified.messageStatus).toBe('completed');
        expect(verified.transaction).toMatchObject({
          id: created.id,
          reference: created.reference,
          amount: 1240,
          status: 'completed',
        });
        // The payment's own time, which the shop records whichever message reaches it first.
        expect(verified.transaction.completedAt).toBeInstanceOf(Date);
        expect(created.completedAt).toBeNull();
        const notified = await gateway().verifyMessage(await fixture.payer!.notification(created.id));
        expect(notified.transaction.id).toBe(created.id);
        expect(notified.messageStatus).toBe('completed');
      });

      payable()('a failed payment is reported to the shop as not paid', async () => {
        const { created, link } = await bankLink();
        const verified = await gateway().verifyMessage(await fixture.payer!.pay(link.url, 'failure'));
        expect(verified.transaction).toMatchObject({ id: created.id, status: 'canceled' });
        const notified = await gateway().verifyMessage(await fixture.payer!.notification(created.id));
        expect(notified.messageStatus).toBe('canceled');
      });

      payable()('a cancelled payment comes back by the cancel URL, signed', async () => {
        const { created, link } = await bankLink();
        const returned = await fixture.payer!.pay(link.url, 'cancel');
        const verified = await gateway().verifyMessage(returned);
        expect(verified.transaction).toMatchObject({ id: created.id, status: 'canceled' });
        expect(verified.messageStatus).toBe('canceled');
      });

      payable()('a paid transaction cannot be paid or cancelled again', async () => {
        const { link } = await bankLink();
        await fixture.payer!.pay(link.url, 'success');
        await expect(fixture.payer!.pay(link.url, 'cancel')).rejects.toThrow(/409/);
      });
    });

    describe('refunds of a transaction paid by hand (a live test shop)', () => {
      (options.paidTransactionId ? it : it.skip)(
        'refunds one cent of it, and refuses more than is left',
        async () => {
          const id = options.paidTransactionId!;
          const before = (await gateway().getTransaction(id))!;
          expect(before.status).toBe('completed');
          const cent = await gateway().refundTransaction({
            transactionId: id,
            amount: 1,
            comment: 'Contract test: one cent',
          });
          expect(cent).toMatchObject({
            outcome: 'completed',
            amount: 1,
            refundedTotal: before.refundedAmount + 1,
          });
          const tooMuch = await gateway().refundTransaction({
            transactionId: id,
            amount: before.amount - before.refundedAmount,
            comment: 'Contract test: more than is left',
          });
          expect(refusal(tooMuch)).toBe('exceeds-paid');
        },
      );
    });
  });
}
