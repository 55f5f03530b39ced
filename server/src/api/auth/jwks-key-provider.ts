import { createPublicKey, type KeyObject } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { passportJwtSecret } from 'jwks-rsa';
import type { SecretOrKeyProvider } from 'passport-jwt';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

type Done = Parameters<SecretOrKeyProvider>[2];

const DISCOVERY_TIMEOUT_MS = 5000;

/**
 * Finds the issuer's signing keys: OIDC_JWKS_URI when set; the embedded provider's JWKS over loopback;
 * otherwise the `jwks_uri` of the issuer's discovery document, fetched on first use and kept. Keys are
 * cached and their fetching rate-limited by jwks-rsa, so a forged `kid` cannot make us hammer the issuer.
 */
@Injectable()
export class JwksKeyProvider {
  private readonly logger = new Logger(JwksKeyProvider.name);
  private provider: Promise<SecretOrKeyProvider> | null = null;
  private readonly keyObjects = new Map<string, KeyObject>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** passport-jwt's `secretOrKeyProvider`. Any failure (issuer unreachable) fails the request as 401. */
  readonly secretOrKeyProvider: SecretOrKeyProvider = (request, rawJwtToken, done: Done) => {
    this.resolve().then(
      (provider) =>
        provider(request, rawJwtToken, (error, key) =>
          // jsonwebtoken 9 takes a KeyObject as the key; passport-jwt's types name only its text forms.
          done(error, (typeof key === 'string' ? this.keyObject(key) : key) as string | undefined),
        ),
      (error: unknown) => done(error),
    );
  };

  /**
   * The issuer's key as a KeyObject, made once per key: given the PEM text, the JWT library would parse it
   * again on every request (a millisecond of each signed-in request, the largest part of a small write's cost).
   */
  private keyObject(pem: string): KeyObject {
    let key = this.keyObjects.get(pem);
    if (!key) {
      if (this.keyObjects.size >= 100) this.keyObjects.clear();
      key = createPublicKey(pem);
      this.keyObjects.set(pem, key);
    }
    return key;
  }

  /** The JWKS URI this server trusts (discovering it when needed). */
  async jwksUri(): Promise<string> {
    const { identity, port } = this.config;
    if (identity.jwksUri) return identity.jwksUri;
    if (identity.embedded) return `http://127.0.0.1:${port}/oidc/jwks`;
    const discovery = `${identity.issuer}/.well-known/openid-configuration`;
    const response = await fetch(discovery, { signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`OpenID discovery ${discovery} answered ${response.status}`);
    const metadata = (await response.json()) as { jwks_uri?: unknown };
    if (typeof metadata.jwks_uri !== 'string')
      throw new Error(`OpenID discovery ${discovery} has no jwks_uri`);
    return metadata.jwks_uri;
  }

  private resolve(): Promise<SecretOrKeyProvider> {
    this.provider ??= this.jwksUri().then(
      (jwksUri) =>
        passportJwtSecret({
          jwksUri,
          cache: true,
          cacheMaxAge: 10 * 60_000,
          rateLimit: true,
          jwksRequestsPerMinute: 10,
          timeout: DISCOVERY_TIMEOUT_MS,
        }) as SecretOrKeyProvider,
      (error: unknown) => {
        // Forget the failure, so the next request tries the issuer again.
        this.provider = null;
        this.logger.warn(`Cannot find the issuer's signing keys: ${String(error)}`);
        throw error;
      },
    );
    return this.provider;
  }
}
