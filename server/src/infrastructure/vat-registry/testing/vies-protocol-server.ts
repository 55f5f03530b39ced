import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EmbeddedTestRegistry } from '../embedded-test-registry';

/**
 * A server on 127.0.0.1 that speaks VIES's REST protocol (`POST /check-vat-number`, the JSON of the
 * Commission's API, error wrappers for an outage) with the embedded registry's answers, so the REST
 * adapter's own code runs in the contract suite. `slowMs` delays every answer (timeouts);
 * `requests` records what the adapter sent.
 */
export async function startViesProtocolServer(options: { slowMs?: number } = {}): Promise<{
  url: string;
  requests: Record<string, unknown>[];
  close(): Promise<void>;
}> {
  const registry = new EmbeddedTestRegistry();
  const requests: Record<string, unknown>[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        if (options.slowMs) await new Promise((resolve) => setTimeout(resolve, options.slowMs));
        const send = (status: number, body: unknown) => {
          response.writeHead(status, { 'content-type': 'application/json' });
          response.end(JSON.stringify(body));
        };
        if (request.method !== 'POST' || request.url !== '/check-vat-number') return send(404, {});
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        } catch {
          return send(400, { actionSucceed: false, errorWrappers: [{ error: 'INVALID_INPUT' }] });
        }
        requests.push(body);
        const { countryCode, vatNumber } = body as { countryCode?: string; vatNumber?: string };
        if (
          typeof countryCode !== 'string' ||
          typeof vatNumber !== 'string' ||
          !/^[A-Z]{2}$/.test(countryCode)
        ) {
          return send(400, { actionSucceed: false, errorWrappers: [{ error: 'INVALID_INPUT' }] });
        }
        const answer = await registry.check(
          `${countryCode}${vatNumber}`,
          { vatNumber: `${String(body.requesterMemberStateCode)}${String(body.requesterNumber)}` },
          new Date(),
        );
        if (answer.status === 'unavailable') {
          return send(500, {
            actionSucceed: false,
            errorWrappers: [{ error: answer.error, message: 'The member state service is unavailable' }],
          });
        }
        return send(200, {
          countryCode,
          vatNumber,
          requestDate: answer.requestDate,
          valid: answer.status === 'valid',
          requestIdentifier: answer.consultationNumber ?? '',
          name: '---',
          address: '---',
        });
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
