import { resolve } from 'node:path';
import { ibanProblem, normaliseIban } from '../domain/payout/iban';
import type { SepaDebtorAccount } from '../domain/payout/sepa-file';
import type { FeeRates } from '../domain/shared/fees';
import { isValidInvoiceSeries } from '../domain/invoice/invoice-series.decider';
import { isValidVatNumber, normaliseVatNumber } from '../domain/invoice/vat-number';
import { type SignInConfig, type SmsConfig, readSignInConfig, readSmsConfig } from './sign-in-config';

export type Profile = 'embedded' | 'production';

export interface S3Config {
  readonly endpoint: string;
  /** The object store as browsers reach it (presigned links); defaults to endpoint. */
  readonly publicEndpoint: string | null;
  readonly accessKey: string;
  readonly secretKey: string;
  readonly bucket: string;
  readonly region: string;
}

/** How users sign in: the embedded OpenID provider, or any external one by issuer URL. */
export interface IdentityConfig {
  /** true: the built-in provider under /oidc (embedded profile default). */
  readonly embedded: boolean;
  /** The OpenID issuer, e.g. http://localhost:3000/oidc or https://cognito-idp.eu-north-1.amazonaws.com/<pool>. */
  readonly issuer: string;
  /** The client app's OAuth client id; ID tokens carry it as audience. */
  readonly clientId: string;
  /** JWKS URL; null means `${issuer}/.well-known/jwks.json` style discovery through the issuer's metadata. */
  readonly jwksUri: string | null;
  /** Sign-up offered on the hosted pages (embedded provider). */
  readonly signUpEnabled: boolean;
  /** E-mails that are always admins (besides admins granted in the product). Lower case. */
  readonly adminEmails: readonly string[];
  /** The embedded provider's social sign-in, test provider and sign-up attributes (sign-in-config.ts). */
  readonly signIn: SignInConfig;
  /** Where the embedded provider's text messages go (sign-in-config.ts). */
  readonly sms: SmsConfig;
}

/** Where mail goes: the embedded outbox folder, or SMTP. */
export interface MailConfig {
  readonly smtpUrl: string | null;
  readonly from: string;
}

/** MakeCommerce's API hosts (https://developer.makecommerce.net). */
export const MAKECOMMERCE_TEST_API_URL = 'https://api.test.maksekeskus.ee';
export const MAKECOMMERCE_LIVE_API_URL = 'https://api.maksekeskus.ee';

/**
 * Which payment gateway takes the money: `embedded`, the test gateway inside the app (speaking
 * MakeCommerce's protocol, no real money), or `makecommerce`, MakeCommerce's test or live API.
 */
export interface PaymentsConfig {
  readonly gateway: 'embedded' | 'makecommerce';
  /** MakeCommerce's API (makecommerce only; the embedded gateway is reached over loopback). */
  readonly apiUrl: string;
  readonly shopId: string;
  /** Signs and verifies messages; on the embedded gateway generated into DATA_DIR when unset. */
  readonly secretKey: string | null;
  /** For MakeCommerce's in-page card form (checkout.js): cards the API gives no page of their own. */
  readonly publishableKey: string | null;
  /** The card form's script; null: MakeCommerce's own for the API host (its test or live checkout.js). */
  readonly checkoutScriptUrl: string | null;
  /**
   * How the embedded test gateway takes cards: `page`, a payment page per card (as MakeCommerce's API
   * answers them today), or `form`, its in-page card form (checkout.js with the publishable key).
   */
  readonly testGatewayCards: 'page' | 'form';
  /** How often unpaid purchases past their 30 minutes are cancelled and paid ones completed; 0 = off. */
  readonly sweepSeconds: number;
}

