import request from 'supertest';
import {
  OidcBrowser,
  pageTitle,
  pkce,
} from '../../server/src/infrastructure/identity/embedded/testing/oidc-browser';
import { DEMO_ACCOUNTS } from '../../server/src/seed/demo-accounts';
import { type TestIssuer, startTestIssuer } from '../support/test-issuer';
import { type TestServer, startTestServer } from '../support/test-server';

const demo = (role: string) => {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role);
  if (!account) throw new Error(`no demo ${role}`);
  return account;
};

/**
 * The account settings kept at the embedded identity provider, over the product API (real HTTP, real
 * tokens from the embedded provider): the phone number verified by SMS, remembered devices, the admin's
 * "require password reset", and what /api/config tells the client about social sign-in.
 */
describe('Identity account settings (embedded provider, real HTTP)', () => {
  let server: TestServer;
  const api = () => request(server.url);

  beforeAll(async () => {
    server = await startTestServer();
  }, 60_000);
  afterAll(() => server.close());

  /** Signs in on the hosted pages (the demo accounts skip the second-factor offer) and answers the ID token. */
  async function idTokenOf(email: string, password: string): Promise<string> {
    const browser = new OidcBrowser(server.url);
    const p = pkce();
    const page = await browser.get(
      `/oidc/auth?${new URLSearchParams({
        client_id: 'lepinguturg-web',
        response_type: 'code',
        scope: 'openid email offline_access profile phone address',
        redirect_uri: `${server.url}/callback`,
        code_challenge: p.challenge,
        code_challenge_method: 'S256',
        state: p.state,
        nonce: p.nonce,
        ui_locales: 'en',
      }).toString()}`,
    );
    const base = /\/oidc\/interaction\/[\w-]+/.exec(page.url)?.[0] ?? '';
    const done = await browser.post(`${base}/login`, { email, password });
    const code = new URL(done.url).searchParams.get('code') ?? '';
    const { body } = await api()
      .post('/oidc/token')
      .type('form')
      .send({
        grant_type: 'authorization_code',
        code,
        client_id: 'lepinguturg-web',
        redirect_uri: `${server.url}/callback`,
        code_verifier: p.verifier,
      })
      .expect(200);
    return (body as { id_token: string }).id_token;
  }

  async function newestSms(to: string): Promise<string> {
    const { body } = await api()
      .get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`)
      .expect(200);
    const [message] = body as { channel: string; text: string }[];
    expect(message?.channel).toBe('sms');
    return /\b(\d{6})\b/.exec(message?.text ?? '')?.[1] ?? '';
  }

  it('tells the client which social sign-in buttons the hosted pages show, and the scopes for the attributes', async () => {
    const { body } = await api().get('/api/config').expect(200);
    expect(body).toMatchObject({
      providers: ['test'],
      scopes: ['openid', 'email', 'offline_access', 'profile', 'phone', 'address'],
    });
  });

  it('changes the phone number in My data with a text-message code, keeping the old one until then', async () => {
    const buyer = demo('buyer');
    const bearer = `Bearer ${await idTokenOf(buyer.email, buyer.password)}`;
    const read = await api().get('/api/user/account').set('Authorization', bearer).expect(200);
    expect(read.body).toMatchObject({
      email: buyer.email,
      emailVerified: true,
      phoneNumber: null,
      devices: [],
      linkedProviders: [],
    });
    expect(read.body.callingCodes[0]).toEqual({ country: 'EE', code: '+372' });

    const fixed = await api()
      .post('/api/user/account/phone')
      .set('Authorization', bearer)
      .set('Accept-Language', 'et')
      .send({ countryCode: '+372', phoneNumber: '612 3456' })
      .expect(400);
    expect(fixed.body).toMatchObject({
      code: 'PHONE.NOT_MOBILE',
      message: 'Sellele numbrile ei saa tekstisõnumeid saata. Sisesta mobiilinumber.',
    });

    const sent = await api()
      .post('/api/user/account/phone')
      .set('Authorization', bearer)
      .send({ countryCode: '+372', phoneNumber: '5123 4567' })
      .expect(202);
    expect(sent.body).toEqual({ destination: '+372 •••• 4567' });
    const pending = await api().get('/api/user/account').set('Authorization', bearer).expect(200);
    expect(pending.body).toMatchObject({ phoneNumber: null, pendingPhoneNumber: '+37251234567' });

    const wrong = await api()
      .post('/api/user/account/phone/verify')
      .set('Authorization', bearer)
      .set('Accept-Language', 'en')
      .send({ code: '000000' })
      .expect(400);
    expect(wrong.body).toMatchObject({
      code: 'PHONE.CODE_INVALID',
      message: 'Invalid verification code provided, please try again.',
    });
    const verified = await api()
      .post('/api/user/account/phone/verify')
      .set('Authorization', bearer)
      .send({ code: await newestSms('+37251234567') })
      .expect(200);
    expect(verified.body).toMatchObject({
      phoneNumber: '+37251234567',
      phoneNumberVerified: true,
      pendingPhoneNumber: null,
    });

    const removed = await api().delete('/api/user/account/phone').set('Authorization', bearer).expect(200);
    expect(removed.body).toMatchObject({ phoneNumber: null, phoneNumberVerified: false });
    await api().delete('/api/user/account/devices/no-such-device').set('Authorization', bearer).expect(404);
  });

  it('lets an admin require a password reset: the old sign-ins end and the next one goes to the reset step', async () => {
    const uploader = DEMO_ACCOUNTS.find((a) => a.email === 'martin.kask@example.ee');
    const admin = demo('admin');
    if (!uploader) throw new Error('no demo uploader');
    const userBearer = `Bearer ${await idTokenOf(uploader.email, uploader.password)}`;
    await api().get('/api/user/read').set('Authorization', userBearer).expect(200);

    // Not for everybody.
    await api()
      .put(`/api/admin/users/${uploader.userId}/password-reset`)
      .set('Authorization', userBearer)
      .expect(403);
    // ID tokens count sign-in time in whole seconds: the admin acts a second later.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const adminBearer = `Bearer ${await idTokenOf(admin.email, admin.password)}`;
    await api()
      .put(`/api/admin/users/${uploader.userId}/password-reset`)
      .set('Authorization', adminBearer)
      .expect(204);

    await api().get('/api/user/read').set('Authorization', userBearer).expect(401);
    const browser = new OidcBrowser(server.url);
    const p = pkce();
    const page = await browser.get(
      `/oidc/auth?${new URLSearchParams({
        client_id: 'lepinguturg-web',
        response_type: 'code',
        scope: 'openid email',
        redirect_uri: `${server.url}/callback`,
        code_challenge: p.challenge,
        code_challenge_method: 'S256',
        ui_locales: 'en',
      }).toString()}`,
    );
    const base = /\/oidc\/interaction\/[\w-]+/.exec(page.url)?.[0] ?? '';
    const next = await browser.post(`${base}/login`, { email: uploader.email, password: uploader.password });
    expect(pageTitle(next.html)).toBe('Reset Password');
  });
});

describe('Identity account settings with an external provider', () => {
  let issuer: TestIssuer;
  let server: TestServer;
  beforeAll(async () => {
    issuer = await startTestIssuer();
    server = await startTestServer({ env: issuer.env, seed: false });
  }, 60_000);
  afterAll(async () => {
    await server.close();
    await issuer.close();
  });

  it('answers 409: the external provider keeps the phone number and devices in its own pages', async () => {
    const bearer = `Bearer ${await issuer.idToken({ sub: '0b4c5a0e-3f7a-4c1e-9a53-3b1f5d2e9c11', email: 'x@example.ee' })}`;
    const { body } = await request(server.url)
      .get('/api/user/account')
      .set('Authorization', bearer)
      .set('Accept-Language', 'en')
      .expect(409);
    expect(body.code).toBe('IDENTITY.MANAGED_BY_PROVIDER');
    const config = await request(server.url).get('/api/config').expect(200);
    expect(config.body.providers).toEqual([]);
  });
});
