/**
 * Names and texts in the SEPA character set: the EPC's basic Latin set (a–z, A–Z, 0–9 and / - ? : ( ) . , '
 * + space), which every SEPA bank must carry (SCT Rulebook, EPC217-08). Other letters are written the
 * way the account's own country writes them in Latin letters, as its banks and passports do: Greek by
 * ELOT 743 (Greek passports), Bulgarian Cyrillic by the Bulgarian Transliteration Act (2009), Serbian
 * and Macedonian Cyrillic by their official Latin alphabets, German umlauts as ae/oe/ue on German, Austrian,
 * Swiss and Liechtenstein accounts, Danish and Norwegian æ ø å as ae oe aa; elsewhere a letter loses its
 * diacritics (Mägi → Magi, Łukasz → Lukasz). A name with letters of any other script cannot be written
 * and is refused. docs/decisions/sepa-character-set.md.
 */

/** The EPC's basic Latin character set. */
export const SEPA_BASIC_LATIN = /^[A-Za-z0-9/\-?:().,'+ ]*$/;

type Table = Readonly<Record<string, string>>;

/** Latin letters that are letters of their own, not a base letter with a mark (NFKD leaves them). */
const LATIN_SPECIAL: Table = {
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'AE',
  ø: 'o',
  Ø: 'O',
  œ: 'oe',
  Œ: 'OE',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'TH',
  ħ: 'h',
  Ħ: 'H',
  ı: 'i',
  ŋ: 'n',
  Ŋ: 'N',
  ĸ: 'k',
  ŧ: 't',
  Ŧ: 'T',
  ŀ: 'l',
  Ŀ: 'L',
  ĳ: 'ij',
  Ĳ: 'IJ',
};

/** German, Austrian, Swiss and Liechtenstein banks write umlauts as two letters (DK's SEPA rules). */
const GERMAN: Table = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'AE', Ö: 'OE', Ü: 'UE' };
/** Danish and Norwegian: the letters' traditional two-letter forms (as in passports, ICAO 9303). */
const DANISH: Table = { æ: 'ae', ø: 'oe', å: 'aa', Æ: 'AE', Ø: 'OE', Å: 'AA' };

const LATIN_BY_COUNTRY: Readonly<Record<string, Table>> = {
  DE: GERMAN,
  AT: GERMAN,
  CH: GERMAN,
  LI: GERMAN,
  DK: DANISH,
  NO: DANISH,
};

/** Bulgarian Transliteration Act (2009), plus Russian, Ukrainian and Belarusian letters after ICAO 9303. */
const CYRILLIC_BULGARIAN: Table = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'h',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'sht',
  ъ: 'a',
  ь: 'y',
  ю: 'yu',
  я: 'ya',
  ѝ: 'i',
  ё: 'e',
  ы: 'y',
  э: 'e',
  і: 'i',
  ї: 'i',
  є: 'ie',
  ґ: 'g',
  ў: 'u',
  // Serbian and Macedonian letters, when the account is elsewhere.
  ђ: 'dj',
  ј: 'j',
  љ: 'lj',
  њ: 'nj',
  ћ: 'c',
  џ: 'dz',
  ѓ: 'gj',
  ќ: 'kj',
  ѕ: 'dz',
};

/** Serbian (and Montenegrin) Cyrillic by the official Latin alphabet, its marks left out as banks do. */
const CYRILLIC_SERBIAN: Table = {
  ...CYRILLIC_BULGARIAN,
  ж: 'z',
  х: 'h',
  ц: 'c',
  ч: 'c',
  ш: 's',
  й: 'j',
  ђ: 'dj',
  ћ: 'c',
  џ: 'dz',
};

/** Macedonian Cyrillic by the official romanisation. */
const CYRILLIC_MACEDONIAN: Table = {
  ...CYRILLIC_BULGARIAN,
  ж: 'zh',
  ц: 'c',
  ч: 'ch',
  ш: 'sh',
  џ: 'dzh',
  ѓ: 'gj',
  ќ: 'kj',
  ѕ: 'dz',
};

const CYRILLIC_BY_COUNTRY: Readonly<Record<string, Table>> = {
  RS: CYRILLIC_SERBIAN,
  ME: CYRILLIC_SERBIAN,
  MK: CYRILLIC_MACEDONIAN,
};

/** ELOT 743 as Greek passports write names: single letters (the diphthongs and γ-clusters below). */
const GREEK: Table = {
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};
const GREEK_VOWELS = new Set('αεηιουω');
/** After αυ, ευ, ηυ these letters (and a vowel) make the υ a v; anything else an f (ELOT 743). */
const GREEK_VOICED = new Set('βγδζλμνρ');
const GREEK_CLUSTERS: Table = { γγ: 'ng', γξ: 'nx', γχ: 'nch', ου: 'ou' };

/** Other characters that have a place in the set. */
const PUNCTUATION: Table = {
  '’': "'",
  '‘': "'",
  ʼ: "'",
  '`': "'",
  '´': "'",
  '–': '-',
  '—': '-',
  '‐': '-',
  '‑': '-',
  '&': '+',
};

