import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { isIPv4 } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock/clock';
import { centsToDecimal, decimalToCents, makeCommerceMac } from '../makecommerce-protocol';
import type { TestPaymentDesk } from '../payment-gateway.port';
import { CHECKOUT_JS, CHECKOUT_RESULT_JS, GATEWAY_CSS, RETURN_JS, logoSvg } from './gateway-assets';
import {
  type GatewayLanguage,
  cardPage,
  cardResultPage,
  paymentPage,
  resultPage,
  returnPage,
  settingsPage,
} from './gateway-pages';
import {
  type GatewayStatus as Status,
  InMemoryTransactionBook,
  type RefundMode,
  type RefundRecord,
  type TransactionBook,
  type TransactionRecord,
  type UrlSpec,
} from './transaction-book';

/** MakeCommerce keeps a transaction payable for 30 minutes. */
const TRANSACTION_LIFETIME_MS = 30 * 60 * 1000;

interface BankLink {
  readonly name: string;
  readonly displayName: string;
  readonly country: string;
}

/**
 * The bank links of the test gateway: Estonia's in the order Estonian shops usually show them, and some
 * of the other countries MakeCommerce serves (Latvia, Lithuania, Finland), offered to buyers there.
 */
const BANK_LINKS: readonly BankLink[] = [
  { name: 'swedbank', displayName: 'Swedbank', country: 'ee' },
  { name: 'seb', displayName: 'SEB', country: 'ee' },
  { name: 'lhv', displayName: 'LHV', country: 'ee' },
  { name: 'luminor', displayName: 'Luminor', country: 'ee' },
  { name: 'coop', displayName: 'Coop Pank', country: 'ee' },
  { name: 'swedbank', displayName: 'Swedbank', country: 'lv' },
  { name: 'seb', displayName: 'SEB', country: 'lv' },
  { name: 'swedbank', displayName: 'Swedbank', country: 'lt' },
  { name: 'seb', displayName: 'SEB', country: 'lt' },
  { name: 'nordea', displayName: 'Nordea', country: 'fi' },
  { name: 'op', displayName: 'OP', country: 'fi' },
  { name: 'danskebank', displayName: 'Danske Bank', country: 'fi' },
];

const CARDS: readonly { readonly name: string; readonly displayName: string }[] = [
  { name: 'visa', displayName: 'Visa' },
  { name: 'mastercard', displayName: 'Mastercard' },
];

export type GatewayOutcome = 'success' | 'failure' | 'cancel';

/** MakeCommerce's error code for "the payment is still being processed: refund later". */
const STILL_PROCESSING = 1045;
/** The test gateway's own error codes (MakeCommerce's are not all public); 1016 and 1024 as before. */
const VALIDATION_ERROR = 1016;
const NOT_FOUND = 1024;
const NOT_PAID = 1501;
const EXCEEDS_PAID = 1502;
const REFUSED = 1503;

export interface EmbeddedTestGatewayOptions {
  readonly shopId: string;
  readonly secretKey: string;
  /** The gateway's address as browsers reach it, e.g. http://localhost:3000/test-gateway. */
  readonly publicBaseUrl: string;
  readonly clock: Clock;
  /** Where notification failures are reported (the shop may be down; the browser return still works). */
  readonly onNotificationError?: (error: unknown) => void;
  /** Where the transactions are kept (default: in memory, for tests of the gateway alone). */
  readonly book?: TransactionBook;
  /**
   * How card methods are paid: `page`, each with a payment page of its own (a `url`, as MakeCommerce's API
   * answers them today), or `form`, without one: in the in-page card form this gateway's checkout.js opens
   * with the shop's publishable key (MakeCommerce's checkout.js flow). Default `page`.
   */
  readonly cardPayments?: 'page' | 'form';
  /** The shop's publishable key: the in-page card form opens only with it. */
  readonly publishableKey?: string;
}

