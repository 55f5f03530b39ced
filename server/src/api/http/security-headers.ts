import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyHelmet from '@fastify/helmet';
import type { AppConfig } from '../../config/app-config';

/** One year: browsers keep using https for the host that long after the last visit. */
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 3600;

const origin = (url: string | null | undefined): string | null => {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** Whether the app is reached over https: PUBLIC_URL says so, or a trusted proxy does (X-Forwarded-Proto). */
export function servedOverHttps(config: AppConfig, request: { readonly protocol: string }): boolean {
  return config.publicUrl.startsWith('https://') || request.protocol === 'https';
}

/**
 * The Content-Security-Policy of every response (docs/decisions.md, "Security headers"). Scripts,
 * styles, fonts and frames come only from this origin (the client's build, the hosted sign-in pages'
 * own files: no inline code anywhere), images also as data: and blob: URLs (the QR code, previews);
 * the client may fetch from an external OpenID issuer, and show previews from S3's public endpoint.
 * Nobody may frame the app, and forms post only back to it.
 */
export function contentSecurityPolicy(config: AppConfig, https: boolean): Record<string, string[]> {
  const issuer = config.identity.embedded ? null : origin(config.identity.issuer);
  const jwks = origin(config.identity.jwksUri);
  const s3 = origin(config.s3?.publicEndpoint ?? config.s3?.endpoint);
  const extra = (...sources: (string | null)[]) => sources.filter((s): s is string => s !== null);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', ...extra(s3)],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...extra(issuer, jwks === issuer ? null : jwks)],
    'media-src': ["'self'"],
    'frame-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  if (https) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/**
 * Security headers by @fastify/helmet on every response (the API, the client, the hosted sign-in pages,
 * the provider's endpoints): CSP above, X-Content-Type-Options nosniff, X-Frame-Options DENY, a strict
 * referrer policy, cross-origin isolation of resources; HSTS only over https (sent over plain http it
 * means nothing, and on localhost it would pin a developer's browser to https).
 */
export async function registerSecurityHeaders(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  const https = config.publicUrl.startsWith('https://');
  // Registered through Nest, which holds its own copy of fastify's types (as create-app does for static files).
  await app.register(fastifyHelmet as unknown as Parameters<typeof app.register>[0], {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config, https) },
    strictTransportSecurity: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (request, reply, done) => {
      if (servedOverHttps(config, request))
        reply.raw.setHeader(
          'Strict-Transport-Security',
          `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
        );
      done();
    });
}
