import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ET as PAGE_CONTENT } from '../../client/src/features/pages/content/et';
import { TEXTS as CARD_PAGE_TEXTS } from '../../server/src/api/payments/card-payment.page';
import { LICENCE } from '../../server/src/api/purchases/purchase-documents';
import { TEXTS as PDF_TEXTS } from '../../server/src/api/purchases/purchase-pdf';
import { TEXTS as MAIL_TEXTS } from '../../server/src/commands/purchase/purchase-mails';
import { catalogue as IDENTITY_TEXTS } from '../../server/src/infrastructure/identity/embedded/identity-messages';
import { TEXTS as GATEWAY_TEXTS } from '../../server/src/infrastructure/payments/embedded-gateway/gateway-pages';
import { TEXTS as UPLOADER_MAIL_TEXTS } from '../../server/src/processes/uploader-mails/uploader-mail-texts';
import { DEMO_TEMPLATES } from '../../server/src/seed/demo-catalogue.data';

/**
 * One voice (docs/decisions/one-voice-teie.md): every Estonian text addresses the reader with "teie" (plural
 * verbs, plural imperatives in sentences); a control's own label (a button, link, tab or heading with no
 * sentence in it) is a command in the singular imperative, as Estonian interfaces write them ("Lisa
 * ostukorvi"). This suite reads every Estonian text the product shows or sends and fails on the "sina"
 * register, naming the file and the key of each text to fix.
 */

const ROOT = join(__dirname, '../..');
const DECISION = 'docs/decisions/one-voice-teie.md';

interface Text {
  readonly file: string;
  readonly key: string;
  readonly text: string;
}

/** Every string in a nested object (functions are called with placeholders), with its dotted key. */
function flatten(file: string, value: unknown, key = ''): Text[] {
  if (typeof value === 'string') return [{ file, key, text: value }];
  if (typeof value === 'function') {
    const args = Array.from({ length: (value as (...a: string[]) => unknown).length }, (_, i) => `{${i}}`);
    return flatten(file, (value as (...a: string[]) => unknown)(...args), key);
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => flatten(file, item, `${key}[${i}]`));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => flatten(file, v, key ? `${key}.${k}` : k));
  return [];
}

const fileOf = (path: string): string => relative(ROOT, path).split('\\').join('/');

/** The client's Estonian resources: every namespace file under locales/et. */
function clientResources(): Text[] {
  const dir = join(ROOT, 'client/src/i18n/locales/et');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .flatMap((name) => flatten(fileOf(join(dir, name)), JSON.parse(readFileSync(join(dir, name), 'utf8'))));
}

/** The server's translated messages and errors: the `et` catalog of every area under api/i18n/messages. */
function serverMessages(): Text[] {
  const dir = join(ROOT, 'server/src/api/i18n/messages');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.messages.ts'))
    .flatMap((name) => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- every area file, as it is added
      const module = require(join(dir, name)) as Record<string, unknown>;
      return Object.values(module).flatMap((catalogs) =>
        catalogs !== null && typeof catalogs === 'object' && 'et' in catalogs
          ? flatten(fileOf(join(dir, name)), catalogs.et)
          : [],
      );
    });
}

/** The client page's own head (index.html): its description and title. */
function indexHtml(): Text[] {
  const file = 'client/index.html';
  const html = readFileSync(join(ROOT, file), 'utf8');
  const texts: Text[] = [];
  for (const match of html.matchAll(/<meta\s+name="(\w+)"\s+content="([^"]*)"/g))
    texts.push({ file, key: `meta[name=${match[1]}]`, text: match[2]! });
  for (const match of html.matchAll(/<title>([^<]*)<\/title>/g))
    texts.push({ file, key: 'title', text: match[1]! });
  return texts;
}