/** The transaction's money: what was paid and what of it was refunded. */
const refundedOf = (record: TransactionRecord): number =>
  record.refunds.reduce((sum, refund) => sum + refund.amount, 0);

const PAID: readonly Status[] = ['COMPLETED', 'PART_REFUNDED', 'REFUNDED'];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** `2024-08-14T10:27:30+0000`, the form of MakeCommerce's message_time. */
function messageTime(date: Date): string {
  return `${date.toISOString().slice(0, 19)}+0000`;
}

function urlSpec(value: unknown): UrlSpec | null {
  if (!isObject(value) || typeof value.url !== 'string') return null;
  const method = value.method === 'GET' ? 'GET' : value.method === 'POST' ? 'POST' : null;
  if (method === null) return null;
  try {
    const protocol = new URL(value.url).protocol;
    if (protocol !== 'http:' && protocol !== 'https:') return null;
  } catch {
    return null;
  }
  return { url: value.url, method };
}

/**
 * A payment gateway inside the app for the embedded profile and the tests, speaking MakeCommerce's
 * protocol: the REST API (`/v1/methods`, `/v1/transactions`, `/v1/transactions/{id}`, HTTP Basic with the
 * shop id and secret key), a payment page per method where the tester chooses success, failure or cancel,
 * and return, cancel and notification messages signed with the secret key exactly as MakeCommerce signs
 * them (`json` + `mac`, upper-case hex SHA-512 of the raw json followed by the key). Cards are paid on a
 * page of their own or in its in-page card form (checkout.js, opened with the publishable key), as the
 * option `cardPayments` says; paid transactions can be refunded, whole or in parts
 * (`POST /v1/transactions/{id}/refunds`), and a tester can make it refuse refunds on its settings page.
 * Transactions and refunds are kept in its TransactionBook (on the embedded profile a SQLite file in
 * DATA_DIR), so, like MakeCommerce, it still knows every one after the shop restarts or is killed.
 */
export class EmbeddedTestGateway implements TestPaymentDesk {
  private readonly transactions: TransactionBook;
  private readonly notifications = new Set<Promise<void>>();
  private readonly base: string;
  private readonly basePath: string;

  constructor(private readonly options: EmbeddedTestGatewayOptions) {
    this.transactions = options.book ?? new InMemoryTransactionBook();
    this.base = options.publicBaseUrl.replace(/\/+$/, '');
    this.basePath = new URL(this.base).pathname.replace(/\/+$/, '');
  }

  /** Registers the gateway's routes on a Fastify instance; mount it with the prefix of publicBaseUrl. */
  readonly routes = (instance: FastifyInstance, _options: unknown, done: () => void): void => {
    if (!instance.hasContentTypeParser('application/x-www-form-urlencoded')) {
      instance.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
    }
    instance.addHook('onClose', async () => {
      await Promise.allSettled([...this.notifications]);
      this.transactions.close();
    });
    instance.get('/v1/methods', (request, reply) => this.methods(request, reply));
    instance.post('/v1/transactions', (request, reply) => this.create(request, reply));
    instance.get('/v1/transactions/:id', (request, reply) => this.read(request, reply));
    instance.post('/v1/transactions/:id/refunds', (request, reply) => this.refund(request, reply));
    instance.get('/v1/refunds/:id', (request, reply) => this.readRefund(request, reply));
    instance.get('/pay/:id', (request, reply) => this.showPaymentPage(request, reply));
    instance.post('/pay/:id', (request, reply) => this.pay(request, reply));
    instance.get('/checkout/dist/checkout.js', (_request, reply) =>
      this.asset(reply, 'text/javascript; charset=utf-8', CHECKOUT_JS),
    );
    instance.get('/checkout/card/:id', (request, reply) => this.showCardForm(request, reply));
    instance.post('/checkout/card/:id', (request, reply) => this.payByCard(request, reply));
    instance.get('/assets/checkout-result.js', (_request, reply) =>
      this.asset(reply, 'text/javascript; charset=utf-8', CHECKOUT_RESULT_JS),
    );
    instance.get('/settings', (request, reply) => this.showSettings(request, reply));
    instance.post('/settings', (request, reply) => this.saveSettings(request, reply));
    instance.get('/assets/gateway.css', (_request, reply) =>
      this.asset(reply, 'text/css; charset=utf-8', GATEWAY_CSS),
    );
    instance.get('/assets/return.js', (_request, reply) =>
      this.asset(reply, 'text/javascript; charset=utf-8', RETURN_JS),
    );
    instance.get('/assets/logos/:name', (request, reply) => {
      const name = String((request.params as { name: string }).name).replace(/\.svg$/, '');
      return this.asset(reply, 'image/svg+xml', logoSvg(name));
    });
    done();
  };

