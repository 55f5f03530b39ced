import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import Provider, {
  type Account,
  type Configuration,
  type Grant,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import type { AppConfig } from '../../../config/app-config';
import { DEMO_ACCOUNTS, type DemoAccount } from '../../../seed/demo-accounts';
import type { Clock } from '../../clock/clock';
import type { Mailer } from '../../mail/mail.port';
import { join } from 'node:path';
import { OutboxMailer } from '../../mail/outbox-mailer';
import { OutboxSmsSender } from '../../sms/outbox-sms-sender';
import type { SmsSender } from '../../sms/sms.port';
import type { SqliteDatabase } from '../../sqlite/sqlite-database';
import type { IdentityAccounts } from '../identity-accounts.port';
import { registerDevMailbox } from './dev-mailbox';
import { EmbeddedIdentityAccounts } from './embedded-identity-accounts';
import { FederatedProviders } from './federation';
import { IdentityInteractions, type PasswordChange } from './identity-interactions';
import { HOSTED_PAGES_CSS, HOSTED_PAGES_JS, accessibilityClasses } from './identity-page-assets';
import { pickLanguage } from './identity-messages';
import { type PageContext, type ShopLinks, escapeHtml, logoutPage, messagePage } from './identity-pages';
import { migrateIdentitySchema } from './identity-schema';
import { SqliteAccountStore } from './sqlite-account-store';
import { loadIdentityKeys } from './sqlite-identity-keys';
import { SqliteIdentitySessions } from './sqlite-identity-sessions';
import { SqliteInteractionStateStore } from './sqlite-interaction-state-store';
import { SignInThrottle, type ThrottleLimits } from './sign-in-limits';
import { createSqliteOidcAdapter } from './sqlite-oidc-adapter';
import { SqliteFederationRequests } from './sqlite-federation-requests';
import { SqliteOneTimeCodeStore } from './sqlite-one-time-code-store';
import { mountTestIdentityProvider } from './test-identity-provider';

export interface EmbeddedIdentityOptions {
  readonly config: AppConfig;
  readonly db: SqliteDatabase;
  readonly mailer: Mailer;
  /** The outbox behind `mailer` in the embedded profile: enables the dev mailbox routes. */
  readonly outbox: OutboxMailer | null;
  readonly clock: Clock;
  /**
   * Ends every other sign-in of an account whose password was reset or changed. The app records it
   * (SessionsEnded, so the API refuses older ID tokens); without it, only the provider's own sessions
   * and tokens are dropped.
   */
  readonly onPasswordChanged?: (accountId: string, change: PasswordChange) => Promise<void>;
  /** Other in-memory limits than SIGN_IN_LIMITS (tests playing many people from 127.0.0.1). */
  readonly throttleLimits?: Partial<ThrottleLimits>;
  /** Text messages; the outbox (dev mailbox) when not given. */
  readonly sms?: SmsSender;
}

/** The mounted provider, for start-up chores. */
export interface EmbeddedIdentity {
  readonly provider: Provider;
  /** Creates the demo accounts that do not exist yet (verified, fixed ids); returns the ones created. */
  seedDemoAccounts(): Promise<DemoAccount[]>;
  /** The accounts as My data and the admin change them (the IdentityAccounts port). */
  readonly accounts: IdentityAccounts;
  close(): Promise<void>;
}

const HOUR = 3600;
const DAY = 24 * HOUR;

/** Scopes and claims the product's client gets without a consent screen. */
const FIRST_PARTY_SCOPE = 'openid email offline_access profile phone address';
const FIRST_PARTY_CLAIMS = ['email', 'email_verified'];
/** OpenID standard claims of the profile scope that sign-up attributes fill. */
const PROFILE_CLAIMS = [
  'given_name',
  'family_name',
  'middle_name',
  'name',
  'nickname',
  'preferred_username',
  'birthdate',
  'gender',
  'locale',
  'zoneinfo',
  'website',
  'profile',
  'picture',
];

function languageOf(ctx: KoaContextWithOIDC): 'et' | 'en' {
  return pickLanguage(ctx.oidc.params?.['ui_locales']);
}

/** Where the hosted pages lead back to: the shop's home in each language. */
function shopLinks(publicUrl: string): ShopLinks {
  return { home: { et: `${publicUrl}/`, en: `${publicUrl}/en` } };
}

/** The context of a page the provider itself shows (logout, errors): no interaction, so no switch. */
function providerPageContext(ctx: KoaContextWithOIDC, config: AppConfig, mountPath: string): PageContext {
  return {
    base: '',
    lang: languageOf(ctx),
    alert: null,
    signUpEnabled: false,
    assets: `${mountPath}/assets`,
    shop: shopLinks(config.publicUrl),
    htmlClasses: accessibilityClasses(ctx.get('cookie')),
  };
}

function buildConfiguration(
  options: EmbeddedIdentityOptions,
  accounts: SqliteAccountStore,
  cookieKeys: string[],
  signingKey: Record<string, unknown>,
  mountPath: string,
): Configuration {
  const { config, db } = options;
  const clientId = config.identity.clientId;
  return {
    adapter: createSqliteOidcAdapter(db),
    clients: [
      {
        client_id: clientId,
        client_name: 'Lepinguturg',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${config.publicUrl}/callback`],
        post_logout_redirect_uris: [`${config.publicUrl}/`],
        // ID tokens say when the person signed in, refreshed ones too: the API refuses those from
        // before a password reset or "sign out everywhere".
        require_auth_time: true,
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: cookieKeys },
    scopes: ['openid', 'email', 'offline_access', 'profile', 'phone', 'address'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      // Custom sign-up attributes travel as `custom:name` claims, as Cognito's do.
      profile: [
        ...PROFILE_CLAIMS,
        ...config.identity.signIn.signUpAttributes.map((a) => a.name).filter((n) => n.startsWith('custom:')),
      ],
      phone: ['phone_number', 'phone_number_verified'],
      address: ['address'],
    },
    // The product reads the e-mail from the ID token (SPEC: authEmail), so the code flow's ID token
    // carries the scope's claims too, not only the userinfo endpoint.
    conformIdTokenClaims: false,
    // OIDC Core ignores offline_access without prompt=consent; the product's own client gets refresh
    // tokens anyway (SPEC: a failed refresh signs out), bound to the provider session.
    issueRefreshToken: (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') &&
      (code.scopes.has('offline_access') || client.clientId === clientId),
    findAccount: (_ctx: KoaContextWithOIDC, sub: string): Promise<Account | undefined> => {
      const account = accounts.findById(sub);
      if (!account) return Promise.resolve(undefined);
      const { address, ...attributes } = account.attributes;
      return Promise.resolve({
        accountId: account.id,
        claims: () => ({
          ...attributes,
          ...(address !== undefined && { address: { formatted: address } }),
          sub: account.id,
          email: account.email,
          email_verified: account.emailVerified,
          ...(account.phoneNumber !== null && {
            phone_number: account.phoneNumber,
            phone_number_verified: account.phoneNumberVerified,
          }),
        }),
      });
    },
    // First-party client: the grant is made here, so no consent screen is ever shown for it.
    loadExistingGrant: async (ctx: KoaContextWithOIDC): Promise<Grant | undefined> => {
      const { client, session, result, provider } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await provider.Grant.find(grantId);
        if (existing) return existing;
      }
      if (client.clientId !== clientId) return undefined;
      const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(FIRST_PARTY_SCOPE);
      grant.addOIDCClaims(FIRST_PARTY_CLAIMS);
      await grant.save();
      return grant;
    },
    interactions: { url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx: KoaContextWithOIDC, form: string) => {
          ctx.type = 'html';
          ctx.body = logoutPage(providerPageContext(ctx, config, mountPath), form);
        },
        postLogoutSuccessSource: (ctx: KoaContextWithOIDC) => {
          ctx.type = 'html';
          ctx.body = messagePage(
            providerPageContext(ctx, config, mountPath),
            'title.loggedOut',
            'text.loggedOut',
            `<p class="links"><a href="${escapeHtml(`${config.publicUrl}/`)}">${escapeHtml(config.publicUrl)}</a></p>`,
          );
        },
      },
    },
    ttl: {
      AccessToken: HOUR,
      AuthorizationCode: 60,
      IdToken: HOUR,
      RefreshToken: 14 * DAY,
      Interaction: HOUR,
      Session: 14 * DAY,
      Grant: 14 * DAY,
    },
    renderError: (ctx: KoaContextWithOIDC, out) => {
      ctx.type = 'html';
      const details = `<p><code>${escapeHtml(out.error)}</code>${out.error_description ? ` – ${escapeHtml(out.error_description)}` : ''}</p>`;
      ctx.body = messagePage(
        providerPageContext(ctx, config, mountPath),
        'title.error',
        'text.error',
        details,
      );
    },
  };
}

const ASSETS: Readonly<Record<string, { readonly type: string; readonly body: string }>> = {
  '/assets/hosted-pages.css': { type: 'text/css; charset=utf-8', body: HOSTED_PAGES_CSS },
  '/assets/hosted-pages.js': { type: 'text/javascript; charset=utf-8', body: HOSTED_PAGES_JS },
};

/** The hosted pages' stylesheet and script (GET/HEAD); false for any other path. */
function serveAsset(req: IncomingMessage, res: ServerResponse, path: string): boolean {
  const asset = ASSETS[path];
  if (!asset || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
  res.statusCode = 200;
  res.setHeader('Content-Type', asset.type);
  res.setHeader('Cache-Control', 'public, max-age=3600');
  res.end(req.method === 'HEAD' ? undefined : asset.body);
  return true;
}

/**
 * Mounts the embedded OpenID Connect provider (oidc-provider) at the issuer's path (/oidc) with its
 * hosted sign-in pages, and the dev mailbox when an outbox is given. Call after NestFactory.create and
 * before app.init(). oidc-provider runs as a connect-style middleware through @fastify/middie, which
 * runs in Fastify's onRequest hook — before body parsing — so the provider reads its own bodies.
 */
export async function mountEmbeddedIdentity(
  app: NestFastifyApplication,
  options: EmbeddedIdentityOptions,
): Promise<EmbeddedIdentity> {
  const { config, db, clock } = options;
  migrateIdentitySchema(db);
  const keys = await loadIdentityKeys(db, clock.now());
  const accounts = new SqliteAccountStore(db);
  const codes = new SqliteOneTimeCodeStore(db, keys.codeSecret);
  const states = new SqliteInteractionStateStore(db);
  const mountPath = new URL(config.identity.issuer).pathname.replace(/\/+$/, '');

  const provider = new Provider(
    config.identity.issuer,
    buildConfiguration(options, accounts, keys.cookieKeys, { ...keys.signingKey }, mountPath),
  );
  // Behind a TLS-terminating proxy the provider must trust X-Forwarded-Proto to set secure cookies.
  provider.proxy = true;
  provider.on('server_error', (...args: unknown[]) => {
    const error = args[1];
    console.error('[identity] provider error:', error instanceof Error ? error.message : error);
  });

  const providerSessions = new SqliteIdentitySessions(db);
  const throttle = new SignInThrottle(options.throttleLimits);
  const sms =
    options.sms ??
    new OutboxSmsSender(options.outbox ?? new OutboxMailer(join(config.dataDir, 'outbox'), clock));
  const { publicUrl: base, port, host } = config;
  const federationRedirectUri = `${base}${mountPath}/federation/callback`;
  const socialProviders = [...config.identity.signIn.socialProviders];
  if (config.identity.signIn.testProvider) {
    const test = mountTestIdentityProvider(app, {
      publicUrl: base,
      redirectUri: federationRedirectUri,
      assets: `${mountPath}/assets`,
    });
    socialProviders.push({
      id: 'test',
      name: 'Test IdP',
      issuer: test.issuer,
      clientId: test.clientId,
      clientSecret: test.clientSecret,
      scope: 'openid email profile',
      metadata: null,
      // Whoever you say you are, every time: the test provider asks again rather than reuse its session.
      authorizationParams: { prompt: 'login' },
    });
  }
  // The server reaches the test provider inside itself over loopback, whatever PUBLIC_URL's host is.
  const loopbackHost = ['0.0.0.0', '127.0.0.1', 'localhost', '::', ''].includes(host) ? '127.0.0.1' : host;
  const loopback = `http://${loopbackHost.includes(':') ? `[${loopbackHost}]` : loopbackHost}:${port}`;
  const federation =
    socialProviders.length > 0
      ? new FederatedProviders({
          providers: socialProviders,
          redirectUri: federationRedirectUri,
          rewrite: (url) =>
            url.startsWith(`${base}/test-idp`) ? `${loopback}${url.slice(base.length)}` : url,
        })
      : null;
  const interactions = new IdentityInteractions({
    provider,
    accounts,
    codes,
    states,
    mailer: options.mailer,
    clock,
    throttle,
    mountPath,
    signUpEnabled: config.identity.signUpEnabled,
    shop: shopLinks(config.publicUrl),
    onPasswordChanged:
      options.onPasswordChanged ?? ((accountId: string) => providerSessions.endAll(accountId)),
    sms,
    smsCountries: config.identity.sms.countries,
    signUpAttributes: config.identity.signIn.signUpAttributes,
    federation,
    federationRequests: new SqliteFederationRequests(db),
    federationRedirectUri,
    publicUrl: base,
    secureCookies: base.startsWith('https:'),
  });
  const providerCallback = provider.callback();

  const publicUrl = new URL(config.publicUrl);
  const handler = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void => {
    // Endpoint URLs and cookies follow the public address, however the request reached us (a proxy,
    // 127.0.0.1 instead of localhost): the issuer is fixed, so its endpoints must be too.
    req.headers['x-forwarded-host'] = publicUrl.host;
    req.headers['x-forwarded-proto'] = publicUrl.protocol.replace(':', '');
    // middie has stripped the mount path from req.url (it keeps the full one in originalUrl).
    const url = new URL(req.url ?? '/', 'http://internal');
    if (serveAsset(req, res, url.pathname)) return;
    interactions
      .handle(req, res, url.pathname, url.searchParams)
      .then((handled) => (handled ? undefined : providerCallback(req, res)))
      .catch((error: unknown) => {
        console.error('[identity] interaction failed:', error instanceof Error ? error.message : error);
        if (res.headersSent) {
          res.end();
          return;
        }
        next(error);
      });
  };
  app.use(mountPath, handler);

  if (options.outbox && config.devMailbox === 'loopback')
    registerDevMailbox(app, options.outbox, `${mountPath}/assets`);

  return {
    provider,
    accounts: new EmbeddedIdentityAccounts({
      accounts,
      codes,
      sms,
      throttle,
      smsCountries: config.identity.sms.countries,
    }),
    seedDemoAccounts: async () => {
      const created: DemoAccount[] = [];
      for (const demo of DEMO_ACCOUNTS) {
        if (accounts.findById(demo.userId) || accounts.findByEmail(demo.email)) continue;
        await accounts.create({
          id: demo.userId,
          email: demo.email,
          password: demo.password,
          emailVerified: true,
          now: clock.now(),
        });
        // Demo accounts are for trying the product: no offer to set up a second factor on each sign-in.
        accounts.skipMfaOffer(demo.userId);
        created.push(demo);
      }
      return created;
    },
    close: () => Promise.resolve(),
  };
}