/** The seller as VAT invoices name it (EU VAT Directive Art. 226, Estonian VAT Act § 37). */
export interface SellerConfig {
  readonly name: string;
  readonly address: string;
  readonly registryCode: string;
  readonly vatNumber: string;
  readonly email: string;
  /** The invoice numbers' own series, e.g. LT → LT-000001. */
  readonly invoiceSeries: string;
  /** The receipts' own series (no invoice asked for), e.g. KV → KV-000001. */
  readonly receiptSeries: string;
  /** The credit notes' own series (refunds of invoiced sales), e.g. KR → KR-000001. */
  readonly creditNoteSeries: string;
  /** The refund receipts' own series (refunds of sales with a receipt), e.g. TK → TK-000001. */
  readonly refundReceiptSeries: string;
}

/** The VIES port's official REST service (European Commission, taxation_customs/vies). */
export const VIES_REST_API_URL = 'https://ec.europa.eu/taxation_customs/vies/rest-api';

/**
 * VAT by buyer (docs/decisions/vat-by-buyer.md): which VAT number registry answers, and the One-Stop
 * Shop's threshold rule.
 */
export interface VatConfig {
  /** `embedded`: the test registry inside the app (check digits); `vies`: the European Commission's VIES. */
  readonly registry: 'embedded' | 'vies';
  readonly viesUrl: string;
  /** How long a VIES question may take before it counts as unanswered. */
  readonly viesTimeoutSeconds: number;
  /** Art. 59c (3): tax EU consumers in their member state from the first sale, not from EUR 10,000. */
  readonly ossFromFirstSale: boolean;
}

/** The embedded test gateway's shop id unless MAKECOMMERCE_SHOP_ID says otherwise. */
export const EMBEDDED_GATEWAY_SHOP_ID = '5a8f0c2e-7d4b-4e1a-9c3f-6b2d8e1f4a70';

/** What the public site shows beyond the shop itself (SPEC §3 configuration loaded at start). */
export interface SiteConfig {
  /** The share control (Facebook, LinkedIn) on document pages. */
  readonly socialMediaEnabled: boolean;
  /** The tag manager container (GTM-…), loaded only after cookie consent; null when off. */
  readonly tagManagerId: string | null;
}

/** Everything the server is configured with; read once from the environment at start. */
export interface AppConfig {
  readonly profile: Profile;
  readonly port: number;
  readonly host: string;
  /** The address browsers use to reach the app, without a trailing slash (default http://localhost:PORT). */
  readonly publicUrl: string;
  readonly identity: IdentityConfig;
  readonly mail: MailConfig;
  readonly dataDir: string;
  readonly seedDemoData: boolean;
  readonly feeRates: FeeRates;
  /** Secret for the app-signed download links; embedded profile generates one into DATA_DIR when unset. */
  readonly blobSigningSecret: string | null;
  readonly clientDistDir: string;
  /** How often expired baskets are recorded as expired; 0 turns the sweep off. */
  readonly basketExpirySweepSeconds: number;
  readonly eventStoreUrl: string | null;
  readonly mongoUrl: string | null;
  readonly mongoDb: string;
  readonly s3: S3Config | null;
  readonly payments: PaymentsConfig;
  readonly seller: SellerConfig;
  readonly vat: VatConfig;
  /** The platform's bank account that SEPA payout files pay from, and its postal address. */
  readonly sepaDebtor: SepaDebtorAccount;
  /**
   * The variables file processing reads (SOFFICE_PATH, PDFTOPPM_PATH, PDFINFO_PATH,
   * FILE_PROCESSING_TIME_LIMIT_SECONDS, FILE_PROCESSING_NETWORK_SANDBOX, PATH), as given: the file
   * library finds its programs from them.
   */
  readonly fileProcessingEnv: Readonly<Record<string, string | undefined>>;
  /**
   * Which proxies may tell the client's address and protocol (X-Forwarded-For/-Proto): false (none,
   * the default), true (any), a hop count, or a list of addresses/CIDRs — Fastify's `trustProxy`.
   */
  readonly trustProxy: boolean | number | string;
  /** The dev mailbox (embedded outbox, reset codes included): served to loopback clients only, or off. */
  readonly devMailbox: 'loopback' | 'off';
  /** Writes without sign-in (baskets) each client may make per minute, as a burst; 0 = no limit. */
  readonly anonymousWritesPerMinute: number;
  readonly site: SiteConfig;
}