  /** Waits for the notifications still being sent (tests and shutdown). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.notifications]);
  }

  /** Where the buyer pays a transaction by a method (the `url` of a payment method). */
  paymentUrl(transactionId: string, methodId: string): string {
    return `${this.base}/pay/${encodeURIComponent(transactionId)}?method=${encodeURIComponent(methodId)}`;
  }

  /** The in-page card form's script, as the shop's page loads it. */
  get checkoutScriptUrl(): string {
    return `${this.base}/checkout/dist/checkout.js`;
  }

  /** How refunds are answered from now on: taken, refused, or "still processing" (MakeCommerce's 1045). */
  setRefundMode(mode: RefundMode): void {
    this.transactions.setRefundMode(mode);
  }

  private asset(reply: FastifyReply, type: string, body: string): FastifyReply {
    return reply.header('content-type', type).header('cache-control', 'public, max-age=3600').send(body);
  }

  private authorized(request: FastifyRequest): boolean {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Basic ')) return false;
    const expected = Buffer.from(`${this.options.shopId}:${this.options.secretKey}`, 'utf8');
    const received = Buffer.from(Buffer.from(header.slice(6), 'base64').toString('utf8'), 'utf8');
    return received.length === expected.length && timingSafeEqual(received, expected);
  }

  private refuse(reply: FastifyReply, status: number, code: number, message: string, errors?: unknown) {
    return reply.status(status).send({ code, message, ...(errors ? { errors } : {}) });
  }

  private methodList(transactionId: string | null, country: string | null) {
    const url = (methodId: string) =>
      transactionId === null ? undefined : this.paymentUrl(transactionId, methodId);
    return {
      banklinks: BANK_LINKS.filter((b) => country === null || b.country === country).map((b) => ({
        name: b.name,
        display_name: b.displayName,
        country: b.country,
        countries: [b.country],
        channel: `${b.displayName} ${b.country.toUpperCase()}`,
        logo_url: `${this.base}/assets/logos/${b.name}.svg`,
        url: url(`banklink:${b.country}:${b.name}`),
      })),
      cards: CARDS.map((c) => ({
        name: c.name,
        display_name: c.displayName,
        channel: 'card',
        logo_url: `${this.base}/assets/logos/${c.name}.svg`,
        // In the in-page card form's flow a card has no page of its own (checkout.js pays it).
        url: this.options.cardPayments === 'form' ? undefined : url(`card:${c.name}`),
      })),
      other: [],
      paylater: [],
    };
  }

  private methods(request: FastifyRequest, reply: FastifyReply) {
    if (!this.authorized(request)) return this.refuse(reply, 401, 1005, 'Unauthorized');
    const query = request.query as Record<string, unknown>;
    const country = typeof query.country === 'string' && query.country ? query.country.toLowerCase() : null;
    return reply.send(this.methodList(null, country));
  }

