import { XMLParser } from 'fast-xml-parser';
import { isEeaCountry } from './sepa-countries';
import { SEPA_BASIC_LATIN } from './sepa-name';

/**
 * The EPC's usage rules for a SEPA credit-transfer initiation in ISO 20022 pain.001.001.09 (SEPA Credit
 * Transfer Scheme Customer-to-PSP Implementation Guidelines, EPC132-08, 2025 version 1.0): what ISO's
 * schema allows and the SEPA scheme does not. The schema (server/schemas/iso20022) is checked
 * separately; these rules are the scheme's. Each finding names its rule and where in the file it is.
 * docs/decisions/payout-files.md.
 */
export interface UsageRuleFinding {
  readonly rule: string;
  readonly at: string;
  readonly message: string;
}

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (name) => ['PmtInf', 'CdtTrfTxInf', 'Ustrd', 'Strd', 'AdrLine'].includes(name),
});

const node = (value: unknown): Node | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : undefined;
const list = (value: unknown): Node[] =>
  Array.isArray(value) ? (value as unknown[]).map((v) => node(v) ?? {}) : [];
const text = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value;
  const n = node(value);
  return n && typeof n['#text'] === 'string' ? n['#text'] : undefined;
};
const at = (root: unknown, path: string): unknown =>
  path.split('/').reduce<unknown>((here, key) => node(here)?.[key], root);

/** Every text and attribute value in the document, with its path. */
function* values(value: unknown, path: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (Array.isArray(value))
    for (const [i, item] of value.entries()) yield* values(item, `${path}[${i}]`);
  else if (value !== null && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) {
      if (key.startsWith('@xmlns') || key === '@xsi:schemaLocation') continue;
      yield* values(child, key === '#text' ? path : `${path}/${key}`);
    }
}

const cents = (amount: string): number | null =>
  /^\d{1,9}(\.\d{1,2})?$/.test(amount) ? Math.round(Number(amount) * 100) : null;

