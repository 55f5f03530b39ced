import { type IncomingMessage, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MessenteSmsSender } from './messente-sms-sender';
import { SmsNotSentError } from './sms.port';

interface Received {
  readonly method: string;
  readonly url: string;
  readonly authorization: string | undefined;
  readonly contentType: string | undefined;
  readonly body: unknown;
}

/** A stand-in for Messente's API on 127.0.0.1 that records requests and answers as told. */
async function fakeMessente(status: number): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') as unknown,
      });
      res.statusCode = status;
      res.setHeader('content-type', 'application/json');
      res.end(
        status === 201
          ? JSON.stringify({
              messages: [{ channel: 'sms', message_id: 'm1', sender: 'Lepinguturg' }],
              to: '+37251234567',
              omnimessage_id: 'o1',
            })
          : JSON.stringify({ errors: [{ title: 'Invalid data', detail: 'Sender not approved' }] }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, received, server };
}

describe('MessenteSmsSender (Omnichannel API)', () => {
  it('posts the message to /omnimessage with HTTP Basic credentials, as Messente documents it', async () => {
    const fake = await fakeMessente(201);
    try {
      await new MessenteSmsSender({
        apiUrl: fake.url,
        username: 'api-user',
        password: 'api-pass',
        sender: 'Lepinguturg',
      }).send({
        to: '+37251234567',
        text: 'Lepinguturg code: 123456.',
      });
      expect(fake.received).toEqual([
        {
          method: 'POST',
          url: '/v1/omnimessage',
          authorization: `Basic ${Buffer.from('api-user:api-pass').toString('base64')}`,
          contentType: 'application/json',
          body: {
            to: '+37251234567',
            messages: [{ channel: 'sms', sender: 'Lepinguturg', text: 'Lepinguturg code: 123456.' }],
          },
        },
      ]);
    } finally {
      fake.server.close();
    }
  });

  it('says why when Messente refuses, without the credentials', async () => {
    const fake = await fakeMessente(400);
    try {
      const sending = new MessenteSmsSender({
        apiUrl: fake.url,
        username: 'api-user',
        password: 'api-pass',
        sender: 'X',
      }).send({
        to: '+37251234567',
        text: 'x',
      });
      await expect(sending).rejects.toThrow(SmsNotSentError);
      await expect(sending).rejects.toThrow(/Messente answered 400: .*Sender not approved/);
      await expect(sending).rejects.not.toThrow(/api-pass/);
    } finally {
      fake.server.close();
    }
  });
});