  private create(request: FastifyRequest, reply: FastifyReply) {
    if (!this.authorized(request)) return this.refuse(reply, 401, 1005, 'Unauthorized');
    const body = request.body;
    const transaction = isObject(body) && isObject(body.transaction) ? body.transaction : null;
    const customer = isObject(body) && isObject(body.customer) ? body.customer : null;
    const urls = transaction && isObject(transaction.transaction_url) ? transaction.transaction_url : null;
    const errors: string[] = [];
    const amount =
      transaction && typeof transaction.amount === 'string' ? decimalToCents(transaction.amount) : null;
    if (amount === null || amount <= 0) errors.push('transaction.amount must be a positive decimal string');
    if (transaction?.currency !== 'EUR') errors.push('transaction.currency must be EUR');
    const reference = transaction && typeof transaction.reference === 'string' ? transaction.reference : '';
    if (reference === '' || reference.length > 100) errors.push('transaction.reference is required');
    // MakeCommerce's schema: customer.ip in IPv4 form. Its documentation lists it as mandatory; this gateway
    // takes a transaction without one (an IPv6-only buyer, whose address has no IPv4 form: the shop leaves
    // it out) but never an address in another form.
    if (!customer || (customer.ip !== undefined && (typeof customer.ip !== 'string' || !isIPv4(customer.ip))))
      errors.push('customer.ip must be an IPv4 address');
    const returnUrl = urlSpec(urls?.return_url);
    const cancelUrl = urlSpec(urls?.cancel_url);
    const notificationUrl = urlSpec(urls?.notification_url);
    if (!returnUrl || !cancelUrl || !notificationUrl)
      errors.push('transaction.transaction_url needs return_url, cancel_url and notification_url');
    if (errors.length > 0 || amount === null || !returnUrl || !cancelUrl || !notificationUrl || !customer) {
      return this.refuse(reply, 400, VALIDATION_ERROR, 'Validation error', errors);
    }
    const record: TransactionRecord = {
      id: randomUUID(),
      reference,
      amount,
      currency: 'EUR',
      createdAt: this.options.clock.now(),
      status: 'CREATED',
      completedAt: null,
      refunds: [],
      customer,
      returnUrl,
      cancelUrl,
      notificationUrl,
    };
    this.transactions.save(record);
    return reply.status(201).send(this.describe(record));
  }

  private read(request: FastifyRequest, reply: FastifyReply) {
    if (!this.authorized(request)) return this.refuse(reply, 401, 1005, 'Unauthorized');
    const record = this.transactions.get((request.params as { id: string }).id);
    if (!record) return this.refuse(reply, 404, NOT_FOUND, 'Transaction not found');
    return reply.send(this.describe(record));
  }

  /**
   * MakeCommerce's refund call: `amount` (a decimal string, all or part of what is left) and `comment`
   * (required). A transaction not paid, or more than is left, is refused; so is every refund while the
   * tester has switched refunds to refused or to "still processing" (error 1045). The refund is kept with
   * the transaction before the answer goes out.
   */
  private refund(request: FastifyRequest, reply: FastifyReply) {
    if (!this.authorized(request)) return this.refuse(reply, 401, 1005, 'Unauthorized');
    const record = this.transactions.get((request.params as { id: string }).id);
    if (!record) return this.refuse(reply, 404, NOT_FOUND, 'Transaction not found');
    const body = isObject(request.body) ? request.body : {};
    const amount = typeof body.amount === 'string' ? decimalToCents(body.amount) : null;
    const comment = typeof body.comment === 'string' ? body.comment.trim() : '';
    const errors: string[] = [];
    if (amount === null || amount <= 0) errors.push('amount must be a positive decimal string');
    if (comment === '') errors.push('comment is required');
    if (errors.length > 0 || amount === null) {
      return this.refuse(reply, 400, VALIDATION_ERROR, 'Validation error', errors);
    }
    const current = this.current(record);
    if (!PAID.includes(current.status)) {
      return this.refuse(
        reply,
        400,
        NOT_PAID,
        `Transaction is ${current.status}: there is nothing to refund`,
      );
    }
    const left = current.amount - refundedOf(current);
    if (amount > left) {
      return this.refuse(
        reply,
        400,
        EXCEEDS_PAID,
        `Refund amount ${centsToDecimal(amount)} exceeds the refundable ${centsToDecimal(left)}`,
      );
    }
    const mode = this.refundMode();
    if (mode === 'still-processing') {
      return this.refuse(reply, 400, STILL_PROCESSING, 'Payment is still being processed, try again later');
    }
    if (mode === 'refuse') {
      return this.refuse(
        reply,
        400,
        REFUSED,
        'Refund refused (test gateway: refunds are switched to refused)',
      );
    }
    const refund: RefundRecord = {
      id: randomUUID(),
      amount,
      comment,
      createdAt: this.options.clock.now(),
      status: 'CREATED',
    };
    current.refunds = [...current.refunds, refund];
    current.status = refundedOf(current) === current.amount ? 'REFUNDED' : 'PART_REFUNDED';
    this.transactions.save(current);
    return reply.status(201).send(this.describeRefund(refund, current));
  }

