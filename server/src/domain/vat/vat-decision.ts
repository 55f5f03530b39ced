import { DomainError } from '../shared/domain-error';
import type { BasisPoints, Cents } from '../shared/money';
import { SHOP_MEMBER_STATE, countryOfVatNumber, isMemberState, standardVatRate } from './eu-vat-rates';

/**
 * How a sale is taxed (docs/decisions/vat-by-buyer.md):
 * - `domestic`: Estonian VAT: Estonian buyers, EU consumers while the OSS threshold is not passed, and
 *   businesses whose VAT number could not be confirmed (VAT Directive Art. 45, 58, 59c);
 * - `oss`: the consumer's member state's VAT, declared in Estonia's One-Stop Shop (Art. 58, 369b);
 * - `reverse-charge`: an EU business with a VAT number valid in VIES; the buyer accounts for the VAT
 *   (Art. 44, 196; the invoice says so, Art. 226 (11a));
 * - `outside-scope`: a buyer outside the EU: no EU VAT (Art. 44, 59); or templates given free of charge,
 *   which are no supply for consideration (Art. 2 (1) (c)) and on no return.
 */
export type VatTreatment = 'domestic' | 'oss' | 'reverse-charge' | 'outside-scope';

export type VatReason =
  | 'estonian-buyer'
  | 'eu-consumer-below-threshold'
  | 'eu-consumer'
  | 'eu-business'
  | 'eu-business-not-confirmed'
  | 'outside-eu'
  /** A basket of free templates: nothing is paid, so nothing is supplied for VAT (Art. 2 (1) (c)). */
  | 'free-of-charge'
  /** Decided before VAT followed the buyer: every sale then carried Estonian VAT, per line. */
  | 'before-vat-by-buyer';

/** One piece of evidence of where the buyer is (Implementing Regulation 282/2011 Art. 24b, 24f). */
export interface VatEvidence {
  readonly kind: 'billing-address' | 'payment-method' | 'buyer-declaration' | 'vat-number';
  /** ISO 3166-1 alpha-2, upper case. */
  readonly country: string;
  /** What the evidence is: the bank link's id, the VAT number… */
  readonly detail: string | null;
}

/** The VIES answer about a VAT number, kept in the purchase's events as the proof of the check. */
export interface ViesAnswer {
  readonly status: 'valid' | 'invalid' | 'unavailable';
  /** The number asked about, with its prefix (`FI20774740`). */
  readonly vatNumber: string;
  /** The registry's own date of the answer; null when it did not answer. */
  readonly requestDate: string | null;
  /** VIES's consultation number (`requestIdentifier`), given when the requester's number is sent. */
  readonly consultationNumber: string | null;
  readonly name: string | null;
  readonly address: string | null;
  /** VIES's error when it did not answer (MS_UNAVAILABLE, TIMEOUT, SERVICE_UNAVAILABLE, …). */
  readonly error: string | null;
  readonly checkedAt: string;
  /** Which registry answered: the European Commission's VIES, or the embedded test registry. */
  readonly registry: 'vies' | 'embedded-test-registry';
}

/** The platform's cross-border sales to EU consumers (net, cents) that decide the OSS threshold. */
export interface CrossBorderSales {
  readonly year: number;
  readonly previousYear: Cents;
  readonly currentYear: Cents;
}

/** The VAT decided for a basket, written into its confirmation and copied into the purchase. */
export interface VatDecision {
  readonly treatment: VatTreatment;
  readonly reason: VatReason;
  /** Where the buyer is, as the evidence says (ISO alpha-2); null only on purchases from before. */
  readonly buyerCountry: string | null;
  /** Whose VAT is charged: EE, the consumer's member state, or null (reverse charge, outside scope). */
  readonly vatCountry: string | null;
  /** The rate charged; 0 when none is. */
  readonly rate: BasisPoints;
  /** The buyer's VAT number as given (normalised), printed on the invoice. */
  readonly buyerVatNumber: string | null;
  readonly evidence: readonly VatEvidence[];
  readonly vies: ViesAnswer | null;
  /** The threshold's figures the decision read (EU consumers in another member state); else null. */
  readonly crossBorderSales:
    (CrossBorderSales & { readonly threshold: Cents; readonly fromFirstSale: boolean }) | null;
  /** The day (Estonian calendar, YYYY-MM-DD) whose rates were applied. */
  readonly day: string | null;
}

