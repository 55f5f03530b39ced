import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import { type AppConfig, loadConfig } from '../../../../config/app-config';
import type { Clock } from '../../../clock/clock';
import { systemClock } from '../../../clock/clock';
import { OutboxMailer } from '../../../mail/outbox-mailer';
import { DATABASE_FILE, type SqliteDatabase, openSqliteDatabase } from '../../../sqlite/sqlite-database';
import { type EmbeddedIdentity, mountEmbeddedIdentity } from '../embedded-identity';
import type { ThrottleLimits } from '../sign-in-limits';
import { SqliteAccountStore } from '../sqlite-account-store';
import { OidcBrowser, freePort, pkce } from './oidc-browser';

@Module({})
class EmptyModule {}

/** The embedded provider on its own, over real HTTP on 127.0.0.1 (as create-app.ts mounts it). */
export interface IdentityHarness {
  readonly app: NestFastifyApplication;
  readonly config: AppConfig;
  readonly db: SqliteDatabase;
  readonly outbox: OutboxMailer;
  readonly identity: EmbeddedIdentity;
  readonly accounts: SqliteAccountStore;
  readonly dir: string;
  readonly publicUrl: string;
  readonly clientId: string;
}

export async function startIdentityHarness(
  env: Record<string, string> = {},
  options: { readonly clock?: Clock; readonly throttleLimits?: Partial<ThrottleLimits> } = {},
): Promise<IdentityHarness> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'identity-'));
  const config = loadConfig({ PORT: String(port), DATA_DIR: dir, ...env });
  const db = openSqliteDatabase(join(dir, DATABASE_FILE));
  const clock = options.clock ?? systemClock;
  const outbox = new OutboxMailer(join(dir, 'outbox'), clock);
  const adapter = new FastifyAdapter({
    bodyLimit: 100 * 1024,
    routerOptions: { maxParamLength: 300, ignoreTrailingSlash: true },
  });
  const app = await NestFactory.create<NestFastifyApplication>(EmptyModule, adapter, { logger: false });
  app.setGlobalPrefix('api');
  const identity = await mountEmbeddedIdentity(app, {
    config,
    db,
    mailer: outbox,
    outbox,
    clock,
    // Every person of a suite comes from 127.0.0.1: per-network limits would count them as one.
    throttleLimits: options.throttleLimits ?? {
      networkFreeFailures: 1_000,
      mailPerNetwork: { capacity: 10_000, refillMs: 1 },
      smsPerNetwork: { capacity: 10_000, refillMs: 1 },
    },
  });
  await app.init();
  await app.listen(port, '127.0.0.1');
  return {
    app,
    config,
    db,
    outbox,
    identity,
    accounts: new SqliteAccountStore(db),
    dir,
    publicUrl: config.publicUrl,
    clientId: config.identity.clientId,
  };
}

export async function stopIdentityHarness(h: IdentityHarness): Promise<void> {
  await h.identity.close();
  await h.app.close();
  h.db.close();
  rmSync(h.dir, { recursive: true, force: true });
}

const loopback = (url: string): string => url.replace('://localhost:', '://127.0.0.1:');

/** The 6-digit code of the newest message (mail or SMS) to `to`. */
export async function latestCode(outbox: OutboxMailer, to: string): Promise<string> {
  const [message] = await outbox.list(to);
  const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}

/** Starts an authorization request of the product's client and answers the first hosted page. */
export async function authorize(
  h: IdentityHarness,
  browser: OidcBrowser,
  extra: Record<string, string> = {},
) {
  const p = pkce();
  const params = new URLSearchParams({
    client_id: h.clientId,
    response_type: 'code',
    scope: 'openid email offline_access profile phone address',
    redirect_uri: `${h.publicUrl}/callback`,
    code_challenge: p.challenge,
    code_challenge_method: 'S256',
    state: p.state,
    nonce: p.nonce,
    ...extra,
  });
  const page = await browser.get(`/oidc/auth?${params.toString()}`);
  const base = /\/oidc\/interaction\/[\w-]+/.exec(page.url)?.[0];
  if (!base) throw new Error(`not an interaction page: ${page.url} ${page.response.status}`);
  return { ...p, page, base };
}

/** The callback's code (the state checked), exchanged, and the ID token's verified claims. */
export async function finishSignIn(
  h: IdentityHarness,
  callbackUrl: string,
  auth: { readonly state: string; readonly verifier: string },
): Promise<JWTPayload & Record<string, unknown>> {
  const callback = new URL(callbackUrl);
  if (`${callback.origin}${callback.pathname}` !== `${h.publicUrl}/callback`)
    throw new Error(`not the callback: ${callbackUrl}`);
  if (callback.searchParams.get('state') !== auth.state) throw new Error('state changed');
  const response = await fetch(loopback(`${h.publicUrl}/oidc/token`), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code') ?? '',
      client_id: h.clientId,
      redirect_uri: `${h.publicUrl}/callback`,
      code_verifier: auth.verifier,
    }).toString(),
  });
  const body = (await response.json()) as Record<string, string>;
  if (response.status !== 200) throw new Error(`token endpoint answered ${response.status}`);
  const jwks = (await (await fetch(loopback(`${h.publicUrl}/oidc/jwks`))).json()) as JSONWebKeySet;
  const { payload } = await jwtVerify(body['id_token'] ?? '', createLocalJWKSet(jwks), {
    issuer: `${h.publicUrl}/oidc`,
    audience: h.clientId,
  });
  return payload;
}

export { OidcBrowser };