  private readRefund(request: FastifyRequest, reply: FastifyReply) {
    if (!this.authorized(request)) return this.refuse(reply, 401, 1005, 'Unauthorized');
    const id = (request.params as { id: string }).id;
    const record = this.transactions.byRefund(id);
    const refund = record?.refunds.find((r) => r.id === id);
    if (!record || !refund) return this.refuse(reply, 404, NOT_FOUND, 'Refund not found');
    return reply.send(this.describeRefund(refund, record));
  }

  private describeRefund(refund: RefundRecord, record: TransactionRecord) {
    return {
      id: refund.id,
      object: 'refund',
      created_at: refund.createdAt.toISOString(),
      status: refund.status,
      amount: refund.amount / 100,
      comment: refund.comment,
      transaction: this.describe(record),
    };
  }

  private refundMode(): RefundMode {
    return this.transactions.refundMode();
  }

  /** A transaction left unpaid past its 30 minutes has expired. */
  private current(record: TransactionRecord): TransactionRecord {
    if (
      record.status === 'CREATED' &&
      this.options.clock.now().getTime() >= record.createdAt.getTime() + TRANSACTION_LIFETIME_MS
    ) {
      record.status = 'EXPIRED';
      this.transactions.save(record);
    }
    return record;
  }

  private describe(record: TransactionRecord) {
    const { id, status, reference, currency, customer } = this.current(record);
    const country = typeof customer.country === 'string' ? customer.country.toLowerCase() : 'ee';
    const refunded = refundedOf(record);
    return {
      id,
      object: 'transaction',
      created_at: record.createdAt.toISOString(),
      completed_at: record.completedAt?.toISOString() ?? null,
      refunded_at: record.refunds.at(-1)?.createdAt.toISOString() ?? null,
      refunded_amount: refunded / 100,
      status,
      amount: record.amount / 100,
      currency,
      reference,
      merchant_data: null,
      recurring_required: false,
      customer,
      transaction_url: {
        return_url: record.returnUrl,
        cancel_url: record.cancelUrl,
        notification_url: record.notificationUrl,
      },
      payment_methods: this.methodList(id, country),
      _links: { self: { href: `${this.base}/v1/transactions/${id}` } },
    };
  }

  private language(record: TransactionRecord | undefined, query: Record<string, unknown>): GatewayLanguage {
    const wanted = typeof query.lang === 'string' ? query.lang : record?.customer.locale;
    return wanted === 'en' ? 'en' : 'et';
  }

  /**
   * An HTML page; the card dialog's pages (given their transaction) may be framed by the shop that made the
   * transaction, and only by it: the app's own policy forbids every frame, so theirs replaces it.
   */
  private html(
    reply: FastifyReply,
    status: number,
    body: string,
    framedFor?: TransactionRecord,
  ): FastifyReply {
    if (framedFor) {
      const shop = new URL(framedFor.returnUrl.url).origin;
      reply
        .header(
          'content-security-policy',
          "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
            "object-src 'none'; base-uri 'self'; form-action 'self'; " +
            `frame-ancestors 'self' ${shop}`,
        )
        .header('x-frame-options', 'SAMEORIGIN');
    }
    return reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(body);
  }

