/** A complete, valid body for POST /api/user/update (docs/api.md ProfileFields); override any field. */
export function aProfileForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const { public: flags, ...fields } = overrides;
  return {
    firstName: 'Mari',
    lastName: 'Maasikas',
    dateOfBirth: '1985-06-24',
    address: 'Pikk 1, Tallinn',
    country: 'EE',
    language: 'et',
    areasOfPractice: 'Tööõigus',
    additionalInfo: 'Vandeadvokaat',
    organization: 'Maasikas Õigusbüroo',
    ...fields,
    public: {
      email: false,
      dateOfBirth: false,
      address: false,
      country: false,
      language: false,
      areasOfPractice: false,
      additionalInfo: false,
      organization: false,
      ...(flags as Record<string, boolean> | undefined),
    },
  };
}
