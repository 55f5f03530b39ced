/** The company behind the marketplace, as the contacts page, the legal pages and the footer name it. */
export const COMPANY = {
  name: 'Lepinguturg OÜ',
  registryCode: '16123456',
  vatNumber: 'EE102345678',
  address: { et: 'Narva mnt 5, 10117 Tallinn, Eesti', en: 'Narva mnt 5, 10117 Tallinn, Estonia' },
  email: 'info@lepinguturg.ee',
  privacyEmail: 'andmekaitse@lepinguturg.ee',
  phone: '+372 600 1234',
} as const;

/** The company's pages on social media (SPEC §2 footer: social links). */
export const SOCIAL_LINKS = [
  { name: 'Facebook', href: 'https://www.facebook.com/lepinguturg' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/company/lepinguturg' },
] as const;
