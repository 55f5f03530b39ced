/** The FeeRates in force (from configuration); injected where a fee split is decided. */
export const FEE_RATES = Symbol('FeeRates');