function allEstonianTexts(): Text[] {
  return [
    ...clientResources(),
    ...flatten('client/src/features/pages/content/et.ts', PAGE_CONTENT),
    ...indexHtml(),
    ...serverMessages(),
    ...flatten('server/src/infrastructure/identity/embedded/identity-messages.ts', IDENTITY_TEXTS.et),
    ...flatten('server/src/infrastructure/payments/embedded-gateway/gateway-pages.ts', GATEWAY_TEXTS.et),
    ...flatten('server/src/api/payments/card-payment.page.ts', CARD_PAGE_TEXTS.et),
    ...flatten('server/src/commands/purchase/purchase-mails.ts', MAIL_TEXTS.et),
    ...flatten('server/src/processes/uploader-mails/uploader-mail-texts.ts', UPLOADER_MAIL_TEXTS.et),
    ...flatten('server/src/api/purchases/purchase-pdf.ts', PDF_TEXTS.et),
    ...flatten('server/src/api/purchases/purchase-documents.ts', { LICENCE: LICENCE.et }),
    ...DEMO_TEMPLATES.flatMap((template, i) =>
      template.language === 'et'
        ? flatten('server/src/seed/demo-catalogue.data.ts', {
            [`DEMO_TEMPLATES[${i}]`]: { title: template.title, description: template.description },
          })
        : [],
    ),
  ];
}

const L = '\\p{L}\\p{N}';
/** A whole word (Unicode letters), any case of its first letter only: "sinu", "Sinu", never "SINU" or "sinule". */
const word = (w: string): string => `(?<![${L}-])[${w[0]!.toUpperCase()}${w[0]}]${w.slice(1)}(?![${L}-])`;

/** The singular pronoun "sina" in its cases. ("sinna", there, and "sinine", blue, are other words.) */
const PRONOUNS = [
  'sina',
  'sa',
  'sind',
  'sinu',
  'sinul',
  'sul',
  'sinule',
  'sulle',
  'sinult',
  'sult',
  'sinuga',
  'sinust',
  'sinus',
  'sinusse',
  'sinuni',
  'sinuta',
  'sinuks',
];

/**
 * Second-person singular verb forms in the present ("-d"), only those that are no other word a text of ours
 * would use: "olid", "said", "lisad" (appendices), "logid" (logs), "avad" and the like are left out, because
 * they are also third-person plural forms or plural nouns.
 */
const SINGULAR_VERBS = [
  'oled',
  'saad',
  'soovid',
  'võid',
  'pead',
  'tead',
  'näed',
  'elad',
  'vajad',
  'tahad',
  'maksad',
  'teenid',
  'valid',
  'nõustud',
  'kinnitad',
  'sisestad',
  'kasutad',
  'ostad',
  'arvestad',
  'kirjutad',
  'kustutad',
  'määrad',
  'muudad',
  'leiad',
  'märkad',
  'jõuad',
  'võtad',
  'annad',
  'vaatad',
  'otsid',
  'loed',
  'taotled',
  'laadid',
];

/**
 * The past in "-sid" is the same in the second person singular and the third plural ("ostjad ostsid"): flagged
 * unless a plural subject ("nad", a word in "-d") stands right before it.
 */
const SINGULAR_PAST = [
  'unustasid',
  'ostsid',
  'küsisid',
  'lõid',
  'sisestasid',
  'valisid',
  'soovisid',
  'proovisid',
  'kasutasid',
  'nõustusid',
  'kinnitasid',
  'tegid',
];
const AFTER_NO_PLURAL_SUBJECT = `(?<!(?:[Nn]ad|[${L}]+d),? )`;

/** Logging in or out in the singular: "sisse logid", "logid välja" ("logid" alone is also "logs"). */
const SINGULAR_PHRASES = [`(?:sisse|välja) logid(?![${L}])`, `(?<![${L}])logid (?:sisse|välja)`];

/**
 * Singular imperatives. In a control's label they are the command ("Lisa ostukorvi", "Vali failid"); in a
 * sentence (an instruction, hint, error, mail or page text) the reader is addressed in the plural
 * ("Valige", "Sisestage", "Proovige uuesti"). These are no other words anywhere.
 */
const IMPERATIVES = [
  'vali',
  'sisesta',
  'vajuta',
  'kliki',
  'klõpsa',
  'kinnita',
  'loe',
  'kirjuta',
  'vaata',
  'mine',
  'küsi',
  'salvesta',
  'kustuta',
  'võta',
  'ütle',
  'oota',
  'jäta',
  'kasuta',
  'muuda',
  'nimeta',
  'eralda',
  'lükka',
  'ekspordi',
  'hoia',
  'kirjelda',
  'skanni',
  'teata',
  'otsi',
  'pöördu',
  'veendu',
  'lohista',
  'unusta',
  'täida',
  'jaga',
  'jätka',
  'sulge',
  'eemalda',
  'kopeeri',
  'taotle',
  'peida',
  'näita',
  'tühjenda',
  'avalda',
  'määra',
  'maksa',
  'ava',
];

