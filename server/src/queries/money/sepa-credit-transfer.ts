import { createHash } from 'node:crypto';
import { Document as SepaDocument } from 'sepa';
import type { PayoutView } from '../../projections/money/payouts.read-model';

/** The ISO 20022 customer credit transfer messages the export writes (.09 by default, .03 for older banks). */
export const SEPA_FORMATS = ['pain.001.001.09', 'pain.001.001.03'] as const;
export type SepaFormat = (typeof SEPA_FORMATS)[number];

/** The platform's own account, which the transfers are paid from. */
export interface SepaDebtor {
  readonly name: string;
  readonly iban: string;
  readonly bic: string;
}

export interface SepaFile {
  readonly xml: string;
  readonly fileName: string;
  readonly messageId: string;
  readonly count: number;
  /** Σ of the transfers, cents (the file's CtrlSum in euros). */
  readonly controlSum: number;
}

/**
 * The EPC's SEPA character set is basic Latin: letters lose their diacritics (Mägi → Magi, Šaš → Sas)
 * and anything outside a-z A-Z 0-9 / - ? : ( ) . , ' + and space becomes a space.
 */
export function sepaText(text: string, maxLength: number): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, maxLength);
}

const compactDateTime = (at: Date): string => at.toISOString().replace(/[-:T]/g, '').slice(0, 14);

/**
 * A credit-transfer initiation (pain.001) paying each requested payout's net amount to its account, built
 * with the `sepa` package. One payment block, executed on `executionDate`; each transfer's end-to-end id is
 * the payout id, so the bank statement leads back to the payout.
 */
export function sepaCreditTransfer(
  payouts: readonly PayoutView[],
  debtor: SepaDebtor,
  format: SepaFormat,
  executionDate: string,
  createdAt: Date,
): SepaFile {
  const digest = createHash('sha256')
    .update(payouts.map((p) => p._id).join(','))
    .digest('hex')
    .slice(0, 12)
    .toUpperCase();
  const messageId = `LT${compactDateTime(createdAt)}${digest}`;
  const doc = new SepaDocument(format);
  doc.grpHdr.id = messageId;
  doc.grpHdr.created = createdAt;
  doc.grpHdr.initiatorName = sepaText(debtor.name, 70);

  const info = doc.createPaymentInfo();
  info.requestedExecutionDate = new Date(`${executionDate}T12:00:00.000Z`);
  info.debtorIBAN = debtor.iban;
  info.debtorBIC = debtor.bic;
  info.debtorName = sepaText(debtor.name, 70);
  doc.addPaymentInfo(info);

  let controlSum = 0;
  for (const payout of payouts) {
    const tx = info.createTransaction();
    tx.creditorName = sepaText(payout.accountHolder, 70);
    tx.creditorIBAN = payout.iban;
    tx.amount = payout.netAmount / 100;
    tx.remittanceInfo = sepaText(`Lepinguturg payout ${payout._id}`, 140);
    tx.end2endId = payout._id.replace(/-/g, '');
    info.addTransaction(tx);
    controlSum += payout.netAmount;
  }
  return {
    xml: doc.toString(),
    fileName: `${messageId}.${format}.xml`,
    messageId,
    count: payouts.length,
    controlSum,
  };
}
