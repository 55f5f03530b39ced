import { randomUUID } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import { type CryptoKey, SignJWT, exportJWK, exportSPKI, generateKeyPair } from 'jose';

export const TEST_CLIENT_ID = 'lepinguturg-web';

/** Claims of a test ID token; `sub` and `email` are what the server reads. */
export interface TestClaims {
  readonly sub: string;
  readonly email?: string;
  readonly [claim: string]: unknown;
}

export interface SignOptions {
  /** Seconds from now until expiry; negative for an expired token. Default 300. */
  readonly expiresInSeconds?: number;
  readonly issuer?: string;
  readonly audience?: string;
  /** Sign with a key the issuer never published (under the published kid, or another one). */
  readonly key?: 'issuer' | 'unknown-same-kid' | 'unknown-other-kid';
}

/**
 * A stand-in external OpenID issuer on 127.0.0.1: publishes one RSA public key as JWKS (and a discovery
 * document pointing at it) and signs ID tokens with jose, so API suites need no identity provider.
 */
export interface TestIssuer {
  readonly issuer: string;
  readonly jwksUri: string;
  /** OIDC_ISSUER, OIDC_JWKS_URI and OIDC_CLIENT_ID for startTestServer. */
  readonly env: Readonly<Record<string, string>>;
  /** How often the JWKS was fetched (jwks-rsa caches it). */
  readonly jwksRequests: () => number;
  idToken(claims: TestClaims, options?: SignOptions): Promise<string>;
  /** `alg: none`: a token without a signature. */
  unsignedToken(claims: TestClaims): string;
  /** HS256 with the issuer's public key (PEM) as the HMAC secret: the classic algorithm-confusion forgery. */
  hmacForgery(claims: TestClaims): Promise<string>;
  close(): Promise<void>;
}

const base64url = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');

export async function startTestIssuer(): Promise<TestIssuer> {
  const kid = randomUUID();
  const keys = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(keys.publicKey)), kid, use: 'sig', alg: 'RS256' };
  const publicPem = await exportSPKI(keys.publicKey);
  let jwksRequests = 0;
  let origin = '';

  const server: Server = createServer((request, response) => {
    const send = (body: object) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.url === '/jwks') {
      jwksRequests += 1;
      return send({ keys: [jwk] });
    }
    if (request.url === '/.well-known/openid-configuration') {
      return send({
        issuer: origin,
        jwks_uri: `${origin}/jwks`,
        id_token_signing_alg_values_supported: ['RS256'],
      });
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const payloadOf = (claims: TestClaims, options: SignOptions = {}) => {
    const now = Math.floor(Date.now() / 1000);
    const lifetime = options.expiresInSeconds ?? 300;
    return {
      iss: options.issuer ?? origin,
      aud: options.audience ?? TEST_CLIENT_ID,
      iat: Math.min(now, now + lifetime - 60),
      exp: now + lifetime,
      email_verified: true,
      ...claims,
    };
  };

  return {
    issuer: origin,
    jwksUri: `${origin}/jwks`,
    env: { OIDC_ISSUER: origin, OIDC_JWKS_URI: `${origin}/jwks`, OIDC_CLIENT_ID: TEST_CLIENT_ID },
    jwksRequests: () => jwksRequests,
    async idToken(claims, options = {}) {
      const key: CryptoKey = options.key && options.key !== 'issuer' ? stranger.privateKey : keys.privateKey;
      return new SignJWT(payloadOf(claims, options))
        .setProtectedHeader({
          alg: 'RS256',
          typ: 'JWT',
          kid: options.key === 'unknown-other-kid' ? randomUUID() : kid,
        })
        .sign(key);
    },
    unsignedToken(claims) {
      return `${base64url({ alg: 'none', typ: 'JWT', kid })}.${base64url(payloadOf(claims))}.`;
    },
    async hmacForgery(claims) {
      return new SignJWT(payloadOf(claims))
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid })
        .sign(new TextEncoder().encode(publicPem));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
