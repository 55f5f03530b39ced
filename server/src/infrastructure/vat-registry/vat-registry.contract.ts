import type { VatRegistry } from './vat-registry.port';

const REQUESTER = { vatNumber: 'EE102345678' };
const NOW = new Date('2026-11-26T10:00:00.000Z');

/**
 * What every VAT number registry must do (the VIES port): a registered number is valid with a
 * consultation number, an unknown one invalid, an outage `unavailable` with its reason, never a throw.
 */
export function vatRegistryContract(
  name: string,
  registry: () => VatRegistry,
  numbers: { readonly valid: string; readonly invalid: string; readonly unavailable: string },
): void {
  describe(`VatRegistry contract: ${name}`, () => {
    it('answers a registered number as valid, with the consultation number that proves the check', async () => {
      const answer = await registry().check(numbers.valid, REQUESTER, NOW);
      expect(answer).toMatchObject({ status: 'valid', vatNumber: numbers.valid, error: null });
      expect(answer.consultationNumber).toEqual(expect.any(String));
      expect(answer.consultationNumber!.length).toBeGreaterThan(4);
      expect(answer.checkedAt).toBe(NOW.toISOString());
    });

    it('answers an unknown number as invalid, without a consultation number', async () => {
      const answer = await registry().check(numbers.invalid, REQUESTER, NOW);
      expect(answer).toMatchObject({ status: 'invalid', vatNumber: numbers.invalid });
    });

    it('answers an outage as unavailable with the reason, and does not throw', async () => {
      const answer = await registry().check(numbers.unavailable, REQUESTER, NOW);
      expect(answer).toMatchObject({ status: 'unavailable', consultationNumber: null });
      expect(answer.error).toEqual(expect.any(String));
    });
  });
}