/** The variables of AppConfig.fileProcessingEnv. */
const FILE_PROCESSING_VARIABLES = [
  'SOFFICE_PATH',
  'PDFTOPPM_PATH',
  'PDFINFO_PATH',
  'FILE_PROCESSING_TIME_LIMIT_SECONDS',
  'FILE_PROCESSING_NETWORK_SANDBOX',
  'PATH',
] as const;

export const APP_CONFIG = Symbol('AppConfig');

/** Start-up refused: one line per bad variable, so all can be fixed at once. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Configuration error:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

class Reader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  raw(name: string): string | undefined {
    const value = this.env[name]?.trim();
    return value === '' ? undefined : value;
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
      this.problems.push(`${name} must be a whole number from ${min} to ${max} (got "${value}").`);
      return fallback;
    }
    return Number(value);
  }

  /** A percentage with up to two decimals, as basis points. */
  percent(name: string, fallbackBasisPoints: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallbackBasisPoints;
    if (!/^\d{1,3}(\.\d{1,2})?$/.test(value) || Number(value) > 100) {
      this.problems.push(
        `${name} must be a percentage from 0 to 100 with at most two decimals (got "${value}").`,
      );
      return fallbackBasisPoints;
    }
    return Math.round(Number(value) * 100);
  }

  boolean(name: string, fallback: boolean): boolean {
    const value = this.raw(name)?.toLowerCase();
    if (value === undefined) return fallback;
    if (['true', '1', 'yes'].includes(value)) return true;
    if (['false', '0', 'no'].includes(value)) return false;
    this.problems.push(`${name} must be true or false (got "${value}").`);
    return fallback;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (!(allowed as readonly string[]).includes(value)) {
      this.problems.push(`${name} must be one of ${allowed.join(', ')} (got "${value}").`);
      return fallback;
    }
    return value as T;
  }

  url(name: string, schemes: readonly string[], required: boolean): string | null {
    const value = this.raw(name);
    if (value === undefined) {
      if (required)
        this.problems.push(`${name} is required for PROFILE=production (a ${schemes.join(' or ')} URL).`);
      return null;
    }
    let protocol = '';
    try {
      protocol = new URL(value).protocol.replace(/:$/, '');
    } catch {
      protocol = '';
    }
    if (!schemes.includes(protocol)) {
      this.problems.push(
        `${name} must be a ${schemes.map((s) => `${s}://`).join(' or ')} URL (got "${value}").`,
      );
      return null;
    }
    return value;
  }

  /** TRUST_PROXY: true/false, a hop count, or comma-separated addresses and CIDR ranges. */
  trustProxy(name: string): boolean | number | string {
    const value = this.raw(name);
    if (value === undefined || ['false', '0', 'no'].includes(value.toLowerCase())) return false;
    if (['true', 'yes'].includes(value.toLowerCase())) return true;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every((entry) => /^[0-9a-f.:]+(\/\d{1,3})?$/i.test(entry))) return entries.join(',');
    this.problems.push(
      `${name} must be true, false, a number of proxies, or addresses/CIDR ranges separated by commas (got "${value}").`,
    );
    return false;
  }

  text(name: string, required: boolean, fallback: string | null, minLength = 1): string | null {
    const value = this.raw(name);
    if (value === undefined) {
      if (required) this.problems.push(`${name} is required for PROFILE=production.`);
      return fallback;
    }
    if (value.length < minLength) {
      this.problems.push(`${name} must be at least ${minLength} characters long.`);
      return fallback;
    }
    return value;
  }
}

