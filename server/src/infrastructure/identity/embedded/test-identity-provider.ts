import { createHash, generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import Provider, {
  type Account,
  type Adapter,
  type AdapterConstructor,
  type AdapterPayload,
  type Grant,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import { escapeHtml } from './identity-pages';
import { EMAIL_PATTERN } from './password-rules';

/** Where the embedded test provider lives in the app. */
export const TEST_IDP_PATH = '/test-idp';
export const TEST_IDP_CLIENT_ID = 'lepinguturg-embedded';

interface TestPerson {
  readonly email: string;
  readonly emailVerified: boolean;
  readonly givenName: string;
  readonly familyName: string;
}

/** The test provider's client of the embedded provider: id, secret and where it returns. */
/** The test provider once made: oidc-provider and its request handler. */
interface Started {
  readonly provider: Provider;
  readonly callback: ReturnType<Provider['callback']>;
}

export interface TestIdentityProvider {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
}

/**
 * The test provider's storage: its sessions and codes live a few minutes, in memory (a restart just
 * means signing in there again); expired entries are swept as new ones arrive.
 */
function memoryAdapter(): AdapterConstructor {
  const store = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  const live = (key: string): AdapterPayload | undefined => {
    const entry = store.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      store.delete(key);
      return undefined;
    }
    return entry.payload;
  };
  return class MemoryAdapter implements Adapter {
    constructor(private readonly model: string) {}
    private key(id: string): string {
      return `${this.model}:${id}`;
    }
    upsert(id: string, payload: AdapterPayload, expiresIn: number | undefined): Promise<void> {
      const now = Date.now();
      if (store.size > 1000) for (const [key, entry] of store) if (entry.expiresAt <= now) store.delete(key);
      store.set(this.key(id), { payload, expiresAt: expiresIn ? now + expiresIn * 1000 : Infinity });
      return Promise.resolve();
    }
    find(id: string): Promise<AdapterPayload | undefined> {
      return Promise.resolve(live(this.key(id)));
    }
    private findBy(field: 'uid' | 'userCode', value: string): Promise<AdapterPayload | undefined> {
      for (const key of store.keys()) {
        if (!key.startsWith(`${this.model}:`)) continue;
        const payload = live(key);
        if (payload?.[field] === value) return Promise.resolve(payload);
      }
      return Promise.resolve(undefined);
    }
    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findBy('uid', uid);
    }
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.findBy('userCode', userCode);
    }
    consume(id: string): Promise<void> {
      const entry = store.get(this.key(id));
      if (entry) entry.payload = { ...entry.payload, consumed: Math.floor(Date.now() / 1000) };
      return Promise.resolve();
    }
    destroy(id: string): Promise<void> {
      store.delete(this.key(id));
      return Promise.resolve();
    }
    revokeByGrantId(grantId: string): Promise<void> {
      for (const [key, entry] of store) if (entry.payload.grantId === grantId) store.delete(key);
      return Promise.resolve();
    }
  };
}

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 16 * 1024) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

