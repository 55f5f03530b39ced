import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { EVENT_STORE, type EventStore } from '../../server/src/infrastructure/event-store/event-store.port';
import { DEMO_ACCOUNTS } from '../../server/src/seed/demo-accounts';
import { aProfileForm } from '../support/profile-form';
import { type TestIssuer, startTestIssuer } from '../support/test-issuer';
import { type TestServer, startTestServer } from '../support/test-server';

interface AdminUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  isAdmin: boolean;
  adminByConfig: boolean;
  termsAccepted: boolean;
  createdAt: string;
}
interface Page {
  items: AdminUser[];
  total: number;
  offset: number;
  limit: number;
}

const BOSS_EMAIL = 'ulemus@example.ee';

describe('Admin users API (real HTTP)', () => {
  let issuer: TestIssuer;
  let server: TestServer;
  let eventStore: EventStore;
  const api = () => request(server.url);
  const head = () => eventStore.headPosition();
  const demoAdmin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
  const buyer = DEMO_ACCOUNTS.find((a) => a.role === 'buyer')!;

  interface Person {
    readonly sub: string;
    readonly email: string;
    readonly emailVerified?: boolean;
  }
  const bearer = async (p: Person) =>
    `Bearer ${await issuer.idToken({ sub: p.sub, email: p.email, email_verified: p.emailVerified ?? true })}`;
  const list = async (p: Person, query = '') =>
    api()
      .get(`/api/admin/users${query}`)
      .set('Authorization', await bearer(p));
  const setAdmin = async (p: Person, userId: string, isAdmin: unknown, language = 'et') =>
    api()
      .put(`/api/admin/users/${userId}/admin`)
      .set('Authorization', await bearer(p))
      .set('Accept-Language', language)
      .send({ isAdmin });
  const saveProfile = async (p: Person, form: object) =>
    api()
      .post('/api/user/update')
      .set('Authorization', await bearer(p))
      .send(form)
      .expect(200);
  const signUp = async (firstName: string, lastName: string, email = `${randomUUID()}@example.ee`) => {
    const person: Person = { sub: randomUUID(), email };
    await saveProfile(person, aProfileForm({ firstName, lastName, acceptTerms: true }));
    return person;
  };
  const asDemo = (a: (typeof DEMO_ACCOUNTS)[number]): Person => ({ sub: a.userId, email: a.email });

  beforeAll(async () => {
    issuer = await startTestIssuer();
    server = await startTestServer({
      env: { ...issuer.env, ADMIN_EMAILS: `admin.two@example.ee, ${BOSS_EMAIL}` },
    });
    eventStore = server.app.get<EventStore>(EVENT_STORE);
  });
  afterAll(async () => {
    await server.close();
    await issuer.close();
  });

  it('lists every product user, newest first, for the demo admin', async () => {
    const response = await list(asDemo(demoAdmin));
    expect(response.status).toBe(200);
    const page = response.body as Page;
    expect(page).toMatchObject({ offset: 0, limit: 20 });
    expect(page.total).toBeGreaterThanOrEqual(6);
    expect(page.items.find((u) => u.id === demoAdmin.userId)).toMatchObject({
      firstName: 'Triin',
      lastName: 'Administraator',
      email: demoAdmin.email,
      isAdmin: true,
      adminByConfig: false,
      termsAccepted: true,
    });
    const times = page.items.map((u) => u.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('filters by names and e-mail, folded, every word matching', async () => {
    const admin = asDemo(demoAdmin);
    const names = async (q: string) =>
      ((await list(admin, `?q=${encodeURIComponent(q)}`)).body as Page).items.map(
        (u) => `${u.firstName} ${u.lastName}`,
      );
    expect(await names('magi')).toEqual(['Andres Mägi']);
    expect(await names('TAMM kadri')).toEqual(['Kadri Tamm']);
    expect(await names('ostja@example')).toEqual(['Peeter Ostja']);
    expect(await names('kadri kask')).toEqual([]);
  });

  it('pages through the list', async () => {
    const admin = asDemo(demoAdmin);
    const all = (await list(admin, '?limit=50')).body as Page;
    const first = (await list(admin, '?offset=0&limit=2')).body as Page;
    const second = (await list(admin, '?offset=2&limit=2')).body as Page;
    expect(first).toMatchObject({ offset: 0, limit: 2, total: all.total });
    expect([...first.items, ...second.items].map((u) => u.id)).toEqual(
      all.items.slice(0, 4).map((u) => u.id),
    );
  });

  it('refuses bad paging with per-field messages', async () => {
    const response = await api()
      .get('/api/admin/users?limit=0&offset=-1')
      .set('Authorization', await bearer(asDemo(demoAdmin)))
      .set('Accept-Language', 'en');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'VALIDATION.FORM_HAS_ERRORS',
      errors: { limit: ['The minimum allowed value is 1'], offset: ['The minimum allowed value is 0'] },
    });
  });

  it('answers 403 ERROR.ADMIN_ONLY to a signed-in user who is not an admin, and changes nothing', async () => {
    const before = await head();
    for (const response of [
      await list(asDemo(buyer)),
      await setAdmin(asDemo(buyer), buyer.userId, true, 'en'),
    ]) {
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('ERROR.ADMIN_ONLY');
    }
    expect((await setAdmin(asDemo(buyer), buyer.userId, true, 'en')).body.message).toBe(
      'Only an administrator can do this.',
    );
    expect(await head()).toBe(before);
  });

  it('answers 403 ERROR.USER_TERMS_NOT_ACCEPTED before the terms, even to an admin by ADMIN_EMAILS', async () => {
    const boss: Person = { sub: randomUUID(), email: BOSS_EMAIL };
    const read = await api()
      .get('/api/user/read')
      .set('Authorization', await bearer(boss))
      .expect(200);
    expect(read.body).toMatchObject({ isAdmin: true, termsAccepted: false });
    const before = await head();
    for (const response of [await list(boss), await setAdmin(boss, buyer.userId, true)]) {
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({
        code: 'ERROR.USER_TERMS_NOT_ACCEPTED',
        message: 'Kasutustingimused on nõustumata!',
      });
    }
    expect(await head()).toBe(before);

    await saveProfile(boss, aProfileForm({ firstName: 'Ülle', lastName: 'Ülemus', acceptTerms: true }));
    const page = (await list(boss, '?q=ulemus')).body as Page;
    expect(page.items).toEqual([
      expect.objectContaining({ id: boss.sub, isAdmin: true, adminByConfig: true }),
    ]);
  });

  it('does not make an admin of an ADMIN_EMAILS address the issuer says is unverified', async () => {
    const pretender: Person = { sub: randomUUID(), email: 'admin.two@example.ee', emailVerified: false };
    await saveProfile(pretender, aProfileForm({ acceptTerms: true }));
    const read = await api()
      .get('/api/user/read')
      .set('Authorization', await bearer(pretender))
      .expect(200);
    expect(read.body.isAdmin).toBe(false);
    expect((await list(pretender)).status).toBe(403);
  });

  it('grants and revokes the admin role: an event naming the admin, and at once in effect', async () => {
    const admin = asDemo(demoAdmin);
    const helper = await signUp('Abi', 'Lõpp');
    expect((await list(helper)).status).toBe(403);

    const granted = await setAdmin(admin, helper.sub, true);
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({
      id: helper.sub,
      isAdmin: true,
      adminByConfig: false,
      termsAccepted: true,
    });
    expect((await list(helper)).status).toBe(200);

    // The new admin can change others' roles; granting twice records nothing.
    const before = await head();
    expect((await setAdmin(helper, helper.sub, true)).body.isAdmin).toBe(true);
    expect(await head()).toBe(before);

    const revoked = await setAdmin(helper, demoAdmin.userId, false);
    expect(revoked.body).toMatchObject({ id: demoAdmin.userId, isAdmin: false });
    expect((await list(admin)).body.code).toBe('ERROR.ADMIN_ONLY');
    await setAdmin(helper, demoAdmin.userId, true).then((r) => expect(r.status).toBe(200));

    await setAdmin(admin, helper.sub, false).then((r) => expect(r.body.isAdmin).toBe(false));
    expect((await list(helper)).body.code).toBe('ERROR.ADMIN_ONLY');

    const events = await eventStore.readStream(`profile-${helper.sub}`);
    const roles = events.filter((e) => e.type.startsWith('AdminRole'));
    expect(roles.map((e) => [e.type, e.data, e.metadata.actorId])).toEqual([
      ['AdminRoleGranted', { userId: helper.sub, grantedBy: demoAdmin.userId }, demoAdmin.userId],
      ['AdminRoleRevoked', { userId: helper.sub, revokedBy: demoAdmin.userId }, demoAdmin.userId],
    ]);
  });

  it('lets an admin by ADMIN_EMAILS grant the role too', async () => {
    const other = await signUp('Teine', 'Admin', 'admin.two@example.ee');
    const plain = await signUp('Tavaline', 'Kasutaja');
    const response = await setAdmin(other, plain.sub, true);
    expect(response.body).toMatchObject({ id: plain.sub, isAdmin: true });
  });

  it('does not let an admin revoke their own role (409 USER.CANNOT_REVOKE_SELF)', async () => {
    const before = await head();
    const response = await setAdmin(asDemo(demoAdmin), demoAdmin.userId, false, 'en');
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      statusCode: 409,
      code: 'USER.CANNOT_REVOKE_SELF',
      message: 'You cannot take away your own administrator role.',
    });
    expect(await head()).toBe(before);
  });

  it('answers 404 USER.NOT_FOUND for somebody without a profile, 400 for a bad id or body', async () => {
    const admin = asDemo(demoAdmin);
    const missing = await setAdmin(admin, randomUUID(), true);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'USER.NOT_FOUND', message: 'Kasutajat ei leitud!' });
    const badId = await setAdmin(admin, 'not-a-uuid', true);
    expect(badId.status).toBe(400);
    expect(badId.body.code).toBe('VALIDATION.INVALID_ID');
    const badBody = await setAdmin(admin, buyer.userId, 'yes');
    expect(badBody.status).toBe(400);
    expect(badBody.body).toMatchObject({
      code: 'VALIDATION.FORM_HAS_ERRORS',
      errors: { isAdmin: ['Vigane väärtus'] },
    });
  });
});
