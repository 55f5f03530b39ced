import type { ViesAnswer } from '../../domain/vat/vat-decision';

export const VAT_REGISTRY = Symbol('VatRegistry');

/** Who asks: the shop's own VAT number, so VIES answers with a consultation number (the proof of the check). */
export interface VatRegistryRequester {
  /** e.g. `EE102345678`. */
  readonly vatNumber: string;
}

/**
 * The VIES port: asks whether a VAT number is registered in its member state. The production adapter
 * speaks the European Commission's VIES REST service; the embedded profile's test registry answers from
 * the number's check digits (docs/api.md lists its invalid and "unavailable" numbers). An adapter never
 * throws for an unanswered question: it answers `unavailable` with the reason, and the buyer sees it.
 */
export interface VatRegistry {
  readonly registry: ViesAnswer['registry'];
  check(vatNumber: string, requester: VatRegistryRequester, now: Date): Promise<ViesAnswer>;
}
