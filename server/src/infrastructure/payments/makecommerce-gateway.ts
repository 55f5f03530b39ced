import type { Cents } from '../../domain/shared/money';
import {
  centsToDecimal,
  decimalToCents,
  macMatches,
  parsePaymentLinks,
  parsePaymentMethods,
  transactionStatusOf,
} from './makecommerce-protocol';
import {
  type GatewayMessage,
  type GatewayTransaction,
  type NewTransaction,
  type PaymentGateway,
  PaymentGatewayError,
  type PaymentMethod,
  PaymentMessageRejectedError,
  type VerifiedPaymentMessage,
} from './payment-gateway.port';

export interface MakeCommerceOptions {
  /** https://api.test.maksekeskus.ee (test) or https://api.maksekeskus.ee (live), or the embedded test gateway. */
  readonly apiUrl: string;
  readonly shopId: string;
  readonly secretKey: string;
  /** How long one API call may take. */
  readonly timeoutMs?: number;
}

const APP_INFO = {
  module: 'Lepinguturg',
  module_version: '0.1.0',
  platform: 'Lepinguturg',
  platform_version: '0.1.0',
};

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

/** An ISO 8601 time as MakeCommerce writes it (`2024-08-14T10:27:30+0000` or with `Z`); null otherwise. */
function timeOf(value: unknown): Date | null {
  if (typeof value !== 'string' || value === '') return null;
  const time = Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(time) ? null : new Date(time);
}

/**
 * The Payments port over MakeCommerce's REST API (https://developer.makecommerce.net/api/): HTTP Basic
 * with the shop id and secret key; `POST /v1/transactions` to start a payment, `GET /v1/transactions/{id}`
 * to confirm one, `GET /v1/methods` for the shop's methods. Returns and notifications are verified by
 * their MAC and then read back from the API, so a message alone never marks a purchase paid.
 */
export class MakeCommerceGateway implements PaymentGateway {
  readonly provider = 'makecommerce';
  private readonly baseUrl: string;
  private readonly authorization: string;

  constructor(private readonly options: MakeCommerceOptions) {
    this.baseUrl = options.apiUrl.replace(/\/+$/, '');
    this.authorization = `Basic ${Buffer.from(`${options.shopId}:${options.secretKey}`).toString('base64')}`;
  }

  async paymentMethods({ amount, country }: { amount: Cents; country: string }): Promise<PaymentMethod[]> {
    const query = new URLSearchParams({ amount: centsToDecimal(amount), currency: 'EUR', country });
    const body = await this.request('GET', `/v1/methods?${query.toString()}`);
    return parsePaymentMethods(
      isObject(body) && isObject(body.payment_methods) ? body.payment_methods : body,
    );
  }

  async createTransaction(transaction: NewTransaction): Promise<GatewayTransaction> {
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
      customer: transaction.customer,
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
   * MakeCommerce's API (https://developer.makecommerce.net/api/) has no call that voids a CREATED or PENDING
   * transaction: it expires after 30 minutes by itself. Nothing to ask, so nothing is sent.
   */
  cancelTransaction(): Promise<boolean> {
    return Promise.resolve(false);
  }

  async verifyMessage({ json, mac }: GatewayMessage): Promise<VerifiedPaymentMessage> {
    if (typeof json !== 'string' || typeof mac !== 'string' || json === '' || mac === '') {
      throw new PaymentMessageRejectedError('signature');
    }
    if (!macMatches(json, mac, this.options.secretKey)) throw new PaymentMessageRejectedError('signature');
    let message: unknown;
    try {
      message = JSON.parse(json);
    } catch {
      throw new PaymentMessageRejectedError('malformed');
    }
    if (
      !isObject(message) ||
      typeof message.transaction !== 'string' ||
      typeof message.reference !== 'string' ||
      typeof message.currency !== 'string' ||
      decimalToCents(message.amount) === null
    ) {
      throw new PaymentMessageRejectedError('malformed');
    }
    if (message.shop !== undefined && message.shop !== this.options.shopId) {
      throw new PaymentMessageRejectedError('shop');
    }
    const transaction = await this.getTransaction(message.transaction);
    if (transaction === null) throw new PaymentMessageRejectedError('unknown-transaction');
    if (
      transaction.id !== message.transaction ||
      transaction.reference !== message.reference ||
      transaction.currency !== message.currency ||
      transaction.amount !== decimalToCents(message.amount)
    ) {
      throw new PaymentMessageRejectedError('mismatch');
    }
    return { transaction, messageStatus: transactionStatusOf(message.status), message };
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
      methods: parsePaymentLinks(body.payment_methods),
    };
  }

  private async request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          Authorization: this.authorization,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new PaymentGatewayError(
        `MakeCommerce could not be reached: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const text = await response.text();
    if (!response.ok) {
      throw new PaymentGatewayError(
        `MakeCommerce answered ${response.status} to ${method} ${path.split('?')[0]}`,
        response.status,
      );
    }
    try {
      return text === '' ? null : (JSON.parse(text) as unknown);
    } catch {
      throw new PaymentGatewayError(`MakeCommerce answered ${method} ${path.split('?')[0]} with non-JSON`);
    }
  }
}
