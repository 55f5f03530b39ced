import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { EVENT_STORE, type EventStore } from '../../server/src/infrastructure/event-store/event-store.port';
import { DEMO_ACCOUNTS } from '../../server/src/seed/demo-accounts';
import { aProfileForm } from '../support/profile-form';
import { type TestIssuer, startTestIssuer } from '../support/test-issuer';
import { type TestServer, startTestServer } from '../support/test-server';

interface Summary {
  id: string;
  slug: string;
  uploader: { id: string; name: string };
}

describe('Product user API: "My data" and the user terms (real HTTP)', () => {
  let issuer: TestIssuer;
  let server: TestServer;
  let eventStore: EventStore;
  const api = () => request(server.url);
  const head = () => eventStore.headPosition();

  /** A signed-in person's calls. */
  const as = (sub: string, email: string) => {
    const bearer = async () => `Bearer ${await issuer.idToken({ sub, email })}`;
    return {
      read: async () =>
        api()
          .get('/api/user/read')
          .set('Authorization', await bearer())
          .expect(200),
      update: async (body: object, language = 'et') =>
        api()
          .post('/api/user/update')
          .set('Authorization', await bearer())
          .set('Accept-Language', language)
          .send(body),
      adminUsers: async () =>
        api()
          .get('/api/admin/users')
          .set('Authorization', await bearer()),
    };
  };
  const newPerson = () => {
    const sub = randomUUID();
    return { sub, ...as(sub, `${sub.slice(0, 8)}@example.ee`), email: `${sub.slice(0, 8)}@example.ee` };
  };

  beforeAll(async () => {
    issuer = await startTestIssuer();
    server = await startTestServer({ env: issuer.env });
    eventStore = server.app.get<EventStore>(EVENT_STORE);
  });
  afterAll(async () => {
    await server.close();
    await issuer.close();
  });

  it('reads a person without a profile as a user with empty names who has not accepted the terms', async () => {
    const person = newPerson();
    const { body } = await person.read();
    expect(body).toEqual({
      id: person.sub,
      firstName: '',
      lastName: '',
      fullName: '',
      email: person.email,
      dateOfBirth: null,
      company: null,
      idCode: null,
      active: true,
      termsAccepted: false,
      isAdmin: false,
      isAccountant: false,
      profile: {
        firstName: '',
        lastName: '',
        dateOfBirth: null,
        address: '',
        country: '',
        language: '',
        areasOfPractice: '',
        additionalInfo: '',
        organization: '',
        public: {
          email: false,
          dateOfBirth: false,
          address: false,
          country: false,
          language: false,
          areasOfPractice: false,
          additionalInfo: false,
          organization: false,
        },
      },
      requiredDataMissing: true,
    });
  });

  it('saves the profile and answers the fresh product user; terms stay unaccepted until asked', async () => {
    const person = newPerson();
    const form = aProfileForm({ public: { country: true } });
    const response = await person.update(form);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: person.sub,
      firstName: 'Mari',
      lastName: 'Maasikas',
      fullName: 'Mari Maasikas',
      email: person.email,
      dateOfBirth: '1985-06-24',
      company: 'Maasikas Õigusbüroo',
      termsAccepted: false,
      requiredDataMissing: false,
      profile: { ...form, public: { ...(form.public as object), country: true } },
    });
    expect((await person.read()).body).toEqual(response.body);
  });

  it('records nothing when an unchanged form is saved again', async () => {
    const person = newPerson();
    await person.update(aProfileForm()).then((r) => expect(r.status).toBe(200));
    const before = await head();
    await person.update(aProfileForm()).then((r) => expect(r.status).toBe(200));
    expect(await head()).toBe(before);
  });

  it('accepts the user terms once; then the rest of the signed-in API opens', async () => {
    const person = newPerson();
    const before = await person.adminUsers();
    expect(before.status).toBe(403);
    expect(before.body.code).toBe('ERROR.USER_TERMS_NOT_ACCEPTED');

    const accepted = await person.update(aProfileForm({ acceptTerms: true }));
    expect(accepted.status).toBe(200);
    expect(accepted.body.termsAccepted).toBe(true);
    expect((await person.read()).body.termsAccepted).toBe(true);
    // Past the terms check, the admin list still is not theirs.
    expect((await person.adminUsers()).body.code).toBe('ERROR.ADMIN_ONLY');

    const position = await head();
    const again = await person.update(aProfileForm({ acceptTerms: true }));
    expect(again.body.termsAccepted).toBe(true);
    expect(await head()).toBe(position);
    // acceptTerms: false does not take the acceptance back.
    expect((await person.update(aProfileForm({ acceptTerms: false }))).body.termsAccepted).toBe(true);
  });

  describe('refuses bad input with a message per field, in the caller language, and records nothing', () => {
    it.each([
      [
        'required names, too long texts, a future date, unknown codes',
        aProfileForm({
          firstName: ' ',
          lastName: '',
          address: 'a'.repeat(501),
          additionalInfo: 'b'.repeat(2001),
          dateOfBirth: '2999-01-01',
          country: 'XX',
          language: 'klingon',
        }),
        {
          en: {
            firstName: ['Field is required'],
            lastName: ['Field is required'],
            address: ['Maximum 500 characters allowed'],
            additionalInfo: ['Maximum 2000 characters allowed'],
            dateOfBirth: ['The date must be in the past'],
            country: ['This value is not one of the allowed choices'],
            language: ['This value is not one of the allowed choices'],
          },
          et: {
            firstName: ['Väli on kohustuslik'],
            lastName: ['Väli on kohustuslik'],
            address: ['Lubatud on kuni 500 tähemärki'],
            additionalInfo: ['Lubatud on kuni 2000 tähemärki'],
            dateOfBirth: ['Kuupäev peab olema minevikus'],
            country: ['See väärtus ei ole lubatud valikute hulgas'],
            language: ['See väärtus ei ole lubatud valikute hulgas'],
          },
        },
      ],
      [
        'a date that does not exist and a name too long',
        aProfileForm({ dateOfBirth: '1990-02-30', lastName: 'x'.repeat(101) }),
        {
          en: { dateOfBirth: ['Invalid date'], lastName: ['Maximum 100 characters allowed'] },
          et: { dateOfBirth: ['Vigane kuupäev'], lastName: ['Lubatud on kuni 100 tähemärki'] },
        },
      ],
      [
        'wrong types',
        aProfileForm({ firstName: 42, public: { email: 'yes' }, acceptTerms: 'sure' }),
        {
          en: {
            firstName: ['Invalid value'],
            'public.email': ['Invalid value'],
            acceptTerms: ['Invalid value'],
          },
          et: {
            firstName: ['Vigane väärtus'],
            'public.email': ['Vigane väärtus'],
            acceptTerms: ['Vigane väärtus'],
          },
        },
      ],
    ])('%s', async (_case, form, errors) => {
      const person = newPerson();
      const before = await head();
      for (const language of ['en', 'et'] as const) {
        const response = await person.update(form, language);
        expect(response.status).toBe(400);
        expect(response.body).toEqual({
          statusCode: 400,
          code: 'VALIDATION.FORM_HAS_ERRORS',
          message: language === 'en' ? 'Form has errors!' : 'Vormil on vigu!',
          errors: errors[language],
        });
      }
      expect(await head()).toBe(before);
      expect((await person.read()).body).toMatchObject({ firstName: '', termsAccepted: false });
    });
  });

  it('reads the demo accounts as seeded: profiles, accepted terms, the admin granted', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const { body } = await as(account.userId, account.email).read();
      expect(body).toMatchObject({
        id: account.userId,
        firstName: account.firstName,
        lastName: account.lastName,
        termsAccepted: true,
        isAdmin: account.role === 'admin',
        requiredDataMissing: false,
      });
    }
  });

  describe("the uploader's public fields on the document page", () => {
    const kadri = DEMO_ACCOUNTS.find((a) => a.email === 'kadri.tamm@example.ee')!;
    let slug: string;
    const page = async () =>
      (await api().get(`/api/documents/${slug}`).expect(200)).body as { uploader: unknown };

    beforeAll(async () => {
      const { body } = await api().get(`/api/documents?uploaderId=${kadri.userId}&limit=1`).expect(200);
      slug = (body.items as Summary[])[0]!.slug;
    });

    it('shows the seeded company of an uploader, and nothing else', async () => {
      expect((await page()).uploader).toEqual({
        id: kadri.userId,
        name: 'Kadri Tamm',
        company: 'Tamm & Partnerid Advokaadibüroo',
        profile: { organization: 'Tamm & Partnerid Advokaadibüroo' },
      });
    });

    it('shows exactly the fields toggled public, and the new name at once', async () => {
      const form = aProfileForm({
        firstName: 'Kadri',
        lastName: 'Tamm-Kuusk',
        organization: 'Tamm & Partnerid Advokaadibüroo',
        public: { email: true, country: true, dateOfBirth: true, address: true, areasOfPractice: true },
      });
      expect((await as(kadri.userId, kadri.email).update(form)).status).toBe(200);
      expect((await page()).uploader).toEqual({
        id: kadri.userId,
        name: 'Kadri Tamm-Kuusk',
        company: null,
        profile: { email: 'kadri.tamm@example.ee', country: 'EE', areasOfPractice: 'Tööõigus' },
      });
      const found = await api().get('/api/documents?q=tamm-kuusk&limit=50').expect(200);
      expect((found.body.items as Summary[]).map((d) => d.slug)).toContain(slug);
    });

    it('hides the fields again when toggled private', async () => {
      const form = aProfileForm({ firstName: 'Kadri', lastName: 'Tamm', public: { organization: true } });
      expect((await as(kadri.userId, kadri.email).update(form)).status).toBe(200);
      expect((await page()).uploader).toEqual({
        id: kadri.userId,
        name: 'Kadri Tamm',
        company: 'Maasikas Õigusbüroo',
        profile: { organization: 'Maasikas Õigusbüroo' },
      });
    });
  });
});
