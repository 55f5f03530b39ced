import { Document as SepaDocument } from 'sepa';
import type { PayoutBatchFormat, PlannedBatch } from './payout-batches.decider';
import { sepaText } from './sepa-name';

/** The ISO 20022 customer credit transfer messages the export writes (.09 by default, .03 for older banks). */
export const SEPA_FORMATS = [
  'pain.001.001.09',
  'pain.001.001.03',
] as const satisfies readonly PayoutBatchFormat[];
export type SepaFormat = PayoutBatchFormat;

/** The platform's own account, which the transfers are paid from, and its postal address. */
export interface SepaDebtorAccount {
  readonly name: string;
  readonly iban: string;
  readonly bic: string;
  readonly address: { readonly street: string; readonly postCode: string; readonly town: string };
}

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The debtor's address, structured, in a .09 file. The `sepa` package writes address lines only, which
 * the EPC's 2025 guidelines phase out (November 2026) in favour of structured or hybrid addresses; the
 * German banks' .03 schema takes lines only, so .03 keeps them. The address is required whenever a
 * transfer goes to a bank outside the EEA (EPC SCT rulebook AT-03).
 */
function structuredDebtorAddress(xml: string, debtor: SepaDebtorAccount, country: string): string {
  const lines = /<Dbtr><Nm>([^<]*)<\/Nm><PstlAdr>.*?<\/PstlAdr><\/Dbtr>/s;
  if ((xml.match(new RegExp(lines.source, 'gs')) ?? []).length !== 1)
    throw new Error('The payout file has not exactly one debtor');
  const a = debtor.address;
  const field = (tag: string, text: string, max: number) =>
    text.trim() === '' ? '' : `<${tag}>${escapeXml(sepaText(text, max, country))}</${tag}>`;
  return xml.replace(
    lines,
    (_all, name: string) =>
      `<Dbtr><Nm>${name}</Nm><PstlAdr>${field('StrtNm', a.street, 70)}${field('PstCd', a.postCode, 16)}` +
      `${field('TwnNm', a.town, 35)}<Ctry>${country}</Ctry></PstlAdr></Dbtr>`,
  );
}

/**
 * The credit-transfer initiation (pain.001) of a planned batch, built with the `sepa` package: one payment
 * block from the platform's account executed on the batch's date; each transfer carries the payout's
 * net amount to the account holder (in the SEPA character set), the payout id as end-to-end id and
 * remittance, so the bank statement leads back to the payout. Deterministic: the same batch gives the
 * same bytes.
 */
export function sepaCreditTransfer(
  batch: PlannedBatch,
  debtor: SepaDebtorAccount,
  format: SepaFormat,
): string {
  const country = debtor.iban.slice(0, 2);
  const doc = new SepaDocument(format);
  doc.grpHdr.id = batch.messageId;
  doc.grpHdr.created = new Date(batch.createdAt);
  doc.grpHdr.initiatorName = sepaText(debtor.name, 70, country);

  const info = doc.createPaymentInfo();
  // Noon UTC: the package writes the date in the machine's time zone, and noon is the same day in every one.
  info.requestedExecutionDate = new Date(`${batch.executionDate}T12:00:00.000Z`);
  info.debtorIBAN = debtor.iban;
  info.debtorBIC = debtor.bic;
  info.debtorName = sepaText(debtor.name, 70, country);
  info.debtorStreet = sepaText(debtor.address.street, 70, country);
  info.debtorCity = sepaText(`${debtor.address.postCode} ${debtor.address.town}`, 70, country);
  info.debtorCountry = country;
  doc.addPaymentInfo(info);

  for (const line of batch.lines) {
    const tx = info.createTransaction();
    tx.creditorName = line.creditorName;
    tx.creditorIBAN = line.iban;
    tx.amount = line.netAmount / 100;
    tx.remittanceInfo = `Lepinguturg payout ${line.payoutId}`;
    tx.end2endId = line.endToEndId;
    info.addTransaction(tx);
  }
  const xml = doc.toString();
  return format === 'pain.001.001.09' ? structuredDebtorAddress(xml, debtor, country) : xml;
}