  private showPaymentPage(request: FastifyRequest, reply: FastifyReply) {
    const query = request.query as Record<string, unknown>;
    const record = this.transactions.get((request.params as { id: string }).id);
    const language = this.language(record, query);
    if (!record) return this.html(reply, 404, resultPage(language, this.basePath, 'unknown'));
    const current = this.current(record);
    if (current.status !== 'CREATED') {
      return this.html(reply, 409, resultPage(language, this.basePath, current.status));
    }
    const methodId = typeof query.method === 'string' ? query.method : '';
    const method = this.methodName(methodId);
    return this.html(
      reply,
      200,
      paymentPage(language, this.basePath, {
        transactionId: current.id,
        reference: current.reference,
        amount: current.amount,
        methodId,
        methodName: method.name,
        methodLabel: method.label,
      }),
    );
  }

  private methodName(methodId: string): { name: string; label: string } {
    const name = methodId.split(':').pop() ?? '';
    const bank = BANK_LINKS.find((b) => b.name === name);
    const card = CARDS.find((c) => c.name === name);
    return { name, label: bank?.displayName ?? card?.displayName ?? name };
  }

  /** The tester's choice on the payment page: complete, fail or cancel, then the signed messages go out. */
  private pay(request: FastifyRequest, reply: FastifyReply) {
    const body = isObject(request.body) ? request.body : {};
    const record = this.transactions.get((request.params as { id: string }).id);
    const language = this.language(record, request.query as Record<string, unknown>);
    if (!record) return this.html(reply, 404, resultPage(language, this.basePath, 'unknown'));
    const outcome = body.outcome;
    if (outcome !== 'success' && outcome !== 'failure' && outcome !== 'cancel') {
      return this.html(reply, 400, resultPage(language, this.basePath, 'unknown'));
    }
    const settled = this.settle(record, outcome, this.options.clock.now());
    if ('refused' in settled) {
      return this.html(reply, 409, resultPage(language, this.basePath, settled.refused));
    }
    if (settled.method === 'GET') {
      const url = new URL(settled.action);
      url.searchParams.set('json', settled.json);
      url.searchParams.set('mac', settled.mac);
      return reply.redirect(url.toString(), 303);
    }
    return this.html(reply, 200, returnPage(language, this.basePath, { ...settled, outcome }));
  }

  /**
   * What a tester does on the page at `paymentUrl` (one of this gateway's payment links), at the moment
   * `at`: pays, fails or cancels. The same step as pressing the page's button, for the demo seed, which
   * replays purchases of past months through the gateway: the transaction is completed at `at`, the
   * notification goes to the shop, and the signed message the browser would carry back is answered.
   */
  chooseOutcome(
    paymentUrl: string,
    outcome: GatewayOutcome,
    at: Date,
  ): {
    readonly action: string;
    readonly method: 'GET' | 'POST';
    readonly json: string;
    readonly mac: string;
  } {
    const id = decodeURIComponent(new URL(paymentUrl).pathname.split('/').pop() ?? '');
    const record = this.transactions.get(id);
    if (!record) throw new Error(`The test gateway knows no transaction at ${paymentUrl}`);
    const settled = this.settle(record, outcome, at);
    if ('refused' in settled) throw new Error(`The transaction at ${paymentUrl} is ${settled.refused}`);
    return settled;
  }

  private settle(
    record: TransactionRecord,
    outcome: GatewayOutcome,
    now: Date,
  ):
    | {
        readonly action: string;
        readonly method: 'GET' | 'POST';
        readonly json: string;
        readonly mac: string;
      }
    | { readonly refused: Status } {
    const current = this.current(record);
    if (current.status !== 'CREATED') return { refused: current.status };
    const message = this.complete(current, outcome, now);
    const target = outcome === 'cancel' ? current.cancelUrl : current.returnUrl;
    return { action: target.url, method: target.method, ...message };
  }

