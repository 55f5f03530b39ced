/**
 * A sum typed in euros ("12,40", "12.4", "12", "1 240,50") as cents; null when it is not a sum of money with
 * at most two decimals. Both the decimal comma and the point are read, whatever the language.
 */
export function parseEuros(text: string): number | null {
  const normalized = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(normalized)) return null;
  const [whole = '0', fraction = ''] = normalized.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Cents as a money field shows them: 1240 -> "12,40" (et, the decimal comma) or "12.40" (en). */
export function formatEuros(cents: number, language: 'et' | 'en'): string {
  const text = (cents / 100).toFixed(2);
  return language === 'et' ? text.replace('.', ',') : text;
}