/** What the VAT decision is made from; the handler gathers it (VIES, the read model, the gateway). */
export interface VatFacts {
  /** The billing address's country, ISO alpha-2 (checked by the caller). */
  readonly billingCountry: string;
  /** The chosen payment method's country (a bank link's bank); null for cards and free baskets. */
  readonly paymentMethodCountry: string | null;
  readonly paymentMethod: string;
  /** The buyer's answer to "where do you live?" when the evidence asked it; else null. */
  readonly declaredCountry: string | null;
  /** The invoice's VAT number, normalised; null without one. */
  readonly vatNumber: string | null;
  /** VIES's answer for a VAT number of another member state (see needsViesCheck); else null. */
  readonly vies: ViesAnswer | null;
  /** The buyer chose to pay with VAT now while VIES does not answer. */
  readonly chargeVatWhileViesUnavailable: boolean;
  /** Estonia's rate (VAT_RATE_PERCENT). */
  readonly domesticRate: BasisPoints;
  readonly crossBorderSales: CrossBorderSales;
  /** Art. 59c: EUR 10,000 = 1,000,000 cents. */
  readonly ossThreshold: Cents;
  /** Art. 59c (3): the platform opted for the member state of consumption from the first sale. */
  readonly ossFromFirstSale: boolean;
  /** The basket's taxable amount (net, cents). */
  readonly taxableAmount: Cents;
  /** Estonian calendar day of the decision, YYYY-MM-DD. */
  readonly day: string;
}

/** The evidence does not settle the country: the buyer is asked, offered these countries. */
export interface VatQuestion {
  readonly kind: 'contradiction' | 'confirmation';
  readonly options: readonly string[];
}

export type VatAssessment =
  | { readonly state: 'decided'; readonly decision: VatDecision }
  | { readonly state: 'question'; readonly question: VatQuestion }
  | { readonly state: 'vies-unavailable'; readonly vies: ViesAnswer }
  | { readonly state: 'vies-invalid'; readonly vies: ViesAnswer };

/** The Art. 59c threshold: EUR 10,000. */
export const OSS_THRESHOLD: Cents = 1_000_000;

/** A VAT number of another member state: VIES decides whether the sale is reverse-charged. */
export function needsViesCheck(vatNumber: string | null): boolean {
  if (vatNumber === null) return false;
  const country = countryOfVatNumber(vatNumber);
  return isMemberState(country) && country !== SHOP_MEMBER_STATE;
}

/** Reads the evidence of the buyer's country; a question when it contradicts itself or is too thin. */
function buyerCountryOf(
  facts: VatFacts,
): { country: string; evidence: VatEvidence[] } | { question: VatQuestion } {
  const billing: VatEvidence = { kind: 'billing-address', country: facts.billingCountry, detail: null };
  const method = facts.paymentMethodCountry;
  const declared = facts.declaredCountry;
  if (facts.taxableAmount === 0) return { country: billing.country, evidence: [billing] };
  if (method !== null) {
    const paid: VatEvidence = { kind: 'payment-method', country: method, detail: facts.paymentMethod };
    if (method === billing.country) return { country: method, evidence: [billing, paid] };
    const options = [billing.country, method];
    if (declared !== null && options.includes(declared)) {
      return {
        country: declared,
        evidence: [billing, paid, { kind: 'buyer-declaration', country: declared, detail: null }],
      };
    }
    return { question: { kind: 'contradiction', options } };
  }
  // A card (or another method) says nothing of a country before the payment. An Estonian billing
  // address then decides alone: the supplier's own VAT applies to it in any case.
  if (billing.country === SHOP_MEMBER_STATE) return { country: billing.country, evidence: [billing] };
  if (declared === billing.country) {
    return {
      country: declared,
      evidence: [billing, { kind: 'buyer-declaration', country: declared, detail: null }],
    };
  }
  return { question: { kind: 'confirmation', options: [billing.country] } };
}

/**
 * Decides the VAT of a sale from the buyer's evidence, VIES's answer and the OSS threshold. Pure: every
 * fact arrives in `facts`. Answers a question, an outage or an invalid number instead of guessing.
 */
