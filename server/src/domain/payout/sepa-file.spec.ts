import {
  SERVER_SCHEMAS_DIR,
  loadXmlSchema,
  validateAgainstSchema,
} from '../../infrastructure/xml/xml-schema';
import { join } from 'node:path';
import { payoutBatchesDecider, planPayoutBatch, type PayoutToPay } from './payout-batches.decider';
import { SEPA_FORMATS, type SepaFormat, sepaCreditTransfer } from './sepa-file';
import { checkSepaUsageRules } from './sepa-usage-rules';

const DEBTOR = {
  name: 'Lepinguturg OÜ',
  iban: 'EE382200221020145685',
  bic: 'HABAEE2X',
  address: { street: 'Narva mnt 5', postCode: '10117', town: 'Tallinn' },
};
const schemaOf = (format: SepaFormat) => loadXmlSchema(join(SERVER_SCHEMAS_DIR, 'iso20022'), `${format}.xsd`);

/** Uploaders from across Europe, each with an account of their own country, named as they write it. */
const UPLOADERS: readonly [string, string, string, number][] = [
  ['Γιώργος Παπαδόπουλος', 'GR1601101250000000012300695', 'Giorgos Papadopoulos', 10],
  ['Щерю Жеков', 'BG80BNBG96611020345678', 'Shteryu Zhekov', 20],
  ['Łukasz Żółkiewski', 'PL61109010140000071219812874', 'Lukasz Zolkiewski', 64_516],
  ['Jürgen Weiß', 'DE89370400440532013000', 'Juergen Weiss', 12_000],
  ['Søren Kierkegård', 'DK5000400440116243', 'Soeren Kierkegaard', 3_001],
  ['Anna Müller', 'CH9300762011623852957', 'Anna Mueller', 5_000],
];

function payouts(): PayoutToPay[] {
  return UPLOADERS.map(([accountHolder, iban, , netAmount], i) => ({
    payoutId: `0195f0c2-0000-7000-8000-00000000000${i + 1}`,
    uploaderId: `u${i}`,
    status: 'requested',
    iban,
    accountHolder,
    accountHolderLatin: null,
    netAmount,
  }));
}

function fileOf(format: SepaFormat): string {
  const plan = planPayoutBatch(
    {
      type: 'ExportPayoutBatch',
      data: { batchId: 'b', payouts: payouts(), format, executionDate: '2026-11-27', debtor: DEBTOR },
      context: { actorId: 'admin', now: new Date('2026-11-26T08:00:00Z') },
    },
    payoutBatchesDecider.initialState,
  );
  return sepaCreditTransfer(plan, DEBTOR, format);
}

describe('SEPA credit-transfer file', () => {
  it.each(SEPA_FORMATS)(
    'validates against the official %s schema, with payees named in Greek, Bulgarian, Polish, German and Danish',
    async (format) => {
      const xml = fileOf(format);
      expect(await validateAgainstSchema(xml, schemaOf(format))).toEqual({ valid: true, errors: [] });
      for (const [, iban, latin] of UPLOADERS) {
        expect(xml).toContain(`<Nm>${latin}</Nm>`);
        expect(xml).toContain(`<IBAN>${iban}</IBAN>`);
      }
    },
  );

  it('keeps the EPC’s usage rules for pain.001.001.09', () => {
    expect(checkSepaUsageRules(fileOf('pain.001.001.09'))).toEqual([]);
  });

  it('carries a control sum and count that match the payouts, to the cent', () => {
    const xml = fileOf('pain.001.001.09');
    // 0.10 + 0.20 is not 0.30 in floating point; the file must still say 817.47.
    expect(xml.match(/<CtrlSum>([\d.]+)<\/CtrlSum>/g)).toEqual([
      '<CtrlSum>845.47</CtrlSum>',
      '<CtrlSum>845.47</CtrlSum>',
    ]);
    expect(xml.match(/<NbOfTxs>6<\/NbOfTxs>/g)).toHaveLength(2);
    expect(xml).toContain('<InstdAmt Ccy="EUR">0.10</InstdAmt>');
    expect(xml).toContain('<MsgId>LTP-20261126-000001</MsgId>');
    expect(xml).toContain('<ReqdExctnDt><Dt>2026-11-27</Dt></ReqdExctnDt>');
    expect(xml).toContain('<EndToEndId>0195f0c2000070008000000000000003</EndToEndId>');
    // The platform's address, structured (a Swiss payee's bank is outside the EEA).
    expect(xml).toContain(
      '<Dbtr><Nm>Lepinguturg OU</Nm><PstlAdr><StrtNm>Narva mnt 5</StrtNm><PstCd>10117</PstCd><TwnNm>Tallinn</TwnNm><Ctry>EE</Ctry></PstlAdr></Dbtr>',
    );
  });

  it('gives the same bytes for the same batch', () => {
    expect(fileOf('pain.001.001.09')).toBe(fileOf('pain.001.001.09'));
  });

  it('is refused by the schema when broken (the check can fail)', async () => {
    const xml = fileOf('pain.001.001.09');
    const verdict = await validateAgainstSchema(
      xml.replace(/<CtrlSum>[^<]*</, '<CtrlSum>lots<'),
      schemaOf('pain.001.001.09'),
    );
    expect(verdict.valid).toBe(false);
    expect(verdict.errors.join('\n')).toMatch(/CtrlSum/);
    // An emptied name, as the old export wrote for Greek and Cyrillic names, fails the official schema.
    const emptied = await validateAgainstSchema(
      xml.replace('<Nm>Giorgos Papadopoulos</Nm>', '<Nm></Nm>'),
      schemaOf('pain.001.001.09'),
    );
    expect(emptied.valid).toBe(false);
  });

  it.each([
    ['a name outside the character set', (x: string) => x.replace('Giorgos', 'Γιώργος'), 'CHARACTER_SET'],
    [
      'a wrong control sum',
      (x: string) => x.replace('<CtrlSum>845.47</CtrlSum>', '<CtrlSum>845.46</CtrlSum>'),
      'CONTROL',
    ],
    [
      'charges other than SLEV',
      (x: string) => x.replace('<ChrgBr>SLEV</ChrgBr>', '<ChrgBr>SHAR</ChrgBr>'),
      'CHARGES',
    ],
    [
      'an end-to-end id with //',
      (x: string) => x.replace('<EndToEndId>0195', '<EndToEndId>01//'),
      'IDENTIFIER',
    ],
    ['another currency', (x: string) => x.replace('Ccy="EUR">0.10', 'Ccy="CHF">0.10'), 'AMOUNT'],
    ['three decimals', (x: string) => x.replace('>0.10</InstdAmt>', '>0.105</InstdAmt>'), 'AMOUNT'],
    [
      'no debtor address with a payee outside the EEA',
      (x: string) => x.replace(/<PstlAdr>.*?<\/PstlAdr><\/Dbtr>/, '</Dbtr>'),
      'ADDRESS',
    ],
    [
      'an address of lines only',
      (x: string) =>
        x.replace(/<PstlAdr>.*?<\/PstlAdr>/, '<PstlAdr><AdrLine>Narva mnt 5</AdrLine></PstlAdr>'),
      'ADDRESS',
    ],
  ])('finds %s against the EPC’s usage rules (which ISO’s schema allows)', (_case, spoil, rule) => {
    const spoilt = spoil(fileOf('pain.001.001.09'));
    expect(checkSepaUsageRules(spoilt).map((f) => f.rule)).toContain(rule);
  });
});
