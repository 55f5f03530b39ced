import { type Server, createServer } from 'node:http';
import type { GatewayMessage } from '../payment-gateway.port';

/** What the gateway sent the browser back with: the form's target and its signed fields. */
export interface ReturnedMessage extends GatewayMessage {
  readonly action: string;
}

const decodeHtml = (text: string): string =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function field(html: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  if (!match) throw new Error(`The gateway's page has no ${name} field:\n${html}`);
  return decodeHtml(match[1]!);
}

/**
 * Plays the tester at the embedded test gateway over HTTP, as a browser without scripts would: opens the
 * method's payment page, presses success, failure or cancel, and reads the signed message the gateway
 * hands back for the shop (the return form's action, `json` and `mac`).
 */
export async function payAtEmbeddedGateway(
  paymentUrl: string,
  outcome: 'success' | 'failure' | 'cancel',
): Promise<ReturnedMessage> {
  const page = await fetch(paymentUrl);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`The payment page answered ${page.status}:\n${html}`);
  const form = /<form method="post" action="([^"]+)"/.exec(html);
  if (!form) throw new Error(`The payment page has no form:\n${html}`);
  const action = new URL(decodeHtml(form[1]!), paymentUrl).toString();
  const answer = await fetch(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ method: field(html, 'method'), outcome }).toString(),
  });
  const returned = await answer.text();
  if (answer.status !== 200) throw new Error(`Paying answered ${answer.status}:\n${returned}`);
  const target = /<form id="return-form" method="post" action="([^"]+)"/.exec(returned);
  if (!target) throw new Error(`The gateway did not send the buyer back:\n${returned}`);
  return { action: decodeHtml(target[1]!), json: field(returned, 'json'), mac: field(returned, 'mac') };
}

/**
 * Plays the payer in the test gateway's in-page card form over HTTP, as the dialog checkout.js frames: opens
 * the card dialog of the transaction with the shop's publishable key, presses success, failure or cancel,
 * and reads what the dialog hands the shop's page (the signed token_return message; null when it was
 * closed).
 */
export async function payInEmbeddedCardForm(
  gatewayBaseUrl: string,
  transactionId: string,
  publishableKey: string,
  outcome: 'success' | 'failure' | 'cancel',
): Promise<GatewayMessage | null> {
  const base = gatewayBaseUrl.replace(/\/+$/, '');
  const dialogUrl = `${base}/checkout/card/${encodeURIComponent(transactionId)}?key=${encodeURIComponent(publishableKey)}&lang=et`;
  const page = await fetch(dialogUrl);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`The card dialog answered ${page.status}:\n${html}`);
  const form = /<form method="post" action="([^"]+)"/.exec(html);
  if (!form) throw new Error(`The card dialog has no form:\n${html}`);
  const answer = await fetch(new URL(decodeHtml(form[1]!), dialogUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome }).toString(),
  });
  const result = await answer.text();
  if (answer.status !== 200) throw new Error(`Paying by card answered ${answer.status}:\n${result}`);
  const attribute = (name: string): string => {
    const match = new RegExp(`data-${name}="([^"]*)"`).exec(result);
    if (!match) throw new Error(`The card dialog's result has no ${name}:\n${result}`);
    return decodeHtml(match[1]!);
  };
  return attribute('type') === 'completed' ? { json: attribute('json'), mac: attribute('mac') } : null;
}

/** A shop's notification endpoint for tests: records every form-encoded `json` + `mac` it receives. */
export interface NotificationReceiver {
  readonly url: string;
  readonly received: readonly GatewayMessage[];
  /** Resolves with the first message whose json contains `text` (rejects after `timeoutMs`). */
  waitFor(text: string, timeoutMs?: number): Promise<GatewayMessage>;
  close(): Promise<void>;
}

export async function startNotificationReceiver(): Promise<NotificationReceiver> {
  const received: GatewayMessage[] = [];
  const waiters: { text: string; resolve: (m: GatewayMessage) => void }[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const params = new URLSearchParams(body);
      const message = { json: params.get('json') ?? '', mac: params.get('mac') ?? '' };
      received.push(message);
      for (const waiter of [...waiters]) {
        if (message.json.includes(waiter.text)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(message);
        }
      }
      response.writeHead(200).end('OK');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/notification`;
  return {
    url,
    received,
    waitFor(text, timeoutMs = 10_000) {
      const already = received.find((m) => m.json.includes(text));
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`No notification about ${text}`)), timeoutMs);
        waiters.push({
          text,
          resolve: (message) => {
            clearTimeout(timer);
            resolve(message);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
