import type { Cents } from '../../domain/shared/money';
import {
  REFUND_STILL_PROCESSING_CODE,
  centsToDecimal,
  customerIpv4,
  decimalToCents,
  macMatches,
  parsePaymentLinks,
  parsePaymentMethods,
  readMakeCommerceMessage,
  refundStatusOf,
  transactionStatusOf,
} from './makecommerce-protocol';
import {
  type CardForm,
  type GatewayMessage,
  type GatewayTransaction,
  type NewTransaction,
  type PaymentGateway,
  PaymentGatewayError,
  type PaymentMethod,
  PaymentMessageRejectedError,
  type RefundRequest,
  type RefundResult,
  type VerifiedPaymentMessage,
} from './payment-gateway.port';

export interface MakeCommerceOptions {
  /** https://api.test.maksekeskus.ee (test) or https://api.maksekeskus.ee (live), or the embedded test gateway. */
  readonly apiUrl: string;
  readonly shopId: string;
  readonly secretKey: string;
  /** The shop's publishable key, for the in-page card form; without it a card method without a page is not offered. */
  readonly publishableKey?: string | null;
  /** The card form's script as browsers load it; by default MakeCommerce's own for its test or live API host. */
  readonly checkoutScriptUrl?: string | null;
  /** How long one API call may take. */
  readonly timeoutMs?: number;
}

const APP_INFO = {
  module: 'Lepinguturg',
  module_version: '0.1.0',
  platform: 'Lepinguturg',
  platform_version: '0.1.0',
};

/** MakeCommerce's checkout.js for each of its API hosts (its PHP SDK's environment URLs). */
const CHECKOUT_SCRIPTS: Readonly<Record<string, string>> = {
  'api.test.maksekeskus.ee': 'https://payment.test.maksekeskus.ee/checkout/dist/checkout.js',
  'api.maksekeskus.ee': 'https://payment.maksekeskus.ee/checkout/dist/checkout.js',
};

