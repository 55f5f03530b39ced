import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { OutboxMailer, OutboxMessage } from '../../mail/outbox-mailer';
import { SHOP_ICON_DATA_URL } from '../../shop-icon';
import { escapeHtml } from './identity-pages';

function mailboxHtml(messages: readonly OutboxMessage[], to: string, assets: string): string {
  const rows = messages
    .map(
      (m) => `<article class="mail">
<h2>${escapeHtml(m.channel === 'sms' ? `SMS → ${m.to}` : m.subject)}</h2>
<p class="meta">${escapeHtml(m.to)} · <time datetime="${escapeHtml(m.sentAt)}">${escapeHtml(m.sentAt)}</time></p>
<pre>${escapeHtml(m.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Dev mailbox – Lepinguturg</title>
<link rel="icon" href="${escapeHtml(SHOP_ICON_DATA_URL)}">
<link rel="stylesheet" href="${escapeHtml(`${assets}/hosted-pages.css`)}"></head>
<body><main class="wide"><h1>Dev mailbox</h1>
<p>Mail of the embedded profile is not sent; it is kept here, newest first.</p>
<form method="get"><label for="to">Recipient</label> <input id="to" name="to" type="email" value="${escapeHtml(to)}"> <button type="submit">Filter</button></form>
${messages.length === 0 ? '<p>No messages.</p>' : rows}
</main></body></html>`;
}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'x-forwarded-host'] as const;

/**
 * Whether a request comes from this machine itself: its connection is from a loopback address and it
 * does not carry a proxy's forwarding headers (a reverse proxy on the same machine connects from
 * loopback too, on behalf of anybody).
 */
export function isLoopbackRequest(request: {
  readonly socket: { readonly remoteAddress?: string };
  readonly headers: Readonly<Record<string, unknown>>;
}): boolean {
  return (
    LOOPBACK.test(request.socket.remoteAddress ?? '') &&
    FORWARDING_HEADERS.every((name) => request.headers[name] === undefined)
  );
}

/**
 * Embedded profile only: `GET /dev/mailbox` (HTML) and `GET /api/dev/mailbox?to=` (JSON, newest first)
 * show what the outbox holds: sign-up and reset codes too, so only to a browser on this machine
 * (isLoopbackRequest); anybody else gets the same 404 as for a path that does not exist. Registered on
 * Fastify directly, outside Nest's guarded controllers.
 */
export function registerDevMailbox(app: NestFastifyApplication, outbox: OutboxMailer, assets: string): void {
  const fastify = app.getHttpAdapter().getInstance();
  const onlyFromThisMachine = {
    onRequest: (
      request: { readonly raw: Parameters<typeof isLoopbackRequest>[0] },
      reply: { callNotFound(): void },
      done: () => void,
    ) => (isLoopbackRequest(request.raw) ? done() : reply.callNotFound()),
  };
  const recipient = (query: unknown): string => {
    const to = (query as { to?: unknown } | undefined)?.to;
    return typeof to === 'string' ? to : '';
  };
  fastify.get('/dev/mailbox', onlyFromThisMachine, async (request, reply) => {
    const to = recipient(request.query);
    const messages = await outbox.list(to || undefined);
    return reply
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(mailboxHtml(messages, to, assets));
  });
  fastify.get('/api/dev/mailbox', onlyFromThisMachine, async (request, reply) => {
    const to = recipient(request.query);
    return reply.header('Cache-Control', 'no-store').send(await outbox.list(to || undefined));
  });
}
