import { DEMO_PAYOUTS } from '../seed/demo-history.data';
import { ConfigError, EMBEDDED_GATEWAY_SHOP_ID, loadConfig } from './app-config';

const problemsOf = (env: Record<string, string>): readonly string[] => {
  try {
    loadConfig(env, '/srv/app');
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

/** Secrets of the kind `openssl rand -base64` gives: long, random, none of them published. */
const STRONG = {
  signing: 'Vb3q9Zt1LmX8pRk2Hs7WcN4yJd6Fg0Ae',
  s3: 'q7Rz2Lx9Wv4Nc8Tb',
  shop: 'a-secret-key-of-the-test-shop',
} as const;

/** A production configuration that starts; each test spoils one thing. */
const SAFE_PRODUCTION = {
  PROFILE: 'production',
  EVENTSTORE_URL: 'kurrentdb://eventstore:2113?tls=false',
  MONGO_URL: 'mongodb://mongo:27017/?replicaSet=rs0',
  S3_ENDPOINT: 'http://objectstore:8333',
  S3_ACCESS_KEY: 'lepinguturg',
  S3_SECRET_KEY: STRONG.s3,
  OIDC_ISSUER: 'https://auth.example.ee/realms/lepinguturg',
  BLOB_SIGNING_SECRET: STRONG.signing,
  MAKECOMMERCE_SHOP_ID: 'f64b1a3e-7b2c-4c1e-9f59-0d6b4b0c2a11',
  MAKECOMMERCE_SECRET_KEY: STRONG.shop,
} as const;

describe('configuration from the environment', () => {
  it('runs the embedded profile with defaults on a fresh machine', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      profile: 'embedded',
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/srv/app/data',
      seedDemoData: true,
      feeRates: { vatRate: 2400, serviceFeeRate: 2000 },
      basketExpirySweepSeconds: 60,
    });
  });

  it("pays the demo's SEPA files from a platform account that no demo payee has", () => {
    const { sepaDebtor } = loadConfig({}, '/srv/app');
    expect(sepaDebtor).toEqual({
      name: 'Lepinguturg OÜ',
      iban: 'EE872200221098765437',
      bic: 'HABAEE2X',
      address: { street: 'Narva mnt 5', postCode: '10117', town: 'Tallinn' },
    });
    // A file paying Kadri from her own account would be nonsense to the admin reading it.
    for (const payout of DEMO_PAYOUTS) expect(payout.iban).not.toBe(sepaDebtor.iban);
  });

  it('reads PORT, DATA_DIR and the rates', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/var/lib/lt',
      VAT_RATE_PERCENT: '22.5',
      SERVICE_FEE_PERCENT: '15',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/var/lib/lt',
      feeRates: { vatRate: 2250, serviceFeeRate: 1500 },
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a whole number from 1 to 65535 (got "eighty").'],
    [{ PORT: '70000' }, 'PORT must be a whole number from 1 to 65535 (got "70000").'],
    [{ PROFILE: 'staging' }, 'PROFILE must be one of embedded, production (got "staging").'],
    [{ SEED_DEMO_DATA: 'maybe' }, 'SEED_DEMO_DATA must be true or false (got "maybe").'],
    [
      { VAT_RATE_PERCENT: '124' },
      'VAT_RATE_PERCENT must be a percentage from 0 to 100 with at most two decimals (got "124").',
    ],
    [{ BLOB_SIGNING_SECRET: 'short' }, 'BLOB_SIGNING_SECRET must be at least 32 characters long.'],
    [{ SOCIAL_MEDIA_ENABLED: 'often' }, 'SOCIAL_MEDIA_ENABLED must be true or false (got "often").'],
    [
      { TAG_MANAGER_ENABLED: 'true' },
      'TAG_MANAGER_ID is required when TAG_MANAGER_ENABLED=true (a GTM-… container id).',
    ],
    [
      { TAG_MANAGER_ID: 'UA-1234' },
      'TAG_MANAGER_ID must be a tag manager container id like GTM-AB12CD3 (got "UA-1234").',
    ],
  ])('names a bad variable clearly: %j', (env, message) => {
    expect(problemsOf(env)).toEqual([message]);
  });

  it('turns the share control and the tag manager on only when asked', () => {
    expect(loadConfig({}).site).toEqual({ socialMediaEnabled: false, tagManagerId: null });
    expect(loadConfig({ TAG_MANAGER_ID: 'GTM-AB12CD3' }).site.tagManagerId).toBeNull();
    expect(
      loadConfig({ SOCIAL_MEDIA_ENABLED: 'true', TAG_MANAGER_ENABLED: 'true', TAG_MANAGER_ID: 'GTM-AB12CD3' })
        .site,
    ).toEqual({ socialMediaEnabled: true, tagManagerId: 'GTM-AB12CD3' });
  });

  it('runs the built-in identity provider under /oidc of the public address by default', () => {
    const config = loadConfig({ PORT: '4000', ADMIN_EMAILS: ' Boss@Example.ee, ops@example.ee ' });
    expect(config.publicUrl).toBe('http://localhost:4000');
    expect(config.identity).toMatchObject({
      embedded: true,
      issuer: 'http://localhost:4000/oidc',
      clientId: 'lepinguturg-web',
      adminEmails: ['boss@example.ee', 'ops@example.ee'],
    });
    expect(loadConfig({ PUBLIC_URL: 'https://lepinguturg.ee/' }).identity.issuer).toBe(
      'https://lepinguturg.ee/oidc',
    );
  });

  it('names a bad admin e-mail and a bad SMTP URL', () => {
    expect(problemsOf({ ADMIN_EMAILS: 'admin', SMTP_URL: 'mail.example.ee' })).toEqual([
      'ADMIN_EMAILS has an entry that is not an e-mail address ("admin").',
      'SMTP_URL must be a smtp:// or smtps:// URL (got "mail.example.ee").',
    ]);
  });

  it('lists every problem at once', () => {
    expect(problemsOf({ PORT: '0', SEED_DEMO_DATA: 'x', BASKET_EXPIRY_SWEEP_SECONDS: '-5' })).toHaveLength(3);
  });

  it('requires the production services, each named, for PROFILE=production', () => {
    expect([...problemsOf({ PROFILE: 'production' })].sort()).toEqual(
      [
        'EVENTSTORE_URL is required for PROFILE=production (a kurrentdb or kurrentdb+discover or esdb or esdb+discover URL).',
        'MONGO_URL is required for PROFILE=production (a mongodb or mongodb+srv URL).',
        'S3_ENDPOINT is required for PROFILE=production (a http or https URL).',
        'S3_ACCESS_KEY is required for PROFILE=production.',
        'S3_SECRET_KEY is required for PROFILE=production.',
        'OIDC_ISSUER is required for PROFILE=production (a http or https URL).',
        'BLOB_SIGNING_SECRET is required for PROFILE=production (at least 32 characters; it signs the purchased-file links).',
        'MAKECOMMERCE_SHOP_ID is required for PAYMENTS=makecommerce.',
        'MAKECOMMERCE_SECRET_KEY is required for PAYMENTS=makecommerce.',
      ].sort(),
    );
  });

  describe('PROFILE=production refuses to start unsafe, one clear line each', () => {
    it('starts with its own secrets and MakeCommerce', () => {
      expect(problemsOf(SAFE_PRODUCTION)).toEqual([]);
    });

    it('refuses the embedded test gateway, where anyone can press "success"', () => {
      expect(problemsOf({ ...SAFE_PRODUCTION, PAYMENTS: 'embedded' })).toEqual([
        'PAYMENTS=embedded is the test gateway, where anyone can mark any payment paid: PROFILE=production needs PAYMENTS=makecommerce.',
      ]);
    });

    it("refuses the embedded gateway's published shop id", () => {
      expect(problemsOf({ ...SAFE_PRODUCTION, MAKECOMMERCE_SHOP_ID: EMBEDDED_GATEWAY_SHOP_ID })).toEqual([
        "MAKECOMMERCE_SHOP_ID is the embedded test gateway's published shop id: set your MakeCommerce shop's own id.",
      ]);
    });

    it('refuses a missing shop id or key', () => {
      const { MAKECOMMERCE_SHOP_ID: _id, MAKECOMMERCE_SECRET_KEY: _key, ...rest } = SAFE_PRODUCTION;
      expect(problemsOf(rest)).toEqual([
        'MAKECOMMERCE_SHOP_ID is required for PAYMENTS=makecommerce.',
        'MAKECOMMERCE_SECRET_KEY is required for PAYMENTS=makecommerce.',
      ]);
    });

    it('refuses the secrets this repository published, whatever their length', () => {
      expect(
        problemsOf({
          ...SAFE_PRODUCTION,
          BLOB_SIGNING_SECRET: 'compose-demo-signing-secret-change-me-0123456789',
          S3_SECRET_KEY: 'please-change-me-now',
        }),
      ).toEqual([
        'BLOB_SIGNING_SECRET is a published example value: PROFILE=production needs a secret of your own (e.g. openssl rand -base64 48).',
        'S3_SECRET_KEY is a published example value: PROFILE=production needs a secret of your own (e.g. openssl rand -base64 48).',
      ]);
    });

    it('refuses short or uniform secrets', () => {
      expect(
        problemsOf({
          ...SAFE_PRODUCTION,
          BLOB_SIGNING_SECRET: 'x'.repeat(40),
          S3_SECRET_KEY: 'lepinguturg-secret',
          MAKECOMMERCE_SECRET_KEY: 'short',
        }),
      ).toEqual([
        'MAKECOMMERCE_SECRET_KEY must be at least 16 characters long.',
        'BLOB_SIGNING_SECRET has fewer than 10 different characters, so it is easy to guess: use a random secret (e.g. openssl rand -base64 48).',
        'S3_SECRET_KEY is a published example value: PROFILE=production needs a secret of your own (e.g. openssl rand -base64 48).',
      ]);
      expect(problemsOf({ ...SAFE_PRODUCTION, S3_SECRET_KEY: 'b' })).toEqual([
        'S3_SECRET_KEY must be at least 16 characters long on PROFILE=production.',
      ]);
    });

    it('lets the embedded profile keep its test gateway and short secrets', () => {
      expect(problemsOf({ PAYMENTS: 'embedded', BLOB_SIGNING_SECRET: 'x'.repeat(32) })).toEqual([]);
    });
  });

  it('refuses a production URL of the wrong kind', () => {
    expect(
      problemsOf({
        PROFILE: 'production',
        EVENTSTORE_URL: 'http://eventstore:2113',
        MONGO_URL: 'mongodb://mongo:27017/?replicaSet=rs0',
        S3_ENDPOINT: 'minio:9000',
        S3_ACCESS_KEY: 'a',
        S3_SECRET_KEY: STRONG.s3,
        OIDC_ISSUER: 'https://cognito-idp.eu-north-1.amazonaws.com/eu-north-1_abc',
        BLOB_SIGNING_SECRET: STRONG.signing,
        MAKECOMMERCE_SHOP_ID: 'f64b1a3e-7b2c-4c1e-9f59-0d6b4b0c2a11',
        MAKECOMMERCE_SECRET_KEY: STRONG.shop,
      }),
    ).toEqual([
      'EVENTSTORE_URL must be a kurrentdb:// or kurrentdb+discover:// or esdb:// or esdb+discover:// URL (got "http://eventstore:2113").',
      'S3_ENDPOINT must be a http:// or https:// URL (got "minio:9000").',
    ]);
  });

  it('accepts a complete production configuration and does not seed demo data by default', () => {
    const config = loadConfig({
      PROFILE: 'production',
      EVENTSTORE_URL: 'kurrentdb://eventstore:2113?tls=false',
      MONGO_URL: 'mongodb://mongo:27017/?replicaSet=rs0',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY: 'lepinguturg',
      S3_SECRET_KEY: STRONG.s3,
      OIDC_ISSUER: 'https://auth.example.ee/realms/lepinguturg/',
      OIDC_CLIENT_ID: 'web',
      BLOB_SIGNING_SECRET: STRONG.signing,
      MAKECOMMERCE_SHOP_ID: 'f64b1a3e-7b2c-4c1e-9f59-0d6b4b0c2a11',
      MAKECOMMERCE_SECRET_KEY: STRONG.shop,
    });
    expect(config.identity).toMatchObject({
      embedded: false,
      issuer: 'https://auth.example.ee/realms/lepinguturg',
      clientId: 'web',
      jwksUri: null,
      signUpEnabled: true,
      adminEmails: [],
    });
    // No test provider where real people sign in (it would let anybody claim any e-mail).
    expect(config.identity.signIn.testProvider).toBe(false);
    expect(config).toMatchObject({ profile: 'production', seedDemoData: false, mongoDb: 'lepinguturg' });
    expect(config.s3).toMatchObject({
      endpoint: 'http://minio:9000',
      bucket: 'lepinguturg',
      region: 'us-east-1',
    });
    expect(config.payments).toMatchObject({
      gateway: 'makecommerce',
      apiUrl: 'https://api.test.maksekeskus.ee',
      shopId: 'f64b1a3e-7b2c-4c1e-9f59-0d6b4b0c2a11',
    });
  });

  describe('payments and the seller', () => {
    it('runs the embedded test gateway on a fresh machine, with demo seller details', () => {
      const config = loadConfig({});
      expect(config.payments).toEqual({
        gateway: 'embedded',
        apiUrl: 'https://api.test.maksekeskus.ee',
        shopId: EMBEDDED_GATEWAY_SHOP_ID,
        secretKey: null,
        publishableKey: null,
        checkoutScriptUrl: null,
        testGatewayCards: 'page',
        sweepSeconds: 60,
      });
      expect(config.seller).toMatchObject({ vatNumber: 'EE102345678', invoiceSeries: 'LT' });
    });

    it("switches to MakeCommerce's live host by variables alone", () => {
      const config = loadConfig({
        PAYMENTS: 'makecommerce',
        MAKECOMMERCE_API_URL: 'https://api.maksekeskus.ee/',
        MAKECOMMERCE_SHOP_ID: 'shop',
        MAKECOMMERCE_SECRET_KEY: 'a-secret-key-of-the-shop',
        MAKECOMMERCE_PUBLISHABLE_KEY: 'pk',
      });
      expect(config.payments).toMatchObject({
        gateway: 'makecommerce',
        apiUrl: 'https://api.maksekeskus.ee',
        shopId: 'shop',
        secretKey: 'a-secret-key-of-the-shop',
        publishableKey: 'pk',
      });
    });

    it('names every bad payment and seller variable', () => {
      expect(
        problemsOf({
          PAYMENTS: 'paypal',
          MAKECOMMERCE_API_URL: 'ftp://x',
          MAKECOMMERCE_SECRET_KEY: 'short',
          SELLER_VAT_NUMBER: 'EE123',
          INVOICE_SERIES: '1-A',
          SELLER_EMAIL: 'nobody',
          PURCHASE_SWEEP_SECONDS: 'soon',
        }),
      ).toEqual([
        'PAYMENTS must be one of embedded, makecommerce (got "paypal").',
        'MAKECOMMERCE_API_URL must be a http:// or https:// URL (got "ftp://x").',
        'MAKECOMMERCE_SECRET_KEY must be at least 16 characters long.',
        'PURCHASE_SWEEP_SECONDS must be a whole number from 0 to 86400 (got "soon").',
        'SELLER_VAT_NUMBER must be an EU VAT number such as EE102345678 (got "EE123").',
        'INVOICE_SERIES must be a capital letter and up to nine capitals or digits (got "1-A").',
        'SELLER_EMAIL must be an e-mail address (got "nobody").',
      ]);
    });

    it("takes the card form's script and the test gateway's way with cards, and names bad values", () => {
      expect(
        loadConfig({
          MAKECOMMERCE_CHECKOUT_JS_URL: 'https://payment.test.maksekeskus.ee/checkout/dist/checkout.js',
          TEST_GATEWAY_CARDS: 'form',
        }).payments,
      ).toMatchObject({
        checkoutScriptUrl: 'https://payment.test.maksekeskus.ee/checkout/dist/checkout.js',
        testGatewayCards: 'form',
      });
      expect(
        problemsOf({ MAKECOMMERCE_CHECKOUT_JS_URL: 'checkout.js', TEST_GATEWAY_CARDS: 'iframe' }),
      ).toEqual([
        'MAKECOMMERCE_CHECKOUT_JS_URL must be a http:// or https:// URL (got "checkout.js").',
        'TEST_GATEWAY_CARDS must be one of page, form (got "iframe").',
      ]);
    });

    it('asks for the shop id and secret key when MakeCommerce takes the payments', () => {
      expect(problemsOf({ PAYMENTS: 'makecommerce' })).toEqual([
        'MAKECOMMERCE_SHOP_ID is required for PAYMENTS=makecommerce.',
        'MAKECOMMERCE_SECRET_KEY is required for PAYMENTS=makecommerce.',
      ]);
    });
  });
});