  /**
   * Records the payer's outcome and notifies the shop: completed or cancelled, kept before anything is
   * sent (the payer's word stands even if the shop dies the next moment). MakeCommerce reports completed and
   * failed payments to the shop's server as well; a buyer who cancels is present and comes back by the
   * cancel URL.
   */
  private complete(
    record: TransactionRecord,
    outcome: GatewayOutcome,
    now: Date,
  ): { json: string; mac: string } {
    record.status = outcome === 'success' ? 'COMPLETED' : 'CANCELLED';
    if (outcome === 'success') record.completedAt = now;
    this.transactions.save(record);
    const message = this.signedMessage(record, now);
    if (outcome !== 'cancel') this.notify(record.notificationUrl, message);
    return message;
  }

  /** A return / notification message exactly as MakeCommerce writes it, and its MAC. */
  signedMessage(record: TransactionRecord, now: Date): { json: string; mac: string } {
    const amount = centsToDecimal(record.amount);
    const legacySignature = createHash('sha512')
      .update(
        `${amount}${record.currency}${record.reference}${record.id}${record.status}${this.options.secretKey}`,
      )
      .digest('hex')
      .toUpperCase();
    // The fields in the order of a real message recorded from MakeCommerce's test environment
    // (fixtures/makecommerce-payment-return.json).
    const json = JSON.stringify({
      amount,
      currency: record.currency,
      reference: record.reference,
      shop: this.options.shopId,
      transaction: record.id,
      status: record.status,
      signature: legacySignature,
      message_time: messageTime(now),
      message_type: 'payment_return',
      customer_name: 'Test Payer',
      merchant_data: null,
    });
    return { json, mac: makeCommerceMac(json, this.options.secretKey) };
  }

  /**
   * The in-page card form's message (developer.maksekeskus.ee/messages.php: `token_return`): the
   * transaction as an object with its id and status, and the payment token; no reference or amount.
   */
  private tokenReturn(record: TransactionRecord, now: Date): { json: string; mac: string } {
    const json = JSON.stringify({
      message_time: messageTime(now),
      message_type: 'token_return',
      shop: this.options.shopId,
      transaction: { id: record.id, status: record.status, type: 'card', method: 'visa_mastercard' },
      token: {
        id: createHash('sha256').update(`${record.id}/token`).digest('hex').slice(0, 36),
        multiuse: false,
        valid_until: new Date(now.getTime() + 15 * 60_000).toISOString().slice(0, 10),
      },
    });
    return { json, mac: makeCommerceMac(json, this.options.secretKey) };
  }

  /** The card dialog checkout.js opens in an iframe: only with the shop's publishable key, only unpaid. */
  private showCardForm(request: FastifyRequest, reply: FastifyReply) {
    const query = request.query as Record<string, unknown>;
    const record = this.transactions.get((request.params as { id: string }).id);
    const language = this.language(record, query);
    if (!record) return this.html(reply, 404, resultPage(language, this.basePath, 'unknown'), record);
    if (!this.publishableKeyMatches(query.key)) {
      return this.html(reply, 403, resultPage(language, this.basePath, 'key'), record);
    }
    const current = this.current(record);
    if (current.status !== 'CREATED') {
      return this.html(reply, 409, resultPage(language, this.basePath, current.status), record);
    }
    return this.html(
      reply,
      200,
      cardPage(language, this.basePath, {
        transactionId: current.id,
        reference: current.reference,
        amount: current.amount,
        key: String(query.key),
      }),
      record,
    );
  }

