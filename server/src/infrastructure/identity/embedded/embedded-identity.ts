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
import type { OutboxMailer } from '../../mail/outbox-mailer';
import type { SqliteDatabase } from '../../sqlite/sqlite-database';
import { registerDevMailbox } from './dev-mailbox';
import { IdentityInteractions } from './identity-interactions';
import { pickLanguage } from './identity-messages';
import { escapeHtml, logoutPage, messagePage } from './identity-pages';
import { migrateIdentitySchema } from './identity-schema';
import { SqliteAccountStore } from './sqlite-account-store';
import { loadIdentityKeys } from './sqlite-identity-keys';
import { SqliteInteractionStateStore } from './sqlite-interaction-state-store';
import { createSqliteOidcAdapter } from './sqlite-oidc-adapter';
import { SqliteOneTimeCodeStore } from './sqlite-one-time-code-store';

export interface EmbeddedIdentityOptions {
  readonly config: AppConfig;
  readonly db: SqliteDatabase;
  readonly mailer: Mailer;
  /** The outbox behind `mailer` in the embedded profile: enables the dev mailbox routes. */
  readonly outbox: OutboxMailer | null;
  readonly clock: Clock;
}

/** The mounted provider, for start-up chores. */
export interface EmbeddedIdentity {
  readonly provider: Provider;
  /** Creates the demo accounts that do not exist yet (verified, fixed ids); returns the ones created. */
  seedDemoAccounts(): Promise<DemoAccount[]>;
  close(): Promise<void>;
}

const HOUR = 3600;
const DAY = 24 * HOUR;

/** Scopes and claims the product's client gets without a consent screen. */
const FIRST_PARTY_SCOPE = 'openid email offline_access';
const FIRST_PARTY_CLAIMS = ['email', 'email_verified'];

function languageOf(ctx: KoaContextWithOIDC): 'et' | 'en' {
  return pickLanguage(ctx.oidc.params?.['ui_locales']);
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
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: cookieKeys },
    scopes: ['openid', 'email', 'offline_access'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
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
      return Promise.resolve({
        accountId: account.id,
        claims: () => ({ sub: account.id, email: account.email, email_verified: account.emailVerified }),
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
          ctx.body = logoutPage({ base: '', lang: languageOf(ctx), alert: null, signUpEnabled: false }, form);
        },
        postLogoutSuccessSource: (ctx: KoaContextWithOIDC) => {
          ctx.type = 'html';
          ctx.body = messagePage(
            { base: '', lang: languageOf(ctx), alert: null, signUpEnabled: false },
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
        { base: '', lang: languageOf(ctx), alert: null, signUpEnabled: false },
        'title.error',
        'text.error',
        details,
      );
    },
  };
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

  const interactions = new IdentityInteractions({
    provider,
    accounts,
    codes,
    states,
    mailer: options.mailer,
    clock,
    mountPath,
    signUpEnabled: config.identity.signUpEnabled,
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

  if (options.outbox && config.devMailbox === 'loopback') registerDevMailbox(app, options.outbox);

  return {
    provider,
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
