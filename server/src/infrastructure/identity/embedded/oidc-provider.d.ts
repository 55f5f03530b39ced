/**
 * The part of oidc-provider v9's API this folder uses. The package ships no type declarations (and
 * @types/oidc-provider describes older majors), so the shapes are stated here from its docs.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface AdapterPayload {
    readonly [key: string]: unknown;
    readonly grantId?: string;
    readonly userCode?: string;
    readonly uid?: string;
    readonly consumed?: unknown;
  }

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number | undefined): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export type AdapterConstructor = new (modelName: string) => Adapter;

  export interface InteractionResults {
    login?: { accountId: string; amr?: string[]; acr?: string; remember?: boolean; ts?: number };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
  }

  export interface Interaction {
    readonly uid: string;
    readonly prompt: {
      readonly name: string;
      readonly reasons: readonly string[];
      readonly details: Readonly<Record<string, unknown>>;
    };
    readonly params: Readonly<Record<string, unknown>>;
    readonly session?: { readonly accountId?: string; readonly uid?: string };
    readonly grantId?: string;
    readonly lastSubmission?: InteractionResults;
    readonly exp: number;
    readonly returnTo: string;
  }

  export interface Grant {
    readonly jti: string;
    accountId?: string;
    clientId?: string;
    exp?: number;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: readonly string[]): void;
    save(): Promise<string>;
  }

  export interface GrantConstructor {
    new (properties: { accountId: string; clientId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }

  export interface Account {
    accountId: string;
    claims(
      use: string,
      scope: string,
      claims: Readonly<Record<string, unknown>>,
      rejected: readonly string[],
    ): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface OidcSession {
    accountId?: string;
    exp?: number;
    grantIdFor(clientId: string): string | undefined;
  }

  export interface OidcContext {
    readonly provider: Provider;
    readonly client?: { readonly clientId: string };
    readonly session?: OidcSession;
    readonly result?: InteractionResults;
    readonly params?: Readonly<Record<string, unknown>>;
    readonly account?: Account;
  }

  /** The Koa context oidc-provider hands to configuration helpers. */
  export interface KoaContextWithOIDC {
    readonly oidc: OidcContext;
    readonly host: string;
    body: unknown;
    type: string;
    status: number;
    /** A request header (Koa's ctx.get). */
    get(field: string): string;
  }

  export interface ErrorOut {
    readonly error: string;
    readonly error_description?: string;
    readonly [key: string]: unknown;
  }

  export interface ClientMetadata {
    client_id: string;
    client_secret?: string;
    token_endpoint_auth_method?: string;
    grant_types?: string[];
    response_types?: string[];
    redirect_uris?: string[];
    post_logout_redirect_uris?: string[];
    application_type?: 'web' | 'native';
    client_name?: string;
    require_auth_time?: boolean;
  }

  export interface JsonWebKey {
    readonly [key: string]: unknown;
  }

  export interface Configuration {
    adapter?: AdapterConstructor;
    clients?: ClientMetadata[];
    jwks?: { keys: JsonWebKey[] };
    cookies?: {
      keys?: string[];
      names?: Record<string, string>;
      long?: Record<string, unknown>;
      short?: Record<string, unknown>;
    };
    claims?: Record<string, string[] | null>;
    scopes?: string[];
    findAccount?: (ctx: KoaContextWithOIDC, sub: string) => Promise<Account | undefined>;
    loadExistingGrant?: (ctx: KoaContextWithOIDC) => Promise<Grant | undefined>;
    issueRefreshToken?: (
      ctx: KoaContextWithOIDC,
      client: { readonly clientId: string; grantTypeAllowed(type: string): boolean },
      code: { readonly scopes: ReadonlySet<string> },
    ) => Promise<boolean> | boolean;
    interactions?: {
      url?: (ctx: KoaContextWithOIDC, interaction: Interaction) => Promise<string> | string;
    };
    features?: {
      devInteractions?: { enabled: boolean };
      rpInitiatedLogout?: {
        enabled: boolean;
        logoutSource?: (ctx: KoaContextWithOIDC, form: string) => Promise<void> | void;
        postLogoutSuccessSource?: (ctx: KoaContextWithOIDC) => Promise<void> | void;
      };
      revocation?: { enabled: boolean };
      userinfo?: { enabled: boolean };
      [feature: string]: unknown;
    };
    pkce?: { required?: () => boolean };
    ttl?: Record<string, number | ((...args: never[]) => number)>;
    renderError?: (ctx: KoaContextWithOIDC, out: ErrorOut, error: Error) => Promise<void> | void;
    rotateRefreshToken?: boolean | ((ctx: KoaContextWithOIDC) => boolean);
    conformIdTokenClaims?: boolean;
    clientBasedCORS?: (ctx: KoaContextWithOIDC, origin: string, client: unknown) => boolean;
    responseTypes?: string[];
    enabledJWA?: Record<string, string[]>;
  }

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    proxy: boolean;
    readonly Grant: GrantConstructor;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export default Provider;
}