/** Where MakeCommerce serves the in-page card form for an API host; null for a host it does not know. */
export function makeCommerceCheckoutScript(apiUrl: string): string | null {
  try {
    return CHECKOUT_SCRIPTS[new URL(apiUrl).host] ?? null;
  } catch {
    return null;
  }
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An ISO 8601 time as MakeCommerce writes it (`2024-08-14T10:27:30+0000` or with `Z`); null otherwise. */
function timeOf(value: unknown): Date | null {
  if (typeof value !== 'string' || value === '') return null;
  const time = Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(time) ? null : new Date(time);
}

interface Answer {
  readonly status: number;
  readonly body: unknown;
}

/**
 * The Payments port over MakeCommerce's REST API (https://developer.makecommerce.net/api/, and its PHP SDK
 * maksekeskus/makecommerce-php-sdk): HTTP Basic with the shop id and secret key; `POST /v1/transactions` to
 * start a payment, `GET /v1/transactions/{id}` to confirm one, `GET /v1/methods` for the shop's methods,
 * `POST /v1/transactions/{id}/refunds` to give money back. Returns and notifications are verified by their
 * MAC and then read back from the API, so a message alone never marks a purchase paid.
 */
export class MakeCommerceGateway implements PaymentGateway {
  readonly provider = 'makecommerce';
  readonly cardForm: CardForm | null;
  private readonly baseUrl: string;
  private readonly authorization: string;

  constructor(private readonly options: MakeCommerceOptions) {
    this.baseUrl = options.apiUrl.replace(/\/+$/, '');
    this.authorization = `Basic ${Buffer.from(`${options.shopId}:${options.secretKey}`).toString('base64')}`;
    const scriptUrl = options.checkoutScriptUrl ?? makeCommerceCheckoutScript(this.baseUrl);
    this.cardForm =
      options.publishableKey && scriptUrl ? { scriptUrl, publishableKey: options.publishableKey } : null;
  }

  async paymentMethods({ amount, country }: { amount: Cents; country: string }): Promise<PaymentMethod[]> {
    const query = new URLSearchParams({ amount: centsToDecimal(amount), currency: 'EUR', country });
    const body = await this.request('GET', `/v1/methods?${query.toString()}`);
    return parsePaymentMethods(
      isObject(body) && isObject(body.payment_methods) ? body.payment_methods : body,
    );
  }

  async createTransaction(transaction: NewTransaction): Promise<GatewayTransaction> {
    const { ip: address, ...customer } = transaction.customer;
    const ip = customerIpv4(address);
    const body = await this.request('POST', '/v1/transactions', {
      transaction: {
        amount: centsToDecimal(transaction.amount),
        currency: transaction.currency,
        reference: transaction.reference,
        transaction_url: {
          return_url: { url: transaction.returnUrl, method: 'POST' },
          cancel_url: { url: transaction.cancelUrl, method: 'POST' },
          notification_url: { url: transaction.notificationUrl, method: 'POST' },
        },
      },
      // Its schema takes an IPv4 address only; an address without one is left out, never sent as it is.
      customer: ip === null ? customer : { ...customer, ip },
      app_info: APP_INFO,
    });
    const created = this.transactionOf(body);
    if (!created) throw new PaymentGatewayError('MakeCommerce answered a transaction it could not describe');
    return created;
  }

  async getTransaction(id: string): Promise<GatewayTransaction | null> {
    if (!/^[A-Za-z0-9-]{1,100}$/.test(id)) return null;
    try {
      return this.transactionOf(await this.request('GET', `/v1/transactions/${encodeURIComponent(id)}`));
    } catch (error) {
      if (error instanceof PaymentGatewayError && (error.status === 404 || error.status === 400)) return null;
      throw error;
    }
  }

  /**
   * MakeCommerce's API has no call that voids a CREATED or PENDING transaction (neither its API reference
   * nor its PHP SDKs, old or new, have one): it expires after 30 minutes by itself. Nothing to ask.
   */
  cancelTransaction(): Promise<boolean> {
    return Promise.resolve(false);
  }

  /**
   * `POST /v1/transactions/{id}/refunds` with `amount` (a decimal string: all or part of what was paid) and
   * `comment` (required by its schema), as its PHP SDK sends it (createRefund). The transaction is read
   * first, so a refund that cannot be is refused with its reason without asking for it; MakeCommerce's own
   * refusals (a 4xx answer with its error `code` and `message`) are refused too, error 1045 as "still
   * processing". Anything else (no answer, 5xx) is `unavailable`.
   */
  async refundTransaction({ transactionId, amount, comment }: RefundRequest): Promise<RefundResult> {
    if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`Not a refund amount: ${amount}`);
    if (comment.trim() === '') throw new RangeError('A refund needs a comment');
    let transaction: GatewayTransaction | null;
    try {
      transaction = await this.getTransaction(transactionId);
    } catch (error) {
      return { outcome: 'unavailable', message: (error as Error).message };
    }
    if (transaction === null) {
      return refused('unknown-transaction', `MakeCommerce knows no transaction ${transactionId}`);
    }
    if (transaction.status !== 'completed') {
      return refused('not-paid', `Transaction ${transactionId} is ${transaction.status}, not paid`);
    }
    const refundable = transaction.amount - transaction.refundedAmount;
    if (amount > refundable) {
      return refused(
        'exceeds-paid',
        `${centsToDecimal(amount)} is more than the ${centsToDecimal(refundable)} left to refund`,
      );
    }
    let answer: Answer;
    try {
      answer = await this.send('POST', `/v1/transactions/${encodeURIComponent(transactionId)}/refunds`, {
        amount: centsToDecimal(amount),
        comment,
        app_info: APP_INFO,
      });
    } catch (error) {
      return { outcome: 'unavailable', message: (error as Error).message };
    }
    const body = isObject(answer.body) ? answer.body : {};
    if (answer.status >= 500 || answer.status < 200) {
      return { outcome: 'unavailable', message: `MakeCommerce answered ${answer.status} to the refund` };
    }
    if (answer.status >= 300) {
      const code = typeof body.code === 'number' ? body.code : null;
      const message =
        typeof body.message === 'string' && body.message !== ''
          ? body.message
          : `MakeCommerce answered ${answer.status} to the refund`;
      if (answer.status === 404) return refused('unknown-transaction', message, code);
      return refused(code === REFUND_STILL_PROCESSING_CODE ? 'still-processing' : 'declined', message, code);
    }
    const status = refundStatusOf(body.status);
    if (typeof body.id !== 'string' || body.id === '') {
      return { outcome: 'unavailable', message: 'MakeCommerce answered a refund it could not describe' };
    }
    if (status === 'failed') {
      return refused('declined', `MakeCommerce answered the refund ${String(body.status)}`);
    }
    const after = isObject(body.transaction) ? decimalToCents(body.transaction.refunded_amount) : null;
    return {
      outcome: 'completed',
      refundId: body.id,
      amount,
      status,
      refundedTotal: after ?? transaction.refundedAmount + amount,
      refundedAt: timeOf(body.created_at) ?? new Date(),
      response: body,
    };
  }

  async verifyMessage({ json, mac }: GatewayMessage): Promise<VerifiedPaymentMessage> {
    if (typeof json !== 'string' || typeof mac !== 'string' || json === '' || mac === '') {
      throw new PaymentMessageRejectedError('signature');
    }
    if (!macMatches(json, mac, this.options.secretKey)) throw new PaymentMessageRejectedError('signature');
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch {
      throw new PaymentMessageRejectedError('malformed');
    }
    const message = readMakeCommerceMessage(parsed);
    if (message === null) throw new PaymentMessageRejectedError('malformed');
    if (message.shop !== null && message.shop !== this.options.shopId) {
      throw new PaymentMessageRejectedError('shop');
    }
    const transaction = await this.getTransaction(message.transactionId);
    if (transaction === null) throw new PaymentMessageRejectedError('unknown-transaction');
    if (
      transaction.id !== message.transactionId ||
      (message.type === 'payment_return' &&
        (transaction.reference !== message.reference ||
          transaction.currency !== message.currency ||
          transaction.amount !== message.amount))
    ) {
      throw new PaymentMessageRejectedError('mismatch');
    }
    return { transaction, messageStatus: message.status, message: parsed as Json };
  }

  private transactionOf(body: unknown): GatewayTransaction | null {
    if (!isObject(body) || typeof body.id !== 'string') return null;
    const amount = decimalToCents(body.amount);
    if (amount === null) return null;
    return {
      id: body.id,
      reference: typeof body.reference === 'string' ? body.reference : '',
      amount,
      currency: typeof body.currency === 'string' ? body.currency : '',
      status: transactionStatusOf(body.status),
      completedAt: timeOf(body.completed_at),
      refundedAmount: decimalToCents(body.refunded_amount) ?? 0,
      methods: parsePaymentLinks(body.payment_methods).filter(
        (method) => method.url !== null || this.cardForm !== null,
      ),
    };
  }

  private async request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const answer = await this.send(method, path, body);
    if (answer.status < 200 || answer.status >= 300) {
      throw new PaymentGatewayError(
        `MakeCommerce answered ${answer.status} to ${method} ${path.split('?')[0]}`,
        answer.status,
      );
    }
    return answer.body;
  }

  /**
   * One call; throws PaymentGatewayError only when there is no answer (or it is not JSON). A read (GET) whose
   * connection broke before any answer (a kept-alive connection the other side had closed) is sent once
   * more; a POST never is: it may have been taken, and a second one could pay or refund twice.
   */
  private async send(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    let response: Response;
    const call = () =>
      fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          Authorization: this.authorization,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    try {
      try {
        response = await call();
      } catch (error) {
        if (method !== 'GET' || isTimeout(error)) throw error;
        response = await call();
      }
    } catch (error) {
      throw new PaymentGatewayError(`MakeCommerce could not be reached: ${reasonOf(error)}`);
    }
    const text = await response.text();
    try {
      return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
    } catch {
      if (!response.ok) return { status: response.status, body: null };
      throw new PaymentGatewayError(`MakeCommerce answered ${method} ${path.split('?')[0]} with non-JSON`);
    }
  }
}

const isTimeout = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

/** A failed fetch's reason, with its cause (undici's "fetch failed" says nothing by itself). */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause: unknown = error.cause;
  const detail =
    typeof cause === 'object' && cause !== null && 'message' in cause && typeof cause.message === 'string'
      ? cause.message
      : null;
  return detail === null ? error.message : `${error.message} (${detail})`;
}

function refused(
  reason: Extract<RefundResult, { outcome: 'refused' }>['reason'],
  message: string,
  gatewayCode: number | null = null,
): RefundResult {
  return { outcome: 'refused', reason, message, gatewayCode };
}
