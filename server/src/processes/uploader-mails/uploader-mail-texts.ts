import type { MailMessage } from '../../infrastructure/mail/mail.port';

export type MailLanguage = 'et' | 'en';

/** The shop's addresses the mails link to (the client's route table: signed-in area, English under /en). */
const PATHS = {
  sales: { et: '/admin/user/sales', en: '/en/admin/user/sales' },
  payouts: { et: '/admin/user/payouts', en: '/en/admin/user/payouts' },
  upload: { et: '/admin/user/upload/', en: '/en/admin/user/upload/' },
  settings: { et: '/admin/user/edit#mail-settings', en: '/en/admin/user/edit#mail-settings' },
} as const;

export function money(cents: number, language: MailLanguage): string {
  return new Intl.NumberFormat(language === 'et' ? 'et-EE' : 'en-GB', {
    style: 'currency',
    currency: 'EUR',
  }).format(cents / 100);
}

/** DD.MM.YYYY of a YYYY-MM-DD day. */
const day = (iso: string): string => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

export const TEXTS = {
  et: {
    greeting: (name: string) => (name ? `Tere, ${name}!` : 'Tere!'),
    saleSubject: (title: string) => `Teie dokument osteti: ${title}`,
    saleSubjectMany: (count: number) => `Teie dokumente osteti (${count})`,
    sale: 'Teie dokumendi ostis just keegi Lepinguturul:',
    saleLine: (title: string, price: string, earned: string) =>
      `- ${title}: hind ${price}, teie tulu ${earned} (litsentsitasu pärast 20 % teenustasu)`,
    saleHeld: 'Tulu muutub väljamakseks kättesaadavaks 14 päeva pärast makset.',
    salesLink: 'Minu müügid',
    paidSubject: 'Teie väljamakse on tehtud',
    paid: (net: string, date: string, iban: string) =>
      `Pank tegi teie väljamakse ${net} kontole ${iban} kuupäevaga ${date}. Raha jõuab kontole tavaliselt samal või järgmisel pangapäeval.`,
    rejectedSubject: 'Teie väljamakset ei tehtud',
    rejected: (amount: string) =>
      `Teie väljamakset summas ${amount} ei tehtud. Summa on tagasi teie saadaoleval saldol ja võite küsida uue väljamakse.`,
    reason: (reason: string) => `Põhjus: ${reason}`,
    payoutsLink: 'Minu väljamaksed',
    failedSubject: (file: string) => `Faili ei õnnestunud töödelda: ${file}`,
    failed: (file: string, title: string) =>
      `Dokumendi „${title}“ faili „${file}“ töötlemine lõppes veaga. Kustutage fail ja proovige uuesti või võtke ühendust klienditoega.`,
    failedReason: (reason: string) => `Tehniline põhjus: ${reason}`,
    documentLink: 'Dokumendi muutmine',
    settings: 'Milliseid kirju saate, valite ise (Minu andmed → E-kirjad mulle)',
    signature: 'Lepinguturg',
  },
  en: {
    greeting: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    saleSubject: (title: string) => `Your document was bought: ${title}`,
    saleSubjectMany: (count: number) => `Your documents were bought (${count})`,
    sale: 'Somebody has just bought your document at Lepinguturg:',
    saleLine: (title: string, price: string, earned: string) =>
      `- ${title}: price ${price}, you earn ${earned} (the licence fee after the 20 % service fee)`,
    saleHeld: 'The earnings become available for payout 14 days after the payment.',
    salesLink: 'My sales',
    paidSubject: 'Your payout has been paid',
    paid: (net: string, date: string, iban: string) =>
      `The bank paid your payout of ${net} to ${iban} on ${date}. It usually reaches the account the same or the next banking day.`,
    rejectedSubject: 'Your payout was not paid',
    rejected: (amount: string) =>
      `Your payout of ${amount} was not paid. The amount is back in your available balance, and you can ask for a new payout.`,
    reason: (reason: string) => `Reason: ${reason}`,
    payoutsLink: 'My payouts',
    failedSubject: (file: string) => `A file could not be processed: ${file}`,
    failed: (file: string, title: string) =>
      `Processing the file “${file}” of “${title}” ended with an error. Delete the file and try again or contact customer support.`,
    failedReason: (reason: string) => `Technical reason: ${reason}`,
    documentLink: 'Edit the document',
    settings: 'Choose which mails you get (My data → E-mails to me)',
    signature: 'Lepinguturg',
  },
} as const;

export interface Recipient {
  readonly email: string;
  readonly name: string;
  readonly language: MailLanguage;
}

function compose(
  to: Recipient,
  subject: string,
  paragraphs: readonly string[],
  link: { label: string; url: string },
  publicUrl: string,
): MailMessage {
  const t = TEXTS[to.language];
  const text = [
    t.greeting(to.name),
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    `${link.label}: ${link.url}`,
    '',
    `${t.settings}: ${publicUrl}${PATHS.settings[to.language]}`,
    '',
    t.signature,
  ].join('\n');
  return { to: to.email, subject, text };
}

export interface SoldLine {
  readonly title: string;
  readonly price: number;
  readonly earned: number;
}

/** A sale: the uploader's documents in one purchase, each with its price and what they earn. */
export function saleMail(to: Recipient, lines: readonly SoldLine[], publicUrl: string): MailMessage {
  const t = TEXTS[to.language];
  const subject = lines.length === 1 ? t.saleSubject(lines[0]!.title) : t.saleSubjectMany(lines.length);
  const list = lines
    .map((line) => t.saleLine(line.title, money(line.price, to.language), money(line.earned, to.language)))
    .join('\n');
  return compose(
    to,
    subject,
    [t.sale, list, t.saleHeld],
    { label: t.salesLink, url: `${publicUrl}${PATHS.sales[to.language]}` },
    publicUrl,
  );
}

export function payoutPaidMail(
  to: Recipient,
  payout: { netAmount: number; executionDate: string; iban: string },
  publicUrl: string,
): MailMessage {
  const t = TEXTS[to.language];
  return compose(
    to,
    t.paidSubject,
    [t.paid(money(payout.netAmount, to.language), day(payout.executionDate), payout.iban)],
    { label: t.payoutsLink, url: `${publicUrl}${PATHS.payouts[to.language]}` },
    publicUrl,
  );
}

export function payoutRejectedMail(
  to: Recipient,
  payout: { amount: number; reason: string },
  publicUrl: string,
): MailMessage {
  const t = TEXTS[to.language];
  return compose(
    to,
    t.rejectedSubject,
    [t.rejected(money(payout.amount, to.language)), t.reason(payout.reason)],
    { label: t.payoutsLink, url: `${publicUrl}${PATHS.payouts[to.language]}` },
    publicUrl,
  );
}

export function fileFailedMail(
  to: Recipient,
  file: { documentId: string; documentTitle: string; fileTitle: string; reason: string },
  publicUrl: string,
): MailMessage {
  const t = TEXTS[to.language];
  return compose(
    to,
    t.failedSubject(file.fileTitle),
    [t.failed(file.fileTitle, file.documentTitle), t.failedReason(file.reason)],
    { label: t.documentLink, url: `${publicUrl}${PATHS.upload[to.language]}${file.documentId}` },
    publicUrl,
  );
}
