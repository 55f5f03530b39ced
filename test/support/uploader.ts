import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { aProfileForm } from './profile-form';
import type { TestIssuer } from './test-issuer';

/** A valid body for POST /api/my/documents (docs/api.md DocumentDetails); override any field. */
export function aDocumentBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Üürileping korteri kohta',
    description: 'Eluruumi üürileping tähtajatuks kasutamiseks, koos üleandmise aktiga.',
    author: null,
    language: 'et',
    fieldOfLaw: 'property',
    applicableLaw: 'EE',
    tags: ['üür', 'korter'],
    year: 2025,
    price: 1490,
    ...overrides,
  };
}

/** A signed-in person with a profile and accepted terms: what every uploader call needs. */
export interface TestUploader {
  readonly userId: string;
  readonly email: string;
  /** `Bearer <fresh id token>` */
  authorization(): Promise<string>;
}

/** Signs a new person up with the test issuer and accepts the user terms through My data. */
export async function newUploader(
  baseUrl: string,
  issuer: TestIssuer,
  profile: Record<string, unknown> = {},
): Promise<TestUploader> {
  const userId = randomUUID();
  const email = `${userId.slice(0, 8)}@example.ee`;
  const authorization = async () => `Bearer ${await issuer.idToken({ sub: userId, email })}`;
  await request(baseUrl)
    .post('/api/user/update')
    .set('Authorization', await authorization())
    .send({ ...aProfileForm(profile), acceptTerms: true })
    .expect(200);
  return { userId, email, authorization };
}