/** Reads and checks the configuration; throws ConfigError naming every bad variable. */
export function loadConfig(env: Env, cwd: string = process.cwd()): AppConfig {
  const r = new Reader(env);
  const profile = r.oneOf<Profile>('PROFILE', ['embedded', 'production'], 'embedded');
  const production = profile === 'production';
  const port = r.integer('PORT', 3000, 1, 65535);
  const host = r.raw('HOST') ?? '127.0.0.1';
  const dataDir = resolve(cwd, r.raw('DATA_DIR') ?? './data');
  const publicUrl = (r.url('PUBLIC_URL', ['http', 'https'], false) ?? `http://localhost:${port}`).replace(
    /\/+$/,
    '',
  );
  const externalIssuer = r.url('OIDC_ISSUER', ['http', 'https'], production);
  const identity: IdentityConfig = {
    embedded: externalIssuer === null,
    issuer: (externalIssuer ?? `${publicUrl}/oidc`).replace(/\/+$/, ''),
    clientId: r.text('OIDC_CLIENT_ID', false, 'lepinguturg-web') ?? 'lepinguturg-web',
    jwksUri: r.url('OIDC_JWKS_URI', ['http', 'https'], false),
    signUpEnabled: r.boolean('SIGN_UP_ENABLED', true),
    adminEmails: (r.raw('ADMIN_EMAILS') ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter((e) => e !== ''),
    signIn: readSignInConfig(env, r.problems, { production, embeddedIdentity: externalIssuer === null }),
    sms: readSmsConfig(env, r.problems),
  };
  for (const email of identity.adminEmails) {
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
      r.problems.push(`ADMIN_EMAILS has an entry that is not an e-mail address ("${email}").`);
  }
  const mail: MailConfig = {
    smtpUrl: r.url('SMTP_URL', ['smtp', 'smtps'], false),
    from:
      r.text('MAIL_FROM', false, 'Lepinguturg <no-reply@lepinguturg.ee>') ??
      'Lepinguturg <no-reply@lepinguturg.ee>',
  };
  const seedDemoData = r.boolean('SEED_DEMO_DATA', !production);
  const feeRates: FeeRates = {
    vatRate: r.percent('VAT_RATE_PERCENT', 2400),
    serviceFeeRate: r.percent('SERVICE_FEE_PERCENT', 2000),
  };
  const blobSigningSecret = r.text('BLOB_SIGNING_SECRET', false, null, 32);
  const clientDistDir = resolve(cwd, r.raw('CLIENT_DIST_DIR') ?? resolve(__dirname, '../../../client/dist'));
  const basketExpirySweepSeconds = r.integer('BASKET_EXPIRY_SWEEP_SECONDS', 60, 0, 86_400);
  const eventStoreUrl = r.url(
    'EVENTSTORE_URL',
    ['kurrentdb', 'kurrentdb+discover', 'esdb', 'esdb+discover'],
    production,
  );
  const mongoUrl = r.url('MONGO_URL', ['mongodb', 'mongodb+srv'], production);
  const mongoDb = r.text('MONGO_DB', false, 'lepinguturg') ?? 'lepinguturg';
  const s3Endpoint = r.url('S3_ENDPOINT', ['http', 'https'], production);
  const s3PublicEndpoint = r.url('S3_PUBLIC_ENDPOINT', ['http', 'https'], false);
  const s3AccessKey = r.text('S3_ACCESS_KEY', production, null);
  const s3SecretKey = r.text('S3_SECRET_KEY', production, null);
  const s3Bucket = r.text('S3_BUCKET', false, 'lepinguturg') ?? 'lepinguturg';
  const s3Region = r.text('S3_REGION', false, 'us-east-1') ?? 'us-east-1';
  r.integer('FILE_PROCESSING_TIME_LIMIT_SECONDS', 120, 1, 3600);
  const fileProcessingEnv = Object.fromEntries(FILE_PROCESSING_VARIABLES.map((name) => [name, env[name]]));
  if (production && blobSigningSecret === null && r.raw('BLOB_SIGNING_SECRET') === undefined) {
    r.problems.push(
      'BLOB_SIGNING_SECRET is required for PROFILE=production (at least 32 characters; it signs the purchased-file links).',
    );
  }
  const payments = readPayments(r, production);
  if (production) refuseUnsafeProduction(r, payments);
  const seller = readSeller(r);
  const vat: VatConfig = {
    registry: r.oneOf<VatConfig['registry']>(
      'VAT_REGISTRY',
      ['embedded', 'vies'],
      production ? 'vies' : 'embedded',
    ),
    viesUrl: (r.url('VIES_URL', ['http', 'https'], false) ?? VIES_REST_API_URL).replace(/\/+$/, ''),
    viesTimeoutSeconds: r.integer('VIES_TIMEOUT_SECONDS', 10, 1, 120),
    ossFromFirstSale: r.boolean('OSS_FROM_FIRST_SALE', false),
  };
  const sepaDebtor = {
    name: r.text('SEPA_DEBTOR_NAME', false, 'Lepinguturg OÜ') ?? 'Lepinguturg OÜ',
    iban: normaliseIban(r.text('SEPA_DEBTOR_IBAN', false, 'EE872200221098765437') ?? ''),
    bic: (r.text('SEPA_DEBTOR_BIC', false, 'HABAEE2X') ?? '').toUpperCase(),
    // The EPC wants the payer's address when a transfer leaves the EEA (a Swiss or British payee).
    address: {
      street: r.text('SEPA_DEBTOR_STREET', false, 'Narva mnt 5') ?? '',
      postCode: r.text('SEPA_DEBTOR_POSTCODE', false, '10117') ?? '',
      town: r.text('SEPA_DEBTOR_TOWN', false, 'Tallinn') ?? '',
    },
  };
  if (sepaDebtor.address.town.trim() === '')
    r.problems.push('SEPA_DEBTOR_TOWN must name the town of the account holder’s address.');
  if (ibanProblem(sepaDebtor.iban) !== null)
    r.problems.push(`SEPA_DEBTOR_IBAN must be a valid IBAN of the SEPA area (got "${sepaDebtor.iban}").`);
  if (!/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(sepaDebtor.bic))
    r.problems.push(`SEPA_DEBTOR_BIC must be a BIC of 8 or 11 characters (got "${sepaDebtor.bic}").`);
  const trustProxy = r.trustProxy('TRUST_PROXY');
  const devMailbox = r.oneOf<'loopback' | 'off'>('DEV_MAILBOX', ['loopback', 'off'], 'loopback');
  const anonymousWritesPerMinute = r.integer('ANONYMOUS_WRITES_PER_MINUTE', 30, 0, 100_000);
  const tagManagerEnabled = r.boolean('TAG_MANAGER_ENABLED', false);
  const tagManagerId = r.raw('TAG_MANAGER_ID') ?? null;
  if (tagManagerEnabled && tagManagerId === null)
    r.problems.push('TAG_MANAGER_ID is required when TAG_MANAGER_ENABLED=true (a GTM-… container id).');
  if (tagManagerId !== null && !/^GTM-[A-Z0-9]{4,12}$/.test(tagManagerId))
    r.problems.push(
      `TAG_MANAGER_ID must be a tag manager container id like GTM-AB12CD3 (got "${tagManagerId}").`,
    );
  const site: SiteConfig = {
    socialMediaEnabled: r.boolean('SOCIAL_MEDIA_ENABLED', false),
    tagManagerId: tagManagerEnabled ? tagManagerId : null,
  };
  if (r.problems.length > 0) throw new ConfigError(r.problems);
  const s3 =
    s3Endpoint && s3AccessKey && s3SecretKey
      ? {
          endpoint: s3Endpoint,
          publicEndpoint: s3PublicEndpoint,
          accessKey: s3AccessKey,
          secretKey: s3SecretKey,
          bucket: s3Bucket,
          region: s3Region,
        }
      : null;
  return {
    profile,
    port,
    host,
    publicUrl,
    identity,
    mail,
    dataDir,
    seedDemoData,
    feeRates,
    blobSigningSecret,
    clientDistDir,
    basketExpirySweepSeconds,
    eventStoreUrl,
    mongoUrl,
    mongoDb,
    s3,
    fileProcessingEnv,
    payments,
    seller,
    vat,
    sepaDebtor,
    trustProxy,
    devMailbox: profile === 'embedded' ? devMailbox : 'off',
    anonymousWritesPerMinute,
    site,
  };
}

/**
 * Secret values published in this repository, in its documentation or in the images' own examples: a
 * production start refuses them whatever their length (docs/decisions/production-refuses-to-start-unsafe.md).
 */
export const KNOWN_DEFAULT_SECRETS: readonly string[] = [
  'compose-demo-signing-secret-change-me-0123456789',
  'lepinguturg-secret',
  'minioadmin',
  'admin',
  'password',
  'secret',
  'changeme',
  'change-me',
];

/** Fewest different characters a production secret may have: `x` × 32 or `abab…` is no secret. */
const MIN_DISTINCT_SECRET_CHARACTERS = 10;

/**
 * What PROFILE=production refuses, one line per variable: the embedded test gateway (anyone may press
 * "success" on anyone's payment there), the embedded gateway's shop id, and secrets that are published
 * defaults, too short, or too uniform to be secret.
 */
function refuseUnsafeProduction(r: Reader, payments: PaymentsConfig): void {
  if (payments.gateway === 'embedded')
    r.problems.push(
      'PAYMENTS=embedded is the test gateway, where anyone can mark any payment paid: PROFILE=production needs PAYMENTS=makecommerce.',
    );
  if (r.raw('MAKECOMMERCE_SHOP_ID') === EMBEDDED_GATEWAY_SHOP_ID)
    r.problems.push(
      "MAKECOMMERCE_SHOP_ID is the embedded test gateway's published shop id: set your MakeCommerce shop's own id.",
    );
  const secrets: readonly [name: string, minLength: number][] = [
    ['BLOB_SIGNING_SECRET', 32],
    ['S3_SECRET_KEY', 16],
    ['MAKECOMMERCE_SECRET_KEY', 16],
  ];
  for (const [name, minLength] of secrets) {
    const value = r.raw(name);
    if (value === undefined || value.length < minLength) continue; // reported as missing or short already
    const lowered = value.toLowerCase();
    if (KNOWN_DEFAULT_SECRETS.includes(lowered) || /change-?me/.test(lowered))
      r.problems.push(
        `${name} is a published example value: PROFILE=production needs a secret of your own (e.g. openssl rand -base64 48).`,
      );
    else if (new Set(value).size < MIN_DISTINCT_SECRET_CHARACTERS)
      r.problems.push(
        `${name} has fewer than ${MIN_DISTINCT_SECRET_CHARACTERS} different characters, so it is easy to guess: use a random secret (e.g. openssl rand -base64 48).`,
      );
  }
  const s3Secret = r.raw('S3_SECRET_KEY');
  if (s3Secret !== undefined && s3Secret.length < 16)
    r.problems.push('S3_SECRET_KEY must be at least 16 characters long on PROFILE=production.');
}

function readPayments(r: Reader, production: boolean): PaymentsConfig {
  const gateway = r.oneOf<PaymentsConfig['gateway']>(
    'PAYMENTS',
    ['embedded', 'makecommerce'],
    production ? 'makecommerce' : 'embedded',
  );
  const makeCommerce = gateway === 'makecommerce';
  const apiUrl = (
    r.url('MAKECOMMERCE_API_URL', ['http', 'https'], false) ?? MAKECOMMERCE_TEST_API_URL
  ).replace(/\/+$/, '');
  const required = (name: string): string | null => {
    const value = r.raw(name);
    if (value === undefined && makeCommerce)
      r.problems.push(`${name} is required for PAYMENTS=makecommerce.`);
    return value ?? null;
  };
  const shopId = required('MAKECOMMERCE_SHOP_ID') ?? EMBEDDED_GATEWAY_SHOP_ID;
  const secretKey = required('MAKECOMMERCE_SECRET_KEY');
  if (secretKey !== null && secretKey.length < 16) {
    r.problems.push('MAKECOMMERCE_SECRET_KEY must be at least 16 characters long.');
  }
  return {
    gateway,
    apiUrl,
    shopId,
    secretKey,
    publishableKey: r.raw('MAKECOMMERCE_PUBLISHABLE_KEY') ?? null,
    checkoutScriptUrl: r.url('MAKECOMMERCE_CHECKOUT_JS_URL', ['http', 'https'], false),
    testGatewayCards: r.oneOf<'page' | 'form'>('TEST_GATEWAY_CARDS', ['page', 'form'], 'page'),
    sweepSeconds: r.integer('PURCHASE_SWEEP_SECONDS', 60, 0, 86_400),
  };
}

function readSeller(r: Reader): SellerConfig {
  const text = (name: string, fallback: string) => r.text(name, false, fallback) ?? fallback;
  const vatNumber = normaliseVatNumber(text('SELLER_VAT_NUMBER', 'EE102345678'));
  if (!isValidVatNumber(vatNumber)) {
    r.problems.push(`SELLER_VAT_NUMBER must be an EU VAT number such as EE102345678 (got "${vatNumber}").`);
  }
  const invoiceSeries = text('INVOICE_SERIES', 'LT').toUpperCase();
  if (!isValidInvoiceSeries(invoiceSeries)) {
    r.problems.push(
      `INVOICE_SERIES must be a capital letter and up to nine capitals or digits (got "${invoiceSeries}").`,
    );
  }
  const receiptSeries = text('RECEIPT_SERIES', 'KV').toUpperCase();
  if (!isValidInvoiceSeries(receiptSeries)) {
    r.problems.push(
      `RECEIPT_SERIES must be a capital letter and up to nine capitals or digits (got "${receiptSeries}").`,
    );
  } else if (receiptSeries === invoiceSeries) {
    r.problems.push(`RECEIPT_SERIES must differ from INVOICE_SERIES (both are "${receiptSeries}").`);
  }
  const seriesTaken = new Map<string, string>([
    [invoiceSeries, 'INVOICE_SERIES'],
    [receiptSeries, 'RECEIPT_SERIES'],
  ]);
  const otherSeries = (name: string, fallback: string): string => {
    const series = text(name, fallback).toUpperCase();
    const taken = seriesTaken.get(series);
    if (!isValidInvoiceSeries(series)) {
      r.problems.push(
        `${name} must be a capital letter and up to nine capitals or digits (got "${series}").`,
      );
    } else if (taken !== undefined) {
      r.problems.push(`${name} must differ from ${taken} (both are "${series}").`);
    }
    seriesTaken.set(series, name);
    return series;
  };
  const creditNoteSeries = otherSeries('CREDIT_NOTE_SERIES', 'KR');
  const refundReceiptSeries = otherSeries('REFUND_RECEIPT_SERIES', 'TK');
  const email = text('SELLER_EMAIL', 'info@lepinguturg.ee');
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    r.problems.push(`SELLER_EMAIL must be an e-mail address (got "${email}").`);
  }
  return {
    name: text('SELLER_NAME', 'Lepinguturg OÜ'),
    address: text('SELLER_ADDRESS', 'Narva mnt 5, 10117 Tallinn, Estonia'),
    registryCode: text('SELLER_REGISTRY_CODE', '16123456'),
    vatNumber,
    email,
    invoiceSeries,
    receiptSeries,
    creditNoteSeries,
    refundReceiptSeries,
  };
}
