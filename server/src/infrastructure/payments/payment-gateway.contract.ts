import { randomUUID } from 'node:crypto';
import type { GatewayMessage, PaymentGateway } from './payment-gateway.port';
import { PaymentMessageRejectedError } from './payment-gateway.port';

/** Drives the gateway's payment pages like a tester (null where a real bank would have to be used). */
export interface GatewayPayer {
  pay(paymentUrl: string, outcome: 'success' | 'failure' | 'cancel'): Promise<GatewayMessage>;
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

/**
 * The Payments port's contract: every gateway configuration passes the same suite. Payments themselves
 * are driven only where a payer exists (the embedded test gateway); MakeCommerce's test environment runs
 * the rest.
 */
export function paymentGatewayContract(
  name: string,
  options: { readonly drivable: boolean },
  setup: () => Promise<PaymentGatewayFixture>,
): void {
  describe(`Payments port contract: ${name}`, () => {
    let fixture: PaymentGatewayFixture;
    const gateway = () => fixture.gateway;

    beforeAll(async () => {
      fixture = await setup();
    }, 30_000);
    afterAll(() => fixture?.close());

    const newTransaction = (amount = 1240, reference: string = randomUUID()) =>
      gateway().createTransaction({
        reference,
        amount,
        currency: 'EUR',
        customer: { email: 'ostja@example.ee', ip: '127.0.0.1', country: 'ee', locale: 'et' },
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
      expect(created).toMatchObject({ reference, amount: 1240, currency: 'EUR', status: 'created' });
      expect(created.methods.length).toBeGreaterThan(0);
      for (const method of created.methods) expect(() => new URL(method.url)).not.toThrow();
      expect(await gateway().getTransaction(created.id)).toMatchObject({
        id: created.id,
        reference,
        amount: 1240,
        status: 'created',
      });
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

    describe('payments at the gateway', () => {
      const payable = () => (options.drivable ? it : it.skip);
      const bankLink = async () => {
        const created = await newTransaction();
        const link = created.methods.find((m) => m.group === 'banklink');
        if (!link) throw new Error('no bank link');
        return { created, link };
      };

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
  });
}
