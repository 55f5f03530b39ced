import type * as Oidc from 'openid-client';
import type { SocialProviderConfig } from '../../../config/sign-in-config';

/** openid-client (ES modules, with oauth4webapi) loads with the first social sign-in, not with the server. */
function openidClient(): Promise<typeof Oidc> {
  return import('openid-client');
}

/** What an external provider told us about the person, from its verified ID token (and userinfo). */
export interface ExternalIdentity {
  readonly provider: string;
  readonly subject: string;
  /** Lower case; null when the provider shared none. */
  readonly email: string | null;
  /** True only when the provider says so (`email_verified: true`). */
  readonly emailVerified: boolean;
  readonly givenName: string | null;
  readonly familyName: string | null;
}

/** A sign-in sent to an external provider: what its return must match. */
export interface FederationRequest {
  readonly url: string;
  readonly state: string;
  readonly verifier: string;
  readonly nonce: string;
}

/** The provider could not be used: its configuration could not be read, or it refused the exchange. */
export class FederationError extends Error {
  constructor(
    message: string,
    readonly reason: 'unavailable' | 'refused',
  ) {
    super(message);
    this.name = 'FederationError';
  }
}

export interface FederationOptions {
  readonly providers: readonly SocialProviderConfig[];
  /** `${PUBLIC_URL}/oidc/federation/callback`: registered at every provider. */
  readonly redirectUri: string;
  /**
   * Rewrites a URL the server itself fetches (the embedded test provider is reached over loopback,
   * whatever PUBLIC_URL's host resolves to on this machine).
   */
  readonly rewrite?: (url: string) => string;
}

/**
 * The embedded provider's client of external OpenID providers, with openid-client: the
 * authorization-code flow with PKCE (S256), state and nonce, the ID token's signature, issuer,
 * audience, expiry and nonce checked by the library. Each provider's metadata is discovered on first
 * use; a failure is forgotten, so the next sign-in tries again.
 */
export class FederatedProviders {
  private readonly configurations = new Map<string, Promise<Oidc.Configuration>>();

  constructor(private readonly options: FederationOptions) {}

  /** The providers offered on the hosted pages, in the configured order. */
  get list(): readonly { readonly id: string; readonly name: string }[] {
    return this.options.providers.map(({ id, name }) => ({ id, name }));
  }

  has(id: string): boolean {
    return this.options.providers.some((provider) => provider.id === id);
  }

  private provider(id: string): SocialProviderConfig {
    const provider = this.options.providers.find((p) => p.id === id);
    if (!provider) throw new FederationError(`Unknown sign-in provider ${id}`, 'unavailable');
    return provider;
  }

  private configuration(provider: SocialProviderConfig): Promise<Oidc.Configuration> {
    let configuration = this.configurations.get(provider.id);
    if (!configuration) {
      configuration = this.load(provider);
      this.configurations.set(provider.id, configuration);
      configuration.catch(() => this.configurations.delete(provider.id));
    }
    return configuration;
  }

  private async load(provider: SocialProviderConfig): Promise<Oidc.Configuration> {
    const oidc = await openidClient();
    const rewrite = this.options.rewrite;
    // openid-client's fetch options are the platform's RequestInit (its body type is wider in name only).
    const rewritten = rewrite
      ? (url: string, options: Oidc.CustomFetchOptions): Promise<Response> =>
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- needed by tsc's Node 20 types, not by ESLint's program
          fetch(rewrite(url), options as unknown as RequestInit)
      : null;
    const clientAuth = provider.clientSecret ? oidc.ClientSecretPost(provider.clientSecret) : oidc.None();
    const secure = provider.issuer.startsWith('https:');
    let configuration: Oidc.Configuration;
    try {
      if (provider.metadata) {
        configuration = new oidc.Configuration(
          provider.metadata as unknown as Oidc.ServerMetadata,
          provider.clientId,
          undefined,
          clientAuth,
        );
      } else {
        configuration = await oidc.discovery(
          new URL(provider.issuer),
          provider.clientId,
          undefined,
          clientAuth,
          {
            execute: secure ? [] : [oidc.allowInsecureRequests],
            ...(rewritten && { [oidc.customFetch]: rewritten }),
            timeout: 10,
          },
        );
      }
    } catch (error) {
      throw new FederationError(
        `The configuration of ${provider.name} (${provider.issuer}) could not be read: ${error instanceof Error ? error.message : String(error)}`,
        'unavailable',
      );
    }
    if (!secure) oidc.allowInsecureRequests(configuration);
    if (rewritten) configuration[oidc.customFetch] = rewritten;
    return configuration;
  }

  /** The provider's authorization URL for a new sign-in, and what its return must match. */
  async begin(id: string, language: string): Promise<FederationRequest> {
    const provider = this.provider(id);
    const configuration = await this.configuration(provider);
    const oidc = await openidClient();
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.options.redirectUri,
      scope: provider.scope,
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      ui_locales: language,
      ...provider.authorizationParams,
    });
    return { url: url.href, state, verifier, nonce };
  }

  /**
   * Exchanges the code of the provider's return (`callbackUrl`: the redirect URI with its query) and
   * answers the person it names. Throws FederationError when anything does not match.
   */
  async complete(
    id: string,
    callbackUrl: URL,
    request: { readonly state: string; readonly verifier: string; readonly nonce: string },
  ): Promise<ExternalIdentity> {
    const provider = this.provider(id);
    const configuration = await this.configuration(provider);
    const oidc = await openidClient();
    let claims: Oidc.IDToken | undefined;
    let accessToken: string;
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: request.verifier,
        expectedState: request.state,
        expectedNonce: request.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
      accessToken = tokens.access_token;
    } catch (error) {
      throw new FederationError(
        `${provider.name} refused the sign-in: ${error instanceof Error ? error.message : String(error)}`,
        'refused',
      );
    }
    if (!claims) throw new FederationError(`${provider.name} sent no ID token`, 'refused');
    let email = typeof claims['email'] === 'string' ? claims['email'] : null;
    let emailVerified = claims['email_verified'] === true;
    let givenName = typeof claims['given_name'] === 'string' ? claims['given_name'] : null;
    let familyName = typeof claims['family_name'] === 'string' ? claims['family_name'] : null;
    if (email === null && configuration.serverMetadata().userinfo_endpoint) {
      try {
        const info = await oidc.fetchUserInfo(configuration, accessToken, claims.sub);
        email = typeof info.email === 'string' ? info.email : null;
        emailVerified = info.email_verified === true;
        givenName ??= typeof info.given_name === 'string' ? info.given_name : null;
        familyName ??= typeof info.family_name === 'string' ? info.family_name : null;
      } catch {
        // Without userinfo the ID token's claims are all there is.
      }
    }
    return {
      provider: provider.id,
      subject: claims.sub,
      email: email?.trim().toLowerCase() ?? null,
      emailVerified,
      givenName,
      familyName,
    };
  }
}