  /**
   * The tester's choice in the card dialog: the card is charged (COMPLETED) or declined (CANCELLED), the
   * shop is notified as for any payment, and the dialog hands the signed token_return message to the shop's
   * page; closing the dialog changes nothing (the buyer may open it again or pay by another method).
   */
  private payByCard(request: FastifyRequest, reply: FastifyReply) {
    const query = request.query as Record<string, unknown>;
    const body = isObject(request.body) ? request.body : {};
    const record = this.transactions.get((request.params as { id: string }).id);
    const language = this.language(record, query);
    if (!record) return this.html(reply, 404, resultPage(language, this.basePath, 'unknown'), record);
    if (!this.publishableKeyMatches(query.key)) {
      return this.html(reply, 403, resultPage(language, this.basePath, 'key'), record);
    }
    const outcome = body.outcome;
    if (outcome !== 'success' && outcome !== 'failure' && outcome !== 'cancel') {
      return this.html(reply, 400, resultPage(language, this.basePath, 'unknown'), record);
    }
    const shopOrigin = new URL(record.returnUrl.url).origin;
    if (outcome === 'cancel') {
      return this.html(
        reply,
        200,
        cardResultPage(language, this.basePath, { type: 'cancelled', json: '', mac: '', shopOrigin }),
        record,
      );
    }
    const current = this.current(record);
    if (current.status !== 'CREATED') {
      return this.html(reply, 409, resultPage(language, this.basePath, current.status), record);
    }
    const now = this.options.clock.now();
    this.complete(current, outcome, now);
    const message = this.tokenReturn(current, now);
    return this.html(
      reply,
      200,
      cardResultPage(language, this.basePath, { type: 'completed', ...message, shopOrigin }),
      record,
    );
  }

  private publishableKeyMatches(key: unknown): boolean {
    const expected = this.options.publishableKey;
    if (!expected || typeof key !== 'string') return false;
    const a = Buffer.from(key, 'utf8');
    const b = Buffer.from(expected, 'utf8');
    return a.length === b.length && timingSafeEqual(a, b);
  }

  /** The tester's settings: how refunds are answered. */
  private showSettings(request: FastifyRequest, reply: FastifyReply) {
    const query = request.query as Record<string, unknown>;
    const language = this.language(undefined, query);
    return this.html(
      reply,
      200,
      settingsPage(language, this.basePath, this.refundMode(), query.saved === '1'),
    );
  }

  private saveSettings(request: FastifyRequest, reply: FastifyReply) {
    const query = request.query as Record<string, unknown>;
    const language = this.language(undefined, query);
    const body = isObject(request.body) ? request.body : {};
    const mode = body.refunds;
    if (mode !== 'accept' && mode !== 'refuse' && mode !== 'still-processing') {
      return this.html(reply, 400, settingsPage(language, this.basePath, this.refundMode(), false));
    }
    this.setRefundMode(mode);
    return reply.redirect(`${this.basePath}/settings?lang=${language}&saved=1`, 303);
  }

  private notify(target: UrlSpec, message: { json: string; mac: string }): void {
    const send = async (): Promise<void> => {
      const delays = [0, 250, 1000];
      let lastError: unknown = null;
      for (const delay of delays) {
        if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
        try {
          const body = new URLSearchParams(message);
          const response =
            target.method === 'GET'
              ? await fetch(`${target.url}${target.url.includes('?') ? '&' : '?'}${body.toString()}`, {
                  signal: AbortSignal.timeout(10_000),
                })
              : await fetch(target.url, {
                  method: 'POST',
                  headers: { 'content-type': 'application/x-www-form-urlencoded' },
                  body: body.toString(),
                  signal: AbortSignal.timeout(10_000),
                });
          await response.arrayBuffer();
          if (response.ok) return;
          lastError = new Error(`notification answered ${response.status}`);
        } catch (error) {
          lastError = error;
        }
      }
      this.options.onNotificationError?.(lastError);
    };
    const sending = send().finally(() => this.notifications.delete(sending));
    this.notifications.add(sending);
  }
}