/**
 * Singular imperatives that are also other words ("proovi", a sample's; "kontrolli", a check; "lisa", an
 * appendix; "laadi", a style's; "logi", a log; "märgi", a sign's; "ära", away; "luba", a permission; "anna",
 * a name): flagged only where a clause begins, which is where an imperative stands. "osta" (also "to buy", as
 * in "saab neid otsida, osta ja alla laadida") and "saada" (also "to get") are never flagged.
 */
const CLAUSE_IMPERATIVES = ['proovi', 'kontrolli', 'lisa', 'laadi', 'logi', 'märgi', 'ära', 'luba', 'anna'];
/** "ei küsi", "ega oota": after "ei" or "ega" the same form is the negative present, not an imperative. */
const NOT_NEGATED = `(?<!(?<![${L}])(?:[Ee]i|[Ee]ga) )`;
const CLAUSE_START = `(?:^|[.!?:;,–—(]\\s*|[„"]|\\b(?:ja|või|ning|siis|palun|Palun|seejärel|Seejärel|ja siis)\\s+)`;

/** A control's label is a short command with no sentence in it; everything else is a sentence. */
const SENTENCE_KEY =
  /(?:^|[._[\]])(?:placeholder|hint|text|note|notice|description|lead|paragraphs|items|validation|error|errors|required|invalid|missing|mail|sms|declared|unavailable|question|contradiction|confirmation|subject|meta)(?=$|[._[\]])/i;
function isSentence({ key, text }: Text): boolean {
  return (
    /[.!?]/.test(text.replace(/\d[.,]\d|\b(?:nt|nr|jm|sh|vt|jne)\./g, '')) ||
    /\b[Pp]alun\b/.test(text) ||
    /, (?:et|kui|mis|siis|või|kuhu|kus|mida)\b/.test(text) ||
    SENTENCE_KEY.test(key)
  );
}

interface Finding {
  readonly where: string;
  readonly text: string;
  readonly found: string;
  readonly why: string;
}

