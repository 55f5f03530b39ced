/** 2550 basis points → "25,5" (et) or "25.5" (en). */
export function ratePercent(basisPoints: number, language: string): string {
  const text = String(basisPoints / 100);
  return language === 'et' ? text.replace('.', ',') : text;
}
