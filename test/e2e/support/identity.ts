import type { Page } from 'playwright-core';
import { totpCode } from '../../../server/src/infrastructure/identity/embedded/totp';
import { eventually, expectText, normalizeSpaces } from './journey';

/** README "Signing in": the demo accounts of the embedded profile (names from the seeded profiles). */
export interface DemoAccount {
  email: string;
  password: string;
  fullName: string;
}

export const DEMO = {
  admin: { email: 'admin@lepinguturg.ee', password: 'Admin#Leping2026', fullName: 'Triin Administraator' },
  uploader: { email: 'kadri.tamm@example.ee', password: 'Leping#2026', fullName: 'Kadri Tamm' },
  buyer: { email: 'ostja@example.ee', password: 'Ostja#2026', fullName: 'Peeter Ostja' },
} as const satisfies Record<string, DemoAccount>;

/** The hosted pages live under /oidc/interaction/<uid>; a form answered with errors stays on its action URL. */
export const HOSTED_PATH = /^\/oidc\/interaction\/[\w-]+(\/[\w/-]+)?$/;

/** Waits until the browser is on a hosted sign-in page whose heading is `title`. */
export async function expectHostedPage(page: Page, title: string, timeoutMs = 15_000): Promise<void> {
  await eventually(() => expect(new URL(page.url()).pathname).toMatch(HOSTED_PATH), { timeoutMs });
  await expectText(page.locator('main h1'), title, timeoutMs);
}

/** The hosted page's alert box (wrong password, attempt limit, notices), white space normalized. */
export async function hostedAlert(page: Page): Promise<string> {
  return normalizeSpaces(await page.locator('.card .alert span').innerText());
}

/** The field errors the server rendered under one input of a hosted page. */
export async function hostedFieldErrors(page: Page, field: string): Promise<string[]> {
  const texts = await page.locator(`#${field}-error .field-error`).allInnerTexts();
  return texts.map((text) => normalizeSpaces(text));
}

/** Fills e-mail and password on the hosted sign-in page and submits. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('form[action$="/login"] button[type=submit]').click();
}

/** Submits a code (e-mail code, TOTP) on the hosted page that asks for one. */
export async function submitCode(page: Page, code: string): Promise<void> {
  await page.locator('#confirmation_code').fill(code);
  await page.locator('#confirmation_code').press('Enter');
}

interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

/** The newest mail to `to` with this subject, read from GET /api/dev/mailbox (newest first). */
export async function newestMail(
  baseUrl: string,
  to: string,
  subject: string,
  { timeoutMs = 10_000, notId }: { timeoutMs?: number; notId?: string } = {},
): Promise<MailboxMessage & { id: string }> {
  return eventually(
    async () => {
      const response = await fetch(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
      expect(response.status).toBe(200);
      const messages = (await response.json()) as (MailboxMessage & { id: string })[];
      const found = messages.find((message) => message.subject === subject);
      expect(found).toBeDefined();
      if (notId !== undefined) expect(found?.id).not.toBe(notId);
      return found as MailboxMessage & { id: string };
    },
    { timeoutMs },
  );
}

/** The 6-digit code in a mail's text. */
export function codeInMail(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match?.[1]) throw new Error(`No 6-digit code in the mail: ${text}`);
  return match[1];
}

/** The authenticator app's code for `secret` at `time`. */
export function totpCodeAt(secret: string, time: Date): string {
  return totpCode(secret, time);
}

/**
 * A code the server takes after the one used at `usedAt`: codes are taken once, so the next time step's
 * code while that step has not come yet (it is within the server's one-step drift window), else now's.
 */
export function totpCodeAfter(secret: string, usedAt: Date): string {
  return totpCode(secret, new Date(Math.max(Date.now(), usedAt.getTime() + 30_000)));
}

/** A 6-digit code that is none of the codes the server accepts now (the current step ±1, and a margin). */
export function wrongTotp(secret: string): string {
  const now = Date.now();
  const accepted = new Set(
    [-2, -1, 0, 1, 2].map((steps) => totpCode(secret, new Date(now + steps * 30_000))),
  );
  for (let candidate = 0; ; candidate += 111_111) {
    const code = String(candidate % 1_000_000).padStart(6, '0');
    if (!accepted.has(code)) return code;
  }
}
