import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { PayoutView } from '../../projections/money/payouts.read-model';
import { SEPA_FORMATS, type SepaFormat, sepaCreditTransfer, sepaText } from './sepa-credit-transfer';

const SCHEMAS = resolve(__dirname, '../../../../test/fixtures/sepa');
const DEBTOR = { name: 'Lepinguturg OÜ', iban: 'EE382200221020145685', bic: 'HABAEE2X' };

function payout(id: string, accountHolder: string, iban: string, netAmount: number): PayoutView {
  return {
    _id: id,
    uploaderId: 'u',
    payeeName: accountHolder,
    iban,
    accountHolder,
    amount: netAmount,
    transferFee: 0,
    netAmount,
    availableBefore: netAmount,
    status: 'requested',
    requestedAt: '2026-11-20T10:00:00.000Z',
    requestedDay: '2026-11-20',
    executionDate: null,
    executedAt: null,
    executedBy: null,
    rejectedAt: null,
    rejectedBy: null,
    reason: null,
    events: [],
    positionKey: '1',
  };
}

const PAYOUTS = [
  payout('0195f0c2-0000-7000-8000-000000000001', 'Kadri Tamm', 'EE471000001020145685', 10),
  payout('0195f0c2-0000-7000-8000-000000000002', 'Andres Mägi', 'FI2112345600000785', 20),
  payout(
    '0195f0c2-0000-7000-8000-000000000003',
    'Šarlota Õun-Ääremaa & Co',
    'DE89370400440532013000',
    64_516,
  ),
];

/** xmllint's verdict on the file against the ISO 20022 schema (Debian's libxml2 tool; CI installs it). */
function validate(xml: string, format: SepaFormat): string {
  const dir = mkdtempSync(join(tmpdir(), 'sepa-'));
  try {
    const file = join(dir, 'payouts.xml');
    writeFileSync(file, xml);
    return execFileSync('xmllint', ['--noout', '--schema', join(SCHEMAS, `${format}.xsd`), file], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    return `INVALID: ${(error as { stderr?: string }).stderr ?? String(error)}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('SEPA credit-transfer file', () => {
  it.each(SEPA_FORMATS)('validates against the %s schema', (format) => {
    const file = sepaCreditTransfer(PAYOUTS, DEBTOR, format, '2026-11-23', new Date('2026-11-21T10:00:00Z'));
    expect(validate(file.xml, format)).toBe('');
  });

  it('carries a control sum and count that match the payouts, to the cent', () => {
    const file = sepaCreditTransfer(
      PAYOUTS,
      DEBTOR,
      'pain.001.001.09',
      '2026-11-23',
      new Date('2026-11-21T10:00:00Z'),
    );
    expect(file.count).toBe(3);
    expect(file.controlSum).toBe(64_546);
    // 0.10 + 0.20 is not 0.30 in floating point; the file must still say 645.46.
    expect(file.xml.match(/<CtrlSum>([\d.]+)<\/CtrlSum>/g)).toEqual([
      '<CtrlSum>645.46</CtrlSum>',
      '<CtrlSum>645.46</CtrlSum>',
    ]);
    expect(file.xml.match(/<NbOfTxs>3<\/NbOfTxs>/g)).toHaveLength(2);
    expect(file.xml).toContain('<InstdAmt Ccy="EUR">0.10</InstdAmt>');
    expect(file.xml).toContain('<ReqdExctnDt><Dt>2026-11-23</Dt></ReqdExctnDt>');
    expect(file.xml).toContain('<EndToEndId>0195f0c2000070008000000000000003</EndToEndId>');
  });

  it('writes names in the SEPA character set', () => {
    expect(sepaText('Šarlota Õun-Ääremaa & Co', 70)).toBe('Sarlota Oun-Aaremaa Co');
    expect(sepaText('x'.repeat(80), 70)).toHaveLength(70);
    const file = sepaCreditTransfer(
      PAYOUTS,
      DEBTOR,
      'pain.001.001.03',
      '2026-11-23',
      new Date('2026-11-21T10:00:00Z'),
    );
    expect(file.xml).toContain('<Nm>Andres Magi</Nm>');
    expect(file.xml).toContain('<Nm>Lepinguturg OU</Nm>');
  });

  it('is refused by the schema when broken (the check can fail)', () => {
    const file = sepaCreditTransfer(
      PAYOUTS,
      DEBTOR,
      'pain.001.001.09',
      '2026-11-23',
      new Date('2026-11-21T10:00:00Z'),
    );
    expect(
      validate(file.xml.replace('<CtrlSum>645.46</CtrlSum>', '<CtrlSum>lots</CtrlSum>'), 'pain.001.001.09'),
    ).toMatch(/^INVALID: .*CtrlSum/s);
  });
});
