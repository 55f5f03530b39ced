import {
  EmbeddedTestRegistry,
  EMBEDDED_INVALID_VAT_NUMBERS,
  EMBEDDED_UNAVAILABLE_VAT_NUMBERS,
} from './embedded-test-registry';
import { startViesProtocolServer } from './testing/vies-protocol-server';
import { vatRegistryContract } from './vat-registry.contract';
import { ViesRestRegistry } from './vies-rest-registry';

const NUMBERS = {
  valid: 'FI20774740',
  invalid: EMBEDDED_INVALID_VAT_NUMBERS[0]!,
  unavailable: EMBEDDED_UNAVAILABLE_VAT_NUMBERS[0]!,
};

vatRegistryContract('embedded test registry', () => new EmbeddedTestRegistry(), NUMBERS);

describe('the VIES REST adapter over the VIES protocol (a local server speaking it)', () => {
  let server: Awaited<ReturnType<typeof startViesProtocolServer>>;
  beforeAll(async () => {
    server = await startViesProtocolServer();
  });
  afterAll(() => server.close());

  vatRegistryContract(
    'VIES REST adapter',
    () => new ViesRestRegistry({ baseUrl: server.url, timeoutMs: 5000 }),
    NUMBERS,
  );

  it('sends the number without its prefix and the shop’s own number as the requester', async () => {
    await new ViesRestRegistry({ baseUrl: server.url, timeoutMs: 5000 }).check(
      'DE136695976',
      { vatNumber: 'EE102345678' },
      new Date(),
    );
    expect(server.requests.at(-1)).toEqual({
      countryCode: 'DE',
      vatNumber: '136695976',
      requesterMemberStateCode: 'EE',
      requesterNumber: '102345678',
    });
  });

  it('reads a wrong check digit as invalid and keeps "---" names undisclosed', async () => {
    const answer = await new ViesRestRegistry({ baseUrl: server.url, timeoutMs: 5000 }).check(
      'FI20774741',
      { vatNumber: 'EE102345678' },
      new Date(),
    );
    expect(answer).toMatchObject({ status: 'invalid', name: null, address: null });
  });
});

describe('the VIES REST adapter when VIES does not answer', () => {
  it('counts a slow answer as unavailable (TIMEOUT)', async () => {
    const slow = await startViesProtocolServer({ slowMs: 1500 });
    try {
      const answer = await new ViesRestRegistry({ baseUrl: slow.url, timeoutMs: 200 }).check(
        'FI20774740',
        { vatNumber: 'EE102345678' },
        new Date(),
      );
      expect(answer).toMatchObject({ status: 'unavailable', error: 'TIMEOUT' });
    } finally {
      await slow.close();
    }
  });

  it('counts a refused connection as unavailable (NETWORK_ERROR)', async () => {
    const gone = await startViesProtocolServer();
    const url = gone.url;
    await gone.close();
    const answer = await new ViesRestRegistry({ baseUrl: url, timeoutMs: 2000 }).check(
      'FI20774740',
      { vatNumber: 'EE102345678' },
      new Date(),
    );
    expect(answer).toMatchObject({ status: 'unavailable', error: 'NETWORK_ERROR' });
  });
});

/**
 * The European Commission's own test service (`check-vat-test-service`: 100 valid, 200 invalid, 301
 * MS_UNAVAILABLE), only when VIES_TEST_SERVICE_URL is set, since it needs the internet:
 * VIES_TEST_SERVICE_URL=https://ec.europa.eu/taxation_customs/vies/rest-api npm run test:contracts
 */
const testService = process.env['VIES_TEST_SERVICE_URL'];
(testService ? describe : describe.skip)(
  'the VIES REST adapter against the Commission’s test service',
  () => {
    const registry = () =>
      new ViesRestRegistry({
        baseUrl: (testService ?? '').replace(/\/+$/, ''),
        timeoutMs: 20_000,
        path: 'check-vat-test-service',
      });
    it.each([
      ['DE100', 'valid'],
      ['DE200', 'invalid'],
      ['DE301', 'unavailable'],
    ])('%s is %s', async (number, status) => {
      expect((await registry().check(number, { vatNumber: 'EE102345678' }, new Date())).status).toBe(status);
    });
  },
);