/** Checks a pain.001.001.09 file against the EPC's usage rules; an empty list when it keeps them all. */
export function checkSepaUsageRules(xml: string): UsageRuleFinding[] {
  const findings: UsageRuleFinding[] = [];
  const fail = (rule: string, where: string, message: string) => findings.push({ rule, at: where, message });
  const body = xml.replace(/^<\?xml[^>]*\?>/, '');
  const document = node(node(parser.parse(body) as unknown)?.['Document']);
  const root = node(document?.['CstmrCdtTrfInitn']);
  if (!document || !root) {
    fail('MESSAGE', 'Document', 'not a CustomerCreditTransferInitiation');
    return findings;
  }
  if (document['@xmlns'] !== 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09')
    fail('MESSAGE', 'Document', 'the message must be pain.001.001.09');

  // 1.4 Character set: the Latin characters only, in every field.
  for (const [path, value] of values(root, 'CstmrCdtTrfInitn'))
    if (!SEPA_BASIC_LATIN.test(value))
      fail('CHARACTER_SET', path, `"${value}" is outside the SEPA character set`);

  const identifier = (path: string, value: string | undefined, required: boolean) => {
    if (value === undefined) {
      if (required) fail('IDENTIFIER', path, 'missing');
      return;
    }
    if (value.length === 0 || value.length > 35) fail('IDENTIFIER', path, 'must have 1 to 35 characters');
    if (value.startsWith('/') || value.endsWith('/') || value.includes('//'))
      fail('IDENTIFIER', path, "must not start or end with '/' nor contain '//'");
  };
  const name = (path: string, value: string | undefined, required: boolean) => {
    if (value === undefined) {
      if (required) fail('NAME', path, 'missing');
    } else if (value.trim() === '' || value.length > 70) fail('NAME', path, 'must have 1 to 70 characters');
  };

  identifier('GrpHdr/MsgId', text(at(root, 'GrpHdr/MsgId')), true);
  name('GrpHdr/InitgPty/Nm', text(at(root, 'GrpHdr/InitgPty/Nm')), false);

  const blocks = list(root['PmtInf']);
  const transactions = blocks.flatMap((b) => list(b['CdtTrfTxInf']));
  if (Number(text(at(root, 'GrpHdr/NbOfTxs'))) !== transactions.length)
    fail('CONTROL', 'GrpHdr/NbOfTxs', 'must count the transactions');
  const amounts = transactions.map((t) => cents(text(at(t, 'Amt/InstdAmt')) ?? ''));
  const total = amounts.reduce<number>((sum, a) => sum + (a ?? 0), 0);
  const groupSum = text(at(root, 'GrpHdr/CtrlSum'));
  if (groupSum !== undefined && cents(groupSum) !== total)
    fail('CONTROL', 'GrpHdr/CtrlSum', 'must be the sum of the amounts');

  for (const [b, block] of blocks.entries()) {
    const p = `PmtInf[${b}]`;
    identifier(`${p}/PmtInfId`, text(block['PmtInfId']), true);
    if (text(block['PmtMtd']) !== 'TRF') fail('PAYMENT_METHOD', `${p}/PmtMtd`, "only 'TRF' is allowed");
    const own = list(block['CdtTrfTxInf']);
    if (text(block['NbOfTxs']) !== undefined && Number(text(block['NbOfTxs'])) !== own.length)
      fail('CONTROL', `${p}/NbOfTxs`, 'must count the block’s transactions');
    const blockSum = text(block['CtrlSum']);
    const ownTotal = own.reduce((sum, t) => sum + (cents(text(at(t, 'Amt/InstdAmt')) ?? '') ?? 0), 0);
    if (blockSum !== undefined && cents(blockSum) !== ownTotal)
      fail('CONTROL', `${p}/CtrlSum`, 'must be the sum of the block’s amounts');
    const blockLevel = text(at(block, 'PmtTpInf/SvcLvl/Cd'));
    if (text(at(block, 'ReqdExctnDt/Dt')) === undefined)
      fail('EXECUTION_DATE', `${p}/ReqdExctnDt`, "the requested execution date is a 'Date'");
    name(`${p}/Dbtr/Nm`, text(at(block, 'Dbtr/Nm')), true);
    if (text(at(block, 'DbtrAcct/Id/IBAN')) === undefined)
      fail('ACCOUNT', `${p}/DbtrAcct`, 'the debtor account is an IBAN');
    const agent = node(at(block, 'DbtrAgt/FinInstnId'));
    if (agent && agent['BICFI'] === undefined && text(at(agent, 'Othr/Id')) !== 'NOTPROVIDED')
      fail('AGENT', `${p}/DbtrAgt`, "a BIC, or 'NOTPROVIDED'");
    const chargeBearer = text(block['ChrgBr']);
    if (chargeBearer !== undefined && chargeBearer !== 'SLEV')
      fail('CHARGES', `${p}/ChrgBr`, "only 'SLEV' is allowed");
    const address = node(at(block, 'Dbtr/PstlAdr'));
    if (address && (text(address['TwnNm']) === undefined || text(address['Ctry']) === undefined))
      fail('ADDRESS', `${p}/Dbtr/PstlAdr`, 'a structured or hybrid address: town name and country at least');
    const leavesEea = own.some((t) => !isEeaCountry((text(at(t, 'CdtrAcct/Id/IBAN')) ?? '').slice(0, 2)));
    if (leavesEea && !address)
      fail(
        'ADDRESS',
        `${p}/Dbtr/PstlAdr`,
        "the debtor's address is required when a payee's bank is outside the EEA",
      );

    for (const [i, tx] of own.entries()) {
      const t = `${p}/CdtTrfTxInf[${i}]`;
      identifier(`${t}/PmtId/EndToEndId`, text(at(tx, 'PmtId/EndToEndId')), true);
      identifier(`${t}/PmtId/InstrId`, text(at(tx, 'PmtId/InstrId')), false);
      const txLevel = text(at(tx, 'PmtTpInf/SvcLvl/Cd'));
      if (blockLevel !== undefined && at(tx, 'PmtTpInf') !== undefined)
        fail('PAYMENT_TYPE', `${t}/PmtTpInf`, 'payment type information at one level only');
      if ((blockLevel ?? txLevel) !== 'SEPA') fail('SERVICE_LEVEL', `${t}`, "the service level is 'SEPA'");
      const amount = node(at(tx, 'Amt/InstdAmt'));
      if (amount?.['@Ccy'] !== 'EUR') fail('AMOUNT', `${t}/Amt/InstdAmt`, 'the currency is EUR');
      const value = cents(text(at(tx, 'Amt/InstdAmt')) ?? '');
      if (value === null || value < 1 || value > 99_999_999_999)
        fail('AMOUNT', `${t}/Amt/InstdAmt`, 'from 0.01 to 999999999.99, at most two decimals');
      name(`${t}/Cdtr/Nm`, text(at(tx, 'Cdtr/Nm')), true);
      if (text(at(tx, 'CdtrAcct/Id/IBAN')) === undefined)
        fail('ACCOUNT', `${t}/CdtrAcct`, 'the creditor account is an IBAN');
      const remittance = node(tx['RmtInf']);
      if (remittance) {
        const ustrd = (remittance['Ustrd'] as unknown[] | undefined) ?? [];
        const strd = (remittance['Strd'] as unknown[] | undefined) ?? [];
        if (ustrd.length > 0 && strd.length > 0)
          fail('REMITTANCE', `${t}/RmtInf`, "either 'Unstructured' or 'Structured', not both");
        if (ustrd.length > 1 || strd.length > 1) fail('REMITTANCE', `${t}/RmtInf`, 'one occurrence only');
        const first = text(ustrd[0]);
        if (first !== undefined && first.length > 140)
          fail('REMITTANCE', `${t}/RmtInf/Ustrd`, 'at most 140 characters');
      }
    }
  }
  return findings;
}
