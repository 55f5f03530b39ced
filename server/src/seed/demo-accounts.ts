import { DEMO_UPLOADERS } from './demo-catalogue.data';

/**
 * Demo sign-in accounts of the embedded identity provider. The account id is the OpenID `sub`, which is
 * also the product user id (stream profile-<id>): the two uploaders are the seeded uploader profiles.
 * Passwords are printed at the first start and in the README; they exist only in the embedded profile.
 */
export interface DemoAccount {
  readonly userId: string;
  readonly email: string;
  readonly password: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly role: 'admin' | 'uploader' | 'buyer';
}

const uploader = (key: string): DemoAccount => {
  const found = DEMO_UPLOADERS.find((u) => u.key === key);
  if (!found) throw new Error(`No demo uploader "${key}"`);
  return {
    userId: found.userId,
    email: found.email,
    password: 'Leping#2026',
    firstName: found.firstName,
    lastName: found.lastName,
    role: 'uploader',
  };
};

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    userId: '5b1d3c7e-2a4f-4e8b-9c61-0f7a2d9e4b13',
    email: 'admin@lepinguturg.ee',
    password: 'Admin#Leping2026',
    firstName: 'Triin',
    lastName: 'Administraator',
    role: 'admin',
  },
  uploader('kadri'),
  uploader('martin'),
  {
    userId: '8e4a6f2b-1c9d-4a7e-b3f5-6d2c8e0a9b47',
    email: 'ostja@example.ee',
    password: 'Ostja#2026',
    firstName: 'Peeter',
    lastName: 'Ostja',
    role: 'buyer',
  },
];
