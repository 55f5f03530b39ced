import { foldForSearch } from '../catalogue/search-text';
import { englishStem } from './english-stemmer';
import { estonianStem } from './estonian-stemmer';

/**
 * Search terms (docs/decisions/search-terms.md): text is lower-cased and split into words; each word
 * is stemmed with the Snowball stemmer of the document's language (Estonian or English; other languages
 * keep the word), then folded (õ ä ö ü š ž and other diacritics removed) for matching. A query word is
 * stemmed in both languages and matches a document term that starts with either stem, so inflections
 * the stemmer leaves apart (leping / lepingu, töölepingute / tööleping) meet. Estonian compounds are also
 * found by their later parts ("leping" finds "Tööleping", "vara" finds "kinnisvara").
 */

/** The languages we stem; every other document language is matched by its folded words. */
export type StemmedLanguage = 'et' | 'en';

/** Runs of letters and digits, joined across an inner hyphen or apostrophe ("ostu-müügileping", "don't"). */
const WORD = /[\p{L}\p{N}]+(?:['’‐-][\p{L}\p{N}]+)*/gu;
const JOINER = /['’‐-]/;
const JOINERS = /['’‐-]/g;

/** Words a query may drop when it has others: they would otherwise have to appear in every result. */
const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'the',
  'of',
  'for',
  'to',
  'in',
  'on',
  'with',
  'by',
  'or',
  'at',
  'from',
  'ja',
  'ning',
  'või',
  'ka',
  'ehk',
  'kui',
  'et',
  'see',
  'mis',
]);

/** Most query words a search uses; the rest are ignored (a 200-character query rarely has more). */
export const MAX_QUERY_WORDS = 10;

/** The words of a text, lower-cased but not folded (the stemmers need õ ä ö ü); compounds also give their parts. */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  if (text.length === 0) return words;
  // `match` with the global flag gives the words themselves, with no match object per word.
  const lower = text.normalize('NFC').toLowerCase();
  const found = lower.match(WORD) ?? [];
  if (!JOINER.test(lower)) return found;
  for (const word of found) {
    if (!JOINER.test(word)) {
      words.push(word);
      continue;
    }
    words.push(word.replace(JOINERS, ''));
    for (const part of word.split(JOINER)) if (part.length > 0) words.push(part);
  }
  return words;
}

function isStemmedLanguage(language: string): language is StemmedLanguage {
  return language === 'et' || language === 'en';
}

/**
 * Stems are cached: a catalogue repeats its vocabulary, and stemming is the costly part of building
 * terms. The cache is bounded so that an unusual vocabulary cannot grow it without end.
 */
const STEM_CACHE_LIMIT = 200_000;
const stemCache: Record<StemmedLanguage, Map<string, string>> = { et: new Map(), en: new Map() };

/** The folded stem of one lower-case word in a language (the folded word itself for other languages). */
export function stemOf(word: string, language: string): string {
  if (!isStemmedLanguage(language)) return foldForSearch(word);
  const cache = stemCache[language];
  let stem = cache.get(word);
  if (stem === undefined) {
    stem = foldForSearch(language === 'et' ? estonianStem(word) : englishStem(word));
    if (cache.size >= STEM_CACHE_LIMIT) cache.clear();
    cache.set(word, stem);
  }
  return stem;
}

/** The tags as constants: documentTerms asks for one per word, so no string is made each time. */
const TERM_TAGS: Record<StemmedLanguage, string> = { et: 'et:', en: 'en:' };

/**
 * Terms carry the language whose stemmer made them ("et:leping", "en:leas", "xx:vertrag" for the
 * languages we do not stem), so a query word meets each document through the stem of that document's
 * language only: the English stemmer's idea of an Estonian word never matches Estonian documents.
 */
export function termTag(language: string): string {
  return isStemmedLanguage(language) ? TERM_TAGS[language] : 'xx:';
}

/**
 * Estonian writes compounds as one word and puts the head last (töö + leping, kinnis + vara), so a person
 * who types "leping" means every kind of contract. Each Estonian stem therefore also offers the parts it
 * could end with, under a tag of their own: every ending of at least COMPOUND_PART_MIN letters that leaves
 * a first part of at least COMPOUND_HEAD_MIN letters (töö, üüri). Only a query stem of COMPOUND_PART_MIN
 * letters or more looks among them, so short strings never match inside words ("NDA" is not "alaNDAmise").
 */
const COMPOUND_PART_TAG = 'etp:';
const COMPOUND_HEAD_MIN = 3;
const COMPOUND_PART_MIN = 4;

/** The tagged endings an Estonian folded stem may be found by as the last part of a compound. */
function compoundParts(stem: string): string[] {
  const parts: string[] = [];
  for (let start = COMPOUND_HEAD_MIN; stem.length - start >= COMPOUND_PART_MIN; start++) {
    parts.push(COMPOUND_PART_TAG + stem.slice(start));
  }
  return parts;
}

/** What a document offers to search, as stored in its search read model. */
export interface DocumentTerms {
  /** Tagged stems of the title (with an Estonian title's compound parts). */
  readonly titleTerms: readonly string[];
  /** Tagged stems of the tags (likewise). */
  readonly tagTerms: readonly string[];
  /** Tagged stems (likewise) of everything searchable: title, description, tags, author and uploader names. */
  readonly terms: readonly string[];
  /** Folded words (not stemmed, not tagged) of everything searchable, for the exact-match bonus. */
  readonly words: readonly string[];
  /** Folded words of the author's and the uploader's names (the author filter). */
  readonly peopleTerms: readonly string[];
  /**
   * The terms of the words folding changes, with their letters as written ("et:pärand"), so a query typed
   * with those letters ranks them before words that only fold alike ("parandamise").
   */
  readonly letterTerms: readonly string[];
  /** letterTerms folded: a query typed without õ ä ö ü ranks documents found only through them last. */
  readonly foldedLetterTerms: readonly string[];
}

export interface SearchableDocument {
  readonly language: string;
  readonly title: string;
  readonly description: string;
  readonly tags: readonly string[];
  readonly author: { readonly firstName: string; readonly lastName: string } | null;
  readonly uploaderName: string;
}

const unique = (values: Iterable<string>): string[] => [...new Set(values)];

/**
 * One term's text, shared by every word and document that has it. `mark` is the last list of
 * documentTerms that took it, so a list is kept free of repeats without a set of its own.
 */
interface Term {
  readonly text: string;
  mark: number;
}

/**
 * What a document's word becomes: its tagged terms (its stem, then an Estonian stem's compound parts)
 * and its folded form.
 */
interface WordForms {
  readonly terms: readonly Term[];
  readonly folded: Term;
  /** The word's terms with their letters as written, when folding changes them (else none). */
  readonly letters: readonly Term[];
  /** The same terms folded (so a query typed without those letters can tell them apart). */
  readonly foldedLetters: readonly Term[];
}

/** A word's stem with its letters as written (õ ä ö ü š ž kept). */
function letterStemOf(word: string, language: string): string {
  if (language === 'et') return estonianStem(word);
  if (language === 'en') return englishStem(word);
  return word;
}

/** Whether folding changes a (lower-case) text: it holds õ ä ö ü š ž or another letter with a diacritic. */
function hasFoldedLetters(text: string): boolean {
  return foldForSearch(text) !== text;
}

/**
 * Word forms per term tag, and the terms they are made of, cached like stems and bounded the same way
 * (emptied together, between two documents, so one document's words never hold two terms of one text):
 * besides saving the work, every document holding a word shares one string for each of its forms.
 */
const formsCache = new Map<string, Map<string, WordForms>>();
const termsCache = new Map<string, Term>();
const TERMS_CACHE_LIMIT = 5 * STEM_CACHE_LIMIT;

function termOf(text: string): Term {
  let term = termsCache.get(text);
  if (term === undefined) termsCache.set(text, (term = { text, mark: 0 }));
  return term;
}

/** The forms cache of a language's term tag (all caches emptied first when one has grown too large). */
function formsCacheOf(language: string): Map<string, WordForms> {
  if (
    termsCache.size >= TERMS_CACHE_LIMIT ||
    [...formsCache.values()].some((c) => c.size >= STEM_CACHE_LIMIT)
  ) {
    formsCache.clear();
    termsCache.clear();
  }
  const tag = termTag(language);
  let cache = formsCache.get(tag);
  if (!cache) formsCache.set(tag, (cache = new Map<string, WordForms>()));
  return cache;
}

function formsOf(word: string, language: string, cache: Map<string, WordForms>): WordForms {
  let forms = cache.get(word);
  if (forms === undefined) {
    const tag = termTag(language);
    const stem = stemOf(word, language);
    const parts = language === 'et' ? compoundParts(stem) : [];
    const letterStem = letterStemOf(word, language);
    const letters = hasFoldedLetters(letterStem)
      ? [tag + letterStem, ...(language === 'et' ? compoundParts(letterStem) : [])].filter(hasFoldedLetters)
      : [];
    forms = {
      terms: [tag + stem, ...parts].map(termOf),
      folded: termOf(foldForSearch(word)),
      letters: letters.map(termOf),
      foldedLetters: letters.map((text) => termOf(foldForSearch(text))),
    };
    cache.set(word, forms);
  }
  return forms;
}

/** Numbers the lists documentTerms makes (see Term.mark). */
let lists = 0;

/** The texts of the terms `pick` gives for the words of `fields`, each once, in order of first appearance. */
function termList(
  fields: readonly (readonly WordForms[])[],
  pick: (word: WordForms) => readonly Term[],
): string[] {
  const mark = ++lists;
  const texts: string[] = [];
  for (const field of fields)
    for (const word of field)
      for (const term of pick(word))
        if (term.mark !== mark) {
          term.mark = mark;
          texts.push(term.text);
        }
  return texts;
}

/** The folded words of `fields`, each once, in order of first appearance. */
function foldedList(fields: readonly (readonly WordForms[])[]): string[] {
  const mark = ++lists;
  const texts: string[] = [];
  for (const field of fields)
    for (const word of field)
      if (word.folded.mark !== mark) {
        word.folded.mark = mark;
        texts.push(word.folded.text);
      }
  return texts;
}

const termsOfWord = (word: WordForms): readonly Term[] => word.terms;
const lettersOfWord = (word: WordForms): readonly Term[] => word.letters;
const foldedLettersOfWord = (word: WordForms): readonly Term[] => word.foldedLetters;

/** The search terms of one document, computed once per change of the document. */
export function documentTerms(doc: SearchableDocument): DocumentTerms {
  // Each list keeps the order of first appearance, fields in the order below (a rebuild computes this
  // for every document: the lists are made without sets, see Term.mark).
  const cache = formsCacheOf(doc.language);
  const forms = (text: string): WordForms[] => {
    const words = wordsOf(text);
    const out = new Array<WordForms>(words.length);
    for (let i = 0; i < words.length; i++) out[i] = formsOf(words[i]!, doc.language, cache);
    return out;
  };
  const title = forms(doc.title);
  const description = forms(doc.description);
  const tags = forms(doc.tags.join(' '));
  const people = forms([doc.author?.firstName ?? '', doc.author?.lastName ?? '', doc.uploaderName].join(' '));
  const everything = [title, description, tags, people];
  return {
    titleTerms: termList([title], termsOfWord),
    tagTerms: termList([tags], termsOfWord),
    terms: termList([title, tags, description, people], termsOfWord),
    words: foldedList(everything),
    peopleTerms: foldedList([people]),
    letterTerms: termList(everything, lettersOfWord),
    foldedLetterTerms: termList(everything, foldedLettersOfWord),
  };
}

/** One word of a query: the tagged prefixes a document term may start with, and the folded word itself. */
export interface QueryWord {
  /**
   * One tagged prefix per language: "et:<Estonian stem>", "en:<English stem>", "xx:<folded word>", and
   * "etp:<Estonian stem>" for a compound's later part when the stem is long enough.
   */
  readonly prefixes: readonly string[];
  /** The folded word as typed, for the exact-match bonus. */
  readonly exact: string;
  /**
   * When the word is typed with letters folding changes (õ ä ö ü …): its prefixes with those letters, which
   * documents' letterTerms must start with to rank first. Empty for a word typed without them.
   */
  readonly letters: readonly string[];
}

/** Estonian stems drop a final vowel for matching, so the nominative "leping" meets the genitive stem "lepingu". */
function estonianPrefix(stem: string): string {
  return stem.length >= 5 && /[aeiouõäöü]$/.test(stem) ? stem.slice(0, -1) : stem;
}

const ESTONIAN_VOWEL_END = /[aeiouõäöü]$/;

/**
 * Estonian words whose forms the stemmer leaves apart (consonant gradation, "-e" nouns): a query of one
 * form also looks for the others, also as the last part of a compound ("tarbijanõude" → tarbijanõue).
 * Common words of contracts and court papers; the general rules are in estonianQueryStems.
 */
const ESTONIAN_FORM_FAMILIES: readonly (readonly string[])[] = [
  ['nõue', 'nõude', 'nõuet', 'nõuded', 'nõuete'],
  ['vaie', 'vaide', 'vaiet', 'vaided', 'vaiete'],
  ['liige', 'liikme', 'liiget', 'liikmed', 'liikmete'],
  ['kohus', 'kohtu', 'kohut', 'kohtud', 'kohtute'],
  ['võtt', 'võtu', 'võttu', 'võtud'],
  ['kompromiss', 'kompromissi', 'kompromissid'],
  ['garantii', 'garantiid', 'garantiisid'],
  ['tõend', 'tõendi', 'tõendit', 'tõendid'],
  ['õigus', 'õiguse', 'õigust', 'õigused'],
  ['hind', 'hinna', 'hinda', 'hinnad'],
  ['vastutus', 'vastutuse', 'vastutust'],
];

/**
 * The Estonian stems a query word is looked for by: its own, and those of the forms the stemmer leaves
 * apart from it (docs/decisions/ "Search on disk ..."): a genitive or plural that keeps a final vowel the
 * nominative's stem has not ("pretensiooni" → pretensioon, "võlatunnistuse" → võlatunnistus,
 * "testamendi" → testament), a "-ja" genitive of an "-i" word ("volikirja" → volikiri), and the families
 * above. Only the query changes: documents keep their stems, so no rebuild is needed.
 */
export function estonianQueryStems(word: string): string[] {
  const stem = estonianStem(word);
  const stems = [stem];
  if (stem.length >= 5 && ESTONIAN_VOWEL_END.test(stem)) {
    const bare = stem.slice(0, -1);
    stems.push(estonianStem(bare));
    if (bare.endsWith('nd')) stems.push(estonianStem(`${bare.slice(0, -1)}t`));
  }
  if (/[^aeiouõäöü]ja$/.test(stem)) stems.push(estonianStem(`${stem.slice(0, -2)}i`));
  for (const family of ESTONIAN_FORM_FAMILIES) {
    const form = family.find((candidate) => word.endsWith(candidate));
    if (!form) continue;
    const head = word.slice(0, word.length - form.length);
    for (const other of family) if (other !== form) stems.push(estonianStem(head + other));
  }
  return unique(stems);
}

/**
 * The words of a query, each with its prefix in every language (the UI language does not tell which
 * language a person types in, and each document answers only to its own language's stem). Stop words
 * are dropped unless nothing else is left; at most MAX_QUERY_WORDS words.
 */
export function queryWords(text: string): QueryWord[] {
  const all = unique(wordsOf(text));
  const meaningful = all.filter((word) => !STOP_WORDS.has(word));
  const chosen = (meaningful.length > 0 ? meaningful : all).slice(0, MAX_QUERY_WORDS);
  return chosen.map((word) => {
    const exact = foldForSearch(word);
    // The word's own stem without a final vowel (it meets the genitive's); the stems of its other forms as they are.
    const [own, ...others] = estonianQueryStems(word);
    const estonian = unique([
      estonianPrefix(foldForSearch(own!)),
      ...others.map((stem) => foldForSearch(stem)),
    ]);
    const compoundParts = estonian.filter((prefix) => prefix.length >= COMPOUND_PART_MIN);
    const lettered = hasFoldedLetters(word)
      ? [estonianPrefix(own!), ...others].flatMap((stem) => [
          `et:${stem}`,
          ...(stem.length >= COMPOUND_PART_MIN ? [COMPOUND_PART_TAG + stem] : []),
        ])
      : [];
    return {
      prefixes: unique([
        ...estonian.map((prefix) => `et:${prefix}`),
        ...compoundParts.map((prefix) => COMPOUND_PART_TAG + prefix),
        `en:${stemOf(word, 'en')}`,
        `xx:${exact}`,
      ]),
      exact,
      letters: unique(
        hasFoldedLetters(word)
          ? [...lettered, `en:${englishStem(word)}`, `xx:${word}`].filter(hasFoldedLetters)
          : [],
      ),
    };
  });
}

/** The words of a name filter (author or uploader): folded, not stemmed; each must start a name. */
export function nameQueryWords(text: string): QueryWord[] {
  return unique(wordsOf(text))
    .slice(0, MAX_QUERY_WORDS)
    .map((word) => {
      const exact = foldForSearch(word);
      return { prefixes: [exact], exact, letters: [] };
    });
}
