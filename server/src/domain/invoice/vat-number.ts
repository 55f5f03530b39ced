/**
 * EU VAT identification numbers by their published formats (the Commission's VIES format table): the
 * two-letter prefix and the shape of the rest, plus the United Kingdom's (GB) for British businesses. Only
 * the form is checked here; whether another member state's number is registered is VIES's answer
 * (infrastructure/vat-registry), asked when the basket is confirmed.
 */
const FORMATS: Readonly<Record<string, RegExp>> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^10\d{7}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  GB: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

/** Upper case without spaces, dots and dashes: `ee 101 234 567` → `EE101234567`. */
export function normaliseVatNumber(value: string): string {
  return value.toUpperCase().replace(/[\s.-]/g, '');
}

/** Whether the (normalised) value has the form of an EU VAT number, e.g. EE + 9 digits starting 10. */
export function isValidVatNumber(value: string): boolean {
  const normalised = normaliseVatNumber(value);
  const format = FORMATS[normalised.slice(0, 2)];
  return format !== undefined && format.test(normalised.slice(2));
}
