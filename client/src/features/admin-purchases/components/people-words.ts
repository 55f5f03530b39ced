import type { TFunction } from 'i18next';

/** Banks and card brands by the gateway's name, as people write them (the server's invoices do the same). */
const NAMES: Readonly<Record<string, string>> = {
  swedbank: 'Swedbank',
  seb: 'SEB',
  lhv: 'LHV',
  luminor: 'Luminor',
  coop: 'Coop Pank',
  citadele: 'Citadele',
  nordea: 'Nordea',
  revolut: 'Revolut',
  visa: 'Visa',
  mastercard: 'Mastercard',
  maestro: 'Maestro',
};

const named = (code: string) => NAMES[code] ?? code.charAt(0).toUpperCase() + code.slice(1);

/** A payment method as people say it: `banklink:ee:seb` → "SEB bank link", `card:visa` → "Visa card". */
export function paymentMethodText(t: TFunction, methodId: string): string {
  const [group = '', ...rest] = methodId.split(':');
  const name = rest.at(-1) ?? group;
  if (group === 'banklink') return t('PAYMENT_METHOD.BANKLINK', { bank: named(name) });
  if (group === 'card') return t('PAYMENT_METHOD.CARD', { brand: named(name) });
  if (group === 'free') return t('PAYMENT_METHOD.FREE');
  return named(name);
}

/** An event of a purchase's history in the screen's language (its type's code when it has no words yet). */
export function purchaseEventText(t: TFunction, type: string): string {
  return t(`PURCHASE_EVENT.${type}`, { defaultValue: type });
}

/** Who did it, in words: the shop, the buyer with the link, the signed-in buyer, or a user by id. */
export function actorText(t: TFunction, actorId: string | null, buyerId: string | null): string {
  if (actorId === null) return '';
  if (actorId === 'system') return t('PURCHASE_ACTOR.system');
  if (actorId === 'purchase-key') return t('PURCHASE_ACTOR.key');
  if (buyerId !== null && actorId === buyerId) return t('PURCHASE_ACTOR.buyer');
  return t('PURCHASE_ACTOR.user', { id: actorId.slice(0, 8) });
}
