import { createHash } from 'node:crypto';
import { checkVAT, countries } from 'jsvat-next';
import type { ViesAnswer } from '../../domain/vat/vat-decision';
import type { VatRegistry, VatRegistryRequester } from './vat-registry.port';

/**
 * Numbers whose check digits are right but which the embedded registry does not know, as if they were
 * never registered or were deregistered (docs/api.md, "VIES on the embedded profile").
 */
export const EMBEDDED_INVALID_VAT_NUMBERS: readonly string[] = [
  'FI12345671',
  'DE111111125',
  'SE556000000101',
];

/** Numbers for which the embedded registry answers as VIES does when a member state's service is down. */
export const EMBEDDED_UNAVAILABLE_VAT_NUMBERS: readonly string[] = ['FI99999992', 'DE999999995'];

/**
 * The embedded profile's VAT number registry: a number is registered when its country's check digits
 * are right (the jsvat-next package, which implements each member state's algorithm), except the listed
 * invalid numbers; the listed unavailable numbers act out an outage (MS_UNAVAILABLE). Its consultation
 * numbers say they are the test registry's, so they are never mistaken for VIES's.
 */
export class EmbeddedTestRegistry implements VatRegistry {
  readonly registry = 'embedded-test-registry' as const;

  check(vatNumber: string, requester: VatRegistryRequester, now: Date): Promise<ViesAnswer> {
    const base = {
      vatNumber,
      checkedAt: now.toISOString(),
      registry: this.registry,
      name: null,
      address: null,
    };
    if (EMBEDDED_UNAVAILABLE_VAT_NUMBERS.includes(vatNumber)) {
      return Promise.resolve({
        ...base,
        status: 'unavailable',
        requestDate: null,
        consultationNumber: null,
        error: 'MS_UNAVAILABLE',
      });
    }
    const valid = checkVAT(vatNumber, countries).isValid && !EMBEDDED_INVALID_VAT_NUMBERS.includes(vatNumber);
    const digest = createHash('sha256')
      .update(`${requester.vatNumber}/${vatNumber}/${now.toISOString()}`)
      .digest('hex')
      .slice(0, 12)
      .toUpperCase();
    return Promise.resolve({
      ...base,
      status: valid ? 'valid' : 'invalid',
      requestDate: now.toISOString(),
      consultationNumber: valid ? `TEST-${digest}` : null,
      error: null,
    });
  }
}