const isGreek = (c: string) => /\p{Script=Greek}/u.test(c);
const isCyrillic = (c: string) => /\p{Script=Cyrillic}/u.test(c);
const isUpper = (c: string) => c !== c.toLowerCase() && c === c.toUpperCase();

/** Gives the Latin text the case of its source: "Ж" → "Zh", in an all-capital word "ZH". */
function withCase(latin: string, source: string, wordIsCapitals: boolean): string {
  if (!isUpper(source)) return latin;
  return wordIsCapitals ? latin.toUpperCase() : latin.charAt(0).toUpperCase() + latin.slice(1);
}

function greekWord(word: string): string {
  const capitals = word.length > 1 && [...word].every((c) => !/\p{L}/u.test(c) || isUpper(c));
  // Marks off: ά → α, but keep the diaeresis (ϋ), which stops a diphthong.
  const letters = [...word].map((c) => {
    const bare = c.normalize('NFD');
    return { source: c, base: bare.charAt(0).toLowerCase(), diaeresis: bare.includes('\u0308') };
  });
  let out = '';
  for (let i = 0; i < letters.length; i++) {
    const here = letters[i]!;
    const next = letters[i + 1];
    const pair = next ? here.base + next.base : '';
    if (next && !next.diaeresis && next.base === 'υ' && 'αεη'.includes(here.base)) {
      const after = letters[i + 2]?.base;
      const v = after !== undefined && (GREEK_VOWELS.has(after) || GREEK_VOICED.has(after));
      out += withCase(GREEK[here.base]! + (v ? 'v' : 'f'), here.source, capitals);
      i += 1;
    } else if (next && !next.diaeresis && GREEK_CLUSTERS[pair] !== undefined) {
      out += withCase(GREEK_CLUSTERS[pair], here.source, capitals);
      i += 1;
    } else {
      out += withCase(GREEK[here.base] ?? here.source, here.source, capitals);
    }
  }
  return out;
}

function cyrillicWord(word: string, table: Table, bulgarian: boolean): string {
  const capitals = word.length > 1 && [...word].every((c) => !/\p{L}/u.test(c) || isUpper(c));
  const chars = [...word];
  return chars
    .map((c, i) => {
      const lower = c.toLowerCase();
      // Bulgarian: "-ия" at the end of a word is "ia" (България → Bulgaria).
      if (bulgarian && lower === 'я' && i === chars.length - 1 && chars[i - 1]?.toLowerCase() === 'и')
        return withCase('a', c, capitals);
      const latin = table[lower] ?? table[lower.normalize('NFD').charAt(0)];
      return latin === undefined ? c : withCase(latin, c, capitals);
    })
    .join('');
}

/**
 * `text` in the SEPA character set, written as banks of `countryCode` (the account's IBAN country)
 * write it; null when a letter or digit cannot be written in Latin letters (another script), or when
 * nothing of the text would remain.
 */
export function toSepaLatin(text: string, countryCode = ''): string | null {
  const country = countryCode.toUpperCase();
  const latinTable = LATIN_BY_COUNTRY[country] ?? {};
  const cyrillic = CYRILLIC_BY_COUNTRY[country] ?? CYRILLIC_BULGARIAN;
  // Words of Greek and Cyrillic letters first (their rules look at neighbours), then letter by letter.
  const scripts = text
    .normalize('NFC')
    .replace(/[\p{Script=Greek}\p{M}]+/gu, (run) => (isGreek(run.charAt(0)) ? greekWord(run) : run))
    .replace(/[\p{Script=Cyrillic}\p{M}]+/gu, (run) =>
      isCyrillic(run.charAt(0)) ? cyrillicWord(run, cyrillic, cyrillic === CYRILLIC_BULGARIAN) : run,
    );
  let out = '';
  const chars = [...scripts];
  for (const [i, c] of chars.entries()) {
    const mapped = latinTable[c] ?? LATIN_SPECIAL[c] ?? PUNCTUATION[c];
    if (mapped !== undefined) {
      // "Ä" before a small letter is "Ae" (Ärzte → Aerzte); in capitals "AE" (ÄRZTE → AERZTE).
      const next = chars[i + 1] ?? '';
      const titleCase = mapped.length > 1 && isUpper(c) && next !== next.toUpperCase();
      out += titleCase ? mapped.charAt(0) + mapped.slice(1).toLowerCase() : mapped;
      continue;
    }
    const bare = c.normalize('NFKD').replace(/\p{M}/gu, '');
    if (SEPA_BASIC_LATIN.test(bare)) out += bare;
    else if (/[\p{L}\p{N}]/u.test(c)) return null;
    else out += ' ';
  }
  const result = out.replace(/\s+/g, ' ').trim();
  return /[A-Za-z0-9]/.test(result) ? result : null;
}

/** The text for a field of at most `maxLength` characters of the file ('' when it cannot be written). */
export function sepaText(text: string, maxLength: number, countryCode = ''): string {
  return (toSepaLatin(text, countryCode) ?? '').slice(0, maxLength).trim();
}