function page(assets: string, uid: string, error: string | null, values: Partial<TestPerson>): string {
  const field = (name: string, label: string, value: string, type = 'text'): string =>
    `<div class="field"><label for="${name}">${label}</label><input id="${name}" name="${name}" type="${type}" value="${escapeHtml(value)}"${name === 'email' ? ' required autofocus' : ''}></div>`;
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Test identity provider</title>
<link rel="stylesheet" href="${escapeHtml(`${assets}/hosted-pages.css`)}"></head>
<body><main id="main"><div class="card">
<h1>Test identity provider</h1>
<p class="text">This provider exists only on the embedded profile, for trying social sign-in without a network. It has no accounts: whoever you say you are, it signs you in as that person.</p>
${error ? `<div class="alert error" role="alert"><span>${escapeHtml(error)}</span></div>` : ''}
<form method="post" action="${escapeHtml(`${TEST_IDP_PATH}/interaction/${uid}/login`)}">
${field('email', 'Email', values.email ?? '', 'email')}
${field('given_name', 'First name', values.givenName ?? '')}
${field('family_name', 'Last name', values.familyName ?? '')}
<div class="field"><label><input id="email_verified" name="email_verified" type="checkbox" value="true"${values.emailVerified === false ? '' : ' checked'}> The provider has verified this e-mail address</label></div>
<button type="submit" class="primary">Sign in to the test provider</button>
</form>
</div></main></body></html>`;
}

/**
 * The embedded profile's test provider: a small OpenID provider of its own (oidc-provider, keys and
 * sessions in memory) under /test-idp, like the test payment gateway, so "Sign in with Test provider"
 * works without a network. Its page asks who you are (e-mail, names, whether the e-mail counts as
 * verified) and signs you in as that person; the subject is derived from the e-mail, so the same
 * address is the same external identity every time. Never on the production profile (config refuses).
 */
export function mountTestIdentityProvider(
  app: NestFastifyApplication,
  options: { readonly publicUrl: string; readonly redirectUri: string; readonly assets: string },
): TestIdentityProvider {
  const issuer = `${options.publicUrl}${TEST_IDP_PATH}`;
  const clientSecret = randomBytes(24).toString('base64url');
  const people = new Map<string, TestPerson>();
  // The provider and its RSA key (half a second of CPU) are made at its first request, not at every start.
  let ready: Promise<Started> | null = null;
  const started = (): Promise<Started> => {
    ready ??= startProvider().catch((error: unknown) => {
      ready = null;
      throw error;
    });
    return ready;
  };
  const startProvider = async (): Promise<Started> => {
    const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
    const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test-idp', use: 'sig', alg: 'RS256' };

    const provider = new Provider(issuer, {
      adapter: memoryAdapter(),
      clients: [
        {
          client_id: TEST_IDP_CLIENT_ID,
          client_secret: clientSecret,
          token_endpoint_auth_method: 'client_secret_post',
          grant_types: ['authorization_code'],
          response_types: ['code'],
          redirect_uris: [options.redirectUri],
        },
      ],
      jwks: { keys: [jwk] },
      // Own cookie names: the embedded provider's session and interaction cookies share this host.
      cookies: {
        keys: [randomBytes(32).toString('base64url')],
        names: {
          session: '_test_idp_session',
          interaction: '_test_idp_interaction',
          resume: '_test_idp_interaction_resume',
        },
      },
      scopes: ['openid', 'email', 'profile'],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
      conformIdTokenClaims: false,
      findAccount: (_ctx: KoaContextWithOIDC, sub: string): Promise<Account | undefined> => {
        const person = people.get(sub);
        if (!person) return Promise.resolve(undefined);
        return Promise.resolve({
          accountId: sub,
          claims: () => ({
            sub,
            email: person.email,
            email_verified: person.emailVerified,
            given_name: person.givenName,
            family_name: person.familyName,
          }),
        });
      },
      loadExistingGrant: async (ctx: KoaContextWithOIDC): Promise<Grant | undefined> => {
        const { client, session, provider: op } = ctx.oidc;
        if (!client || !session?.accountId) return undefined;
        const grant = new op.Grant({ clientId: client.clientId, accountId: session.accountId });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
      interactions: { url: (_ctx, interaction) => `${TEST_IDP_PATH}/interaction/${interaction.uid}` },
      features: { devInteractions: { enabled: false } },
      ttl: {
        AccessToken: 600,
        AuthorizationCode: 60,
        IdToken: 600,
        Interaction: 3600,
        Session: 3600,
        Grant: 3600,
      },
    });
    provider.proxy = true;
    return { provider, callback: provider.callback() };
  };
  const publicUrl = new URL(options.publicUrl);

  const send = (res: ServerResponse, status: number, html: string): void => {
    res.statusCode = status;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.end(html);
  };

  const interaction = async (req: IncomingMessage, res: ServerResponse, uid: string, action: string) => {
    const { provider } = await started();
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) return send(res, 400, 'Unknown sign-in');
    if (req.method !== 'POST' || action !== 'login')
      return send(res, 200, page(options.assets, uid, null, {}));
    const form = await readForm(req);
    const email = (form['email'] ?? '').trim().toLowerCase();
    const person: TestPerson = {
      email,
      emailVerified: form['email_verified'] === 'true',
      givenName: (form['given_name'] ?? '').trim().slice(0, 100),
      familyName: (form['family_name'] ?? '').trim().slice(0, 100),
    };
    if (!EMAIL_PATTERN.test(email))
      return send(res, 400, page(options.assets, uid, 'Enter an e-mail address.', person));
    const accountId = `test-${createHash('sha256').update(email).digest('hex').slice(0, 24)}`;
    people.set(accountId, person);
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId } },
      { mergeWithLastSubmission: false },
    );
  };

  app.use(TEST_IDP_PATH, (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
    req.headers['x-forwarded-host'] = publicUrl.host;
    req.headers['x-forwarded-proto'] = publicUrl.protocol.replace(':', '');
    const path = new URL(req.url ?? '/', 'http://internal').pathname;
    const match = /^\/interaction\/([\w-]+)(?:\/(login))?\/?$/.exec(path);
    if (!match?.[1]) {
      started().then(
        ({ callback }) => void callback(req, res),
        (error: unknown) => next(error),
      );
      return;
    }
    interaction(req, res, match[1], match[2] ?? '').catch((error: unknown) => {
      if (res.headersSent) {
        res.end();
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      if (/interaction session/i.test(message) || /SessionNotFound/.test(String(error))) {
        send(res, 400, 'This sign-in has expired. Go back to the shop and start again.');
        return;
      }
      next(error);
    });
  });
  return { issuer, clientId: TEST_IDP_CLIENT_ID, clientSecret };
}
