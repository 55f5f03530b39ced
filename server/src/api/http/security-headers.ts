import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
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

/** Google Tag Manager's hosts (its CSP guide); custom HTML tags needing inline script do not run. */
const TAG_MANAGER_SOURCES = {
  script: ['https://www.googletagmanager.com'],
  img: ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
  connect: [
    'https://www.googletagmanager.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
  ],
} as const;

/** Whether the app is reached over https: PUBLIC_URL says so, or a trusted proxy does (X-Forwarded-Proto). */
export function servedOverHttps(config: AppConfig, request: { readonly protocol: string }): boolean {
  return config.publicUrl.startsWith('https://') || request.protocol === 'https';
}

/**
 * The Content-Security-Policy of every response (docs/decisions/security-headers.md). Scripts,
 * styles, fonts and frames come only from this origin (the client's build, the hosted sign-in pages'
 * own files: no inline code anywhere), images also as data: and blob: URLs (the QR code, previews);
 * the client may fetch from an external OpenID issuer, show previews from S3's public endpoint, and,
 * when configured, load the tag manager.
 * Nobody may frame the app, and forms post only back to it.
 */
export function contentSecurityPolicy(config: AppConfig, https: boolean): Record<string, string[]> {
  const issuer = config.identity.embedded ? null : origin(config.identity.issuer);
  const jwks = origin(config.identity.jwksUri);
  const s3 = origin(config.s3?.publicEndpoint ?? config.s3?.endpoint);
  const extra = (...sources: (string | null)[]) => sources.filter((s): s is string => s !== null);
  // The tag manager (SPEC §7, only when configured and after cookie consent) loads Google's script,
  // which sends page views and may show pixels: its documented sources, and only then.
  const tagManager = config.site.tagManagerId !== null;
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(tagManager ? TAG_MANAGER_SOURCES.script : [])],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', ...extra(s3), ...(tagManager ? TAG_MANAGER_SOURCES.img : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': [
      "'self'",
      ...extra(issuer, jwks === issuer ? null : jwks),
      ...(tagManager ? TAG_MANAGER_SOURCES.connect : []),
    ],
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

type Next = (error?: unknown) => void;

/**
 * Security headers by helmet on every response — the API, the client's files, and the identity
 * provider's pages and endpoints, which answer from a connect-style middleware before any Fastify
 * route or hook of ours would run: so helmet runs as the first middleware itself. CSP above,
 * X-Content-Type-Options nosniff, X-Frame-Options DENY, a strict referrer policy, cross-origin
 * isolation of resources; HSTS only over https (sent over plain http it means nothing, and on
 * localhost it would pin a developer's browser to https).
 */
export function registerSecurityHeaders(app: NestFastifyApplication, config: AppConfig): void {
  const https = config.publicUrl.startsWith('https://');
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config, https) },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.use((req: IncomingMessage & { protocol?: string }, res: ServerResponse, next: Next) => {
    headers(req, res, (error?: unknown) => {
      if (error) return next(error);
      if (servedOverHttps(config, { protocol: req.protocol ?? 'http' }))
        res.setHeader('Strict-Transport-Security', `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`);
      next();
    });
  });
}