function check(texts: readonly Text[]): Finding[] {
  const findings: Finding[] = [];
  const test = (t: Text, pattern: string, why: string): void => {
    const match = new RegExp(pattern, 'u').exec(t.text);
    if (match)
      findings.push({
        where: `${t.file} › ${t.key}`,
        text: t.text,
        found: (match[1] ?? match[0]).trim(),
        why,
      });
  };
  for (const t of texts) {
    for (const w of PRONOUNS)
      test(t, word(w), 'the pronoun "sina"; write "teie" (te, teid, teil, teile, teilt)');
    for (const w of SINGULAR_VERBS)
      test(t, word(w), 'a verb in the singular; write the plural (-te: olete, saate)');
    for (const w of SINGULAR_PAST)
      test(
        t,
        `${AFTER_NO_PLURAL_SUBJECT}${word(w)}`,
        'a verb in the singular; write the plural (-site: unustasite)',
      );
    for (const p of SINGULAR_PHRASES) test(t, p, 'a verb in the singular; write the plural (logite sisse)');
    const opened = (t.text.match(/„/g) ?? []).length;
    const closed = (t.text.match(/“/g) ?? []).length;
    if (/["”]/.test(t.text) || opened !== closed)
      findings.push({
        where: `${t.file} › ${t.key}`,
        text: t.text,
        found: /["”]/.exec(t.text)?.[0] ?? '“',
        why: 'Estonian quotation marks are „…“',
      });
    if (!isSentence(t)) continue;
    for (const w of IMPERATIVES)
      test(
        t,
        `${NOT_NEGATED}${word(w)}`,
        'a singular imperative in a sentence; write the plural (-ge/-ke: valige)',
      );
    for (const w of CLAUSE_IMPERATIVES)
      test(
        t,
        `${CLAUSE_START}(${word(w)})`,
        'a singular imperative in a sentence; write the plural (proovige, ärge)',
      );
  }
  return findings;
}

describe(`Estonian texts speak in one voice: "teie" (${DECISION})`, () => {
  const texts = allEstonianTexts();

  it('reads every source of Estonian text', () => {
    const files = new Set(texts.map((t) => t.file));
    expect(files.size).toBeGreaterThanOrEqual(20);
    expect(texts.length).toBeGreaterThan(1000);
    for (const file of [
      'client/src/i18n/locales/et/buying.json',
      'client/src/features/pages/content/et.ts',
      'server/src/api/i18n/messages/buying.messages.ts',
      'server/src/infrastructure/identity/embedded/identity-messages.ts',
      'server/src/infrastructure/payments/embedded-gateway/gateway-pages.ts',
      'server/src/api/payments/card-payment.page.ts',
      'server/src/commands/purchase/purchase-mails.ts',
      'server/src/processes/uploader-mails/uploader-mail-texts.ts',
      'server/src/api/purchases/purchase-pdf.ts',
      'server/src/seed/demo-catalogue.data.ts',
    ])
      expect(files).toContain(file);
  });

  it('has no "sina" pronoun, no singular verb, no singular imperative in a sentence, and quotes „…“', () => {
    const findings = check(texts);
    const report = findings.map((f) => `  ${f.where}: found "${f.found}" (${f.why})\n      “${f.text}”`);
    if (findings.length > 0)
      throw new Error(
        `${findings.length} Estonian text(s) address the reader as "sina"; the product says "teie" (${DECISION}):\n${report.join('\n')}`,
      );
  });

  describe('the word lists, on texts of both registers', () => {
    const one = (text: string, key = 'X.TEXT'): Finding[] => check([{ file: 'f', key, text }]);

    it.each([
      ['Sinu andmed on salvestatud!'],
      ['Kas soovid lisada dokumendi ostukorvi?'],
      ['Unustasid parooli?'],
      ['Kui see polnud teie, kes selle ostsid, kirjutage meile.'],
      ['Pärast maksmist saad alla laadida kõik failid.'],
      ['Kontrolli numbrit või osta ilma selleta.'],
      ['Midagi läks valesti! Proovi uuesti.'],
      ['Kood on teel. Sisesta kood, mille saatsime.'],
      ['Ära jaga seda kellegagi.'],
      ['E-post, millega sisse logid.'],
      ['Palun vali makseviis'],
    ])('flags “%s”', (text) => expect(one(text)).not.toHaveLength(0));

    it.each([
      ['Teie andmed on salvestatud!'],
      ['Kas soovite lisada dokumendi ostukorvi?'],
      ['Unustasite parooli?'],
      ['Pärast maksmist saate alla laadida kõik failid.'],
      ['Kontrollige numbrit või ostke ilma selleta.'],
      ['Midagi läks valesti! Proovige uuesti.'],
      ['Ärge jagage seda kellegagi.'],
      ['Palun valige makseviis'],
      ['Põhifail on sinise taustaga ja link viib sinna.'],
      ['Turvalogid ja sisselogimise logid hoitakse 12 kuud.'],
      ['Kui e-posti aadress ja parool olid õiged, on kood teel.'],
      ['Lepingu lisad 1 ja 2 on selle lahutamatud osad.'],
      ['Litsentsitasusid ei saa maksta enne, kui saate need kätte.'],
      ['Hoolduse kontrolli tulemus on proovi järgi hea.'],
      ['Teil on luba neid levitada.'],
      ['Ostjad saavad neid otsida, osta ja alla laadida.'],
      ['Need brauserid ei küsi teist tegurit ega oota koodi.'],
      ['Ostjad ostsid selle dokumendi ja nad kasutasid seda.'],
      ['Lepinguturgu saaksid kasutada kõik.'],
      ['Ta ei saa enam praeguse parooliga sisse logida.'],
      ['Enda adminiõigusi ei saa ära võtta.'],
      ['SA Innove on sihtasutus.'],
    ])('leaves “%s” alone', (text) => expect(one(text)).toEqual([]));

    it('wants Estonian quotation marks', () => {
      expect(one('Valige „Unustasite parooli?“.')).toEqual([]);
      expect(one('Valige "Unustasite parooli?".')).not.toHaveLength(0);
      expect(one('Valige “Unustasite parooli?”.')).not.toHaveLength(0);
    });

    it('lets a control be labelled with the singular command, but not a sentence', () => {
      expect(one('Lisa ostukorvi', 'COMMON.ADD_TO_CART')).toEqual([]);
      expect(one('Proovi uuesti', 'COMMON.RETRY')).toEqual([]);
      expect(one('Sisesta e-posti kood', 'title.mfaEmail')).toEqual([]);
      expect(one('Sisesta oma e-posti aadress', 'placeholder.email')).not.toHaveLength(0);
      expect(one('Kinnita, et konto on teie nimel', 'PAYOUT.X')).not.toHaveLength(0);
    });
  });
});
