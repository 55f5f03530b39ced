import type { ProfileDetails, ProfilePublicFlags, ProfileRegistered } from '../../events/profile.events';
import { FieldValidator } from '../shared/domain-error';
import { normaliseTextValue } from '../shared/text';

/** ISO 3166-1 alpha-2: every officially assigned country code. */
export const COUNTRY_CODES: ReadonlySet<string> = new Set(
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'.split(
    ' ',
  ),
);

/** ISO 639-1: every two-letter language code in use (deprecated ones left out). */
export const LANGUAGE_CODES: ReadonlySet<string> = new Set(
  'aa ab ae af ak am an ar as av ay az ba be bg bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu'.split(
    ' ',
  ),
);

/** Field bounds of the "My data" form (docs/api.md). */
export const PROFILE_LIMITS = { name: 100, text: 500, additionalInfo: 2000 } as const;

export const PUBLIC_FLAG_NAMES = [
  'email',
  'dateOfBirth',
  'address',
  'country',
  'language',
  'areasOfPractice',
  'additionalInfo',
  'organization',
] as const satisfies readonly (keyof ProfilePublicFlags)[];

export const NOTHING_PUBLIC: ProfilePublicFlags = {
  email: false,
  dateOfBirth: false,
  address: false,
  country: false,
  language: false,
  areasOfPractice: false,
  additionalInfo: false,
  organization: false,
};

/** A person who has not filled in anything yet. */
export const EMPTY_PROFILE_DETAILS: ProfileDetails = {
  firstName: '',
  lastName: '',
  dateOfBirth: null,
  address: '',
  country: '',
  language: '',
  areasOfPractice: '',
  additionalInfo: '',
  organization: '',
  public: NOTHING_PUBLIC,
};

/**
 * The profile a registration stands for: an uploader registered with a company shows it publicly, as
 * the catalogue always did (docs/decisions/product-user-and-profile.md).
 */
export function registeredDetails(data: ProfileRegistered['data']): ProfileDetails {
  return {
    ...EMPTY_PROFILE_DETAILS,
    firstName: data.firstName,
    lastName: data.lastName,
    organization: data.company ?? '',
    public: { ...NOTHING_PUBLIC, organization: data.company !== null && data.company !== '' },
  };
}

/**
 * Every text in the stored form of domain/shared/text.ts (NFC, ends trimmed, invisible-only as empty);
 * country codes upper case and language codes lower case.
 */
export function normaliseProfileDetails(details: ProfileDetails): ProfileDetails {
  const text = normaliseTextValue;
  return {
    firstName: text(details.firstName),
    lastName: text(details.lastName),
    dateOfBirth:
      typeof details.dateOfBirth === 'string'
        ? details.dateOfBirth.trim() || null
        : (details.dateOfBirth ?? null),
    address: text(details.address),
    country: typeof details.country === 'string' ? details.country.trim().toUpperCase() : details.country,
    language: typeof details.language === 'string' ? details.language.trim().toLowerCase() : details.language,
    areasOfPractice: text(details.areasOfPractice),
    additionalInfo: text(details.additionalInfo),
    organization: text(details.organization),
    public: details.public,
  };
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date (2026-02-30 is not) strictly before the day `now` falls on (UTC). */
function checkDateOfBirth(v: FieldValidator, value: unknown, now: Date): void {
  if (value === null) return;
  const match = typeof value === 'string' ? ISO_DATE.exec(value) : null;
  if (!match) return v.add('dateOfBirth', 'VALIDATION.INVALID_DATE');
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return v.add('dateOfBirth', 'VALIDATION.INVALID_DATE');
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (date.getTime() >= today) v.add('dateOfBirth', 'VALIDATION.DATE_NOT_IN_PAST');
}

function checkCode(v: FieldValidator, field: string, value: unknown, codes: ReadonlySet<string>): void {
  if (value === '') return;
  if (typeof value !== 'string' || !codes.has(value)) v.add(field, 'VALIDATION.INVALID_CHOICE');
}

/**
 * Checks a (normalised) profile against docs/api.md: names required (≤ 100), texts ≤ 500,
 * additional information ≤ 2000, date of birth a real past date, country and language known codes or
 * empty, every public flag a boolean. Adds every problem to `v`.
 */
export function validateProfileDetails(v: FieldValidator, details: ProfileDetails, now: Date): void {
  v.requiredText('firstName', details.firstName, PROFILE_LIMITS.name);
  v.requiredText('lastName', details.lastName, PROFILE_LIMITS.name);
  checkDateOfBirth(v, details.dateOfBirth, now);
  v.optionalText('address', details.address, PROFILE_LIMITS.text);
  checkCode(v, 'country', details.country, COUNTRY_CODES);
  checkCode(v, 'language', details.language, LANGUAGE_CODES);
  v.optionalText('areasOfPractice', details.areasOfPractice, PROFILE_LIMITS.text);
  v.optionalText('additionalInfo', details.additionalInfo, PROFILE_LIMITS.additionalInfo, 'multiline');
  v.optionalText('organization', details.organization, PROFILE_LIMITS.text);
  const flags = details.public as unknown as Partial<Record<string, unknown>> | null | undefined;
  if (typeof flags !== 'object' || flags === null) v.add('public', 'VALIDATION.INVALID_VALUE');
  else
    for (const name of PUBLIC_FLAG_NAMES) {
      if (typeof flags[name] !== 'boolean') v.add(`public.${name}`, 'VALIDATION.INVALID_VALUE');
    }
}

/** Whether two profiles hold the same values (so saving an unchanged form records nothing). */
export function sameProfileDetails(a: ProfileDetails, b: ProfileDetails): boolean {
  const { public: aFlags, ...aFields } = a;
  const { public: bFlags, ...bFields } = b;
  return (
    (Object.keys(aFields) as (keyof typeof aFields)[]).every((key) => aFields[key] === bFields[key]) &&
    PUBLIC_FLAG_NAMES.every((name) => aFlags[name] === bFlags[name])
  );
}

/** What the document page shows about its uploader: docs/api.md "Public uploader fields". */
export interface PublicUploaderProfile {
  readonly email?: string;
  readonly country?: string;
  readonly language?: string;
  readonly areasOfPractice?: string;
  readonly additionalInfo?: string;
  readonly organization?: string;
}

/** Only the fields the user made public and filled in; date of birth and address are never shown there. */
export function publicUploaderProfile(details: ProfileDetails, email: string): PublicUploaderProfile {
  const shown: Record<string, string> = {};
  const offer = (name: keyof PublicUploaderProfile & keyof ProfilePublicFlags, value: string) => {
    if (details.public[name] && value !== '') shown[name] = value;
  };
  offer('email', email);
  offer('country', details.country);
  offer('language', details.language);
  offer('areasOfPractice', details.areasOfPractice);
  offer('additionalInfo', details.additionalInfo);
  offer('organization', details.organization);
  return shown;
}

/** The uploader's company on document pages: the organization, only when public. */
export function publicCompany(details: ProfileDetails): string | null {
  return details.public.organization && details.organization !== '' ? details.organization : null;
}

/** The name shown for a person: first and last name. */
export function fullName(details: Pick<ProfileDetails, 'firstName' | 'lastName'>): string {
  return `${details.firstName} ${details.lastName}`.trim();
}
