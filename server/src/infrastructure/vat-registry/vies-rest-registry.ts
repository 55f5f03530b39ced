import type { ViesAnswer } from '../../domain/vat/vat-decision';
import type { VatRegistry, VatRegistryRequester } from './vat-registry.port';

/** VIES's errors that mean "not answered now" (its check-vat-test-service lists them 300–601). */
const INVALID_INPUT = new Set(['INVALID_INPUT']);

/** The JSON VIES's `check-vat-number` answers (the REST API's CheckVatResponse). */
interface CheckVatResponse {
  readonly countryCode?: string;
  readonly vatNumber?: string;
  readonly requestDate?: string;
  readonly valid?: boolean;
  readonly isValid?: boolean;
  readonly requestIdentifier?: string;
  readonly name?: string;
  readonly address?: string;
  readonly userError?: string;
  readonly actionSucceed?: boolean;
  readonly errorWrappers?: readonly { readonly error?: string; readonly message?: string }[];
}

/** VIES writes "---" where a member state does not disclose a name or address. */
const disclosed = (value: string | undefined): string | null =>
  value === undefined || value.trim() === '' || /^-+$/.test(value.trim()) ? null : value.trim();

/**
 * The European Commission's VIES over its REST API: `POST {base}/check-vat-number` with the number and
 * the requester's (the shop's) number, answered with `valid` and a `requestIdentifier`, the consultation
 * number an auditor can check. Anything else (an error wrapper such as MS_UNAVAILABLE, TIMEOUT or
 * MS_MAX_CONCURRENT_REQ, a network failure, a slow answer) is `unavailable`, with the reason kept.
 */
export class ViesRestRegistry implements VatRegistry {
  readonly registry = 'vies' as const;

  constructor(
    private readonly options: {
      readonly baseUrl: string;
      readonly timeoutMs: number;
      /** `check-vat-number`; the Commission's `check-vat-test-service` speaks the same. */
      readonly path?: string;
    },
  ) {}

  async check(vatNumber: string, requester: VatRegistryRequester, now: Date): Promise<ViesAnswer> {
    const countryCode = vatNumber.slice(0, 2);
    const answer = (fields: Partial<ViesAnswer> & Pick<ViesAnswer, 'status'>): ViesAnswer => ({
      vatNumber,
      requestDate: null,
      consultationNumber: null,
      name: null,
      address: null,
      error: null,
      checkedAt: now.toISOString(),
      registry: this.registry,
      ...fields,
    });
    let response: Response;
    try {
      response = await fetch(`${this.options.baseUrl}/${this.options.path ?? 'check-vat-number'}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          countryCode,
          vatNumber: vatNumber.slice(2),
          requesterMemberStateCode: requester.vatNumber.slice(0, 2),
          requesterNumber: requester.vatNumber.slice(2),
        }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      // fetch rejects a timed-out request with a DOMException, not an Error in every realm: read its name.
      const name = (error as { name?: unknown } | null)?.name;
      const timedOut = name === 'TimeoutError' || name === 'AbortError';
      return answer({ status: 'unavailable', error: timedOut ? 'TIMEOUT' : 'NETWORK_ERROR' });
    }
    let body: CheckVatResponse;
    try {
      body = (await response.json()) as CheckVatResponse;
    } catch {
      return answer({ status: 'unavailable', error: `HTTP_${response.status}` });
    }
    const wrapped = body.errorWrappers?.[0]?.error;
    if (body.actionSucceed === false || wrapped !== undefined) {
      const error = wrapped ?? `HTTP_${response.status}`;
      return answer({ status: INVALID_INPUT.has(error) ? 'invalid' : 'unavailable', error });
    }
    const valid = body.valid ?? body.isValid;
    const userError = body.userError;
    if (!response.ok || typeof valid !== 'boolean') {
      return answer({ status: 'unavailable', error: userError ?? `HTTP_${response.status}` });
    }
    if (!valid && userError !== undefined && userError !== 'VALID' && userError !== 'INVALID') {
      return answer({ status: INVALID_INPUT.has(userError) ? 'invalid' : 'unavailable', error: userError });
    }
    return answer({
      status: valid ? 'valid' : 'invalid',
      requestDate: body.requestDate ?? null,
      consultationNumber: disclosed(body.requestIdentifier),
      name: disclosed(body.name),
      address: disclosed(body.address),
    });
  }
}