export function assessVat(facts: VatFacts): VatAssessment {
  // Nothing paid, no VAT to place: a free basket asks for no country (checkout-details.ts).
  if (facts.taxableAmount === 0) {
    const billing = facts.billingCountry !== '';
    return {
      state: 'decided',
      decision: {
        treatment: 'outside-scope',
        reason: 'free-of-charge',
        buyerCountry: billing ? facts.billingCountry : null,
        vatCountry: null,
        rate: 0,
        buyerVatNumber: null,
        evidence: billing ? [{ kind: 'billing-address', country: facts.billingCountry, detail: null }] : [],
        vies: null,
        crossBorderSales: null,
        day: facts.day,
      },
    };
  }

  let vies: ViesAnswer | null = null;
  let businessNotConfirmed = false;
  if (needsViesCheck(facts.vatNumber)) {
    vies = facts.vies;
    if (vies === null) throw new Error('A VAT number of another member state needs VIES’s answer');
    if (vies.status === 'invalid') return { state: 'vies-invalid', vies };
    if (vies.status === 'unavailable') {
      if (!facts.chargeVatWhileViesUnavailable) return { state: 'vies-unavailable', vies };
      businessNotConfirmed = true;
    } else {
      const country = countryOfVatNumber(facts.vatNumber!);
      return {
        state: 'decided',
        decision: {
          treatment: 'reverse-charge',
          reason: 'eu-business',
          buyerCountry: country,
          vatCountry: null,
          rate: 0,
          buyerVatNumber: facts.vatNumber,
          evidence: [{ kind: 'vat-number', country, detail: facts.vatNumber }],
          vies,
          crossBorderSales: null,
          day: facts.day,
        },
      };
    }
  }

  const where = buyerCountryOf(facts);
  if ('question' in where) return { state: 'question', question: where.question };
  const base = {
    buyerCountry: where.country,
    buyerVatNumber: facts.vatNumber,
    evidence: where.evidence,
    vies,
    day: facts.day,
  };
  const decided = (decision: Omit<VatDecision, keyof typeof base>): VatAssessment => ({
    state: 'decided',
    decision: { ...decision, ...base },
  });
  const domestic = (reason: VatReason, crossBorderSales: VatDecision['crossBorderSales'] = null) =>
    decided({
      treatment: 'domestic',
      reason,
      vatCountry: SHOP_MEMBER_STATE,
      rate: facts.domesticRate,
      crossBorderSales,
    });

  if (where.country === SHOP_MEMBER_STATE) return domestic('estonian-buyer');
  if (!isMemberState(where.country)) {
    return decided({
      treatment: 'outside-scope',
      reason: 'outside-eu',
      vatCountry: null,
      rate: 0,
      crossBorderSales: null,
    });
  }
  const sales = {
    ...facts.crossBorderSales,
    threshold: facts.ossThreshold,
    fromFirstSale: facts.ossFromFirstSale,
  };
  const destination =
    facts.ossFromFirstSale ||
    sales.previousYear > facts.ossThreshold ||
    sales.currentYear + facts.taxableAmount > facts.ossThreshold;
  if (!destination) {
    return domestic(
      businessNotConfirmed ? 'eu-business-not-confirmed' : 'eu-consumer-below-threshold',
      sales,
    );
  }
  return decided({
    treatment: 'oss',
    reason: businessNotConfirmed ? 'eu-business-not-confirmed' : 'eu-consumer',
    vatCountry: where.country,
    rate: standardVatRate(where.country, facts.day),
    crossBorderSales: sales,
  });
}

/** assessVat, with anything but a decision as the error the buyer sees. */
export function decideVat(facts: VatFacts): VatDecision {
  const assessment = assessVat(facts);
  switch (assessment.state) {
    case 'decided':
      return assessment.decision;
    case 'vies-invalid':
      throw new DomainError('VALIDATION.FORM_HAS_ERRORS', {
        'invoice.vatNumber': [{ key: 'VAT.NUMBER_NOT_IN_VIES' }],
      });
    case 'vies-unavailable':
      throw new DomainError('VAT.VIES_UNAVAILABLE');
    case 'question':
      throw new DomainError('VAT.COUNTRY_QUESTION', {
        countryOfResidence: [
          {
            key:
              assessment.question.kind === 'contradiction'
                ? 'VAT.COUNTRY_CONTRADICTION'
                : 'VAT.COUNTRY_CONFIRMATION',
            params: Object.fromEntries(assessment.question.options.map((c, i) => [String(i), c])),
          },
        ],
      });
  }
}

/** Whether the sale counts toward the OSS threshold: an EU consumer (or unconfirmed business) elsewhere in the EU. */
export function countsTowardOssThreshold(decision: VatDecision): boolean {
  return (
    (decision.treatment === 'oss' || decision.treatment === 'domestic') &&
    decision.buyerCountry !== null &&
    decision.buyerCountry !== SHOP_MEMBER_STATE &&
    isMemberState(decision.buyerCountry)
  );
}
