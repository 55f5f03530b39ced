import { SnowballEnv } from './snowball-env';

/*
 * The Snowball English ("Porter2") stemmer (algorithms/english.sbl of the Snowball project,
 * snowballstem.org, by Martin Porter; BSD licence), written out in TypeScript. Method names follow
 * the Snowball routines.
 */

const V = 'aeiouy';
const V_WXY = 'aeiouywxY';
const AEO = 'aeo';
const VALID_LI = 'cdeghkmnrt';

const byLengthDesc = (suffixes: readonly string[]): readonly string[] =>
  [...suffixes].sort((a, b) => b.length - a.length);

/** exception1: whole words with a fixed stem (the invariant ones map to themselves). */
const EXCEPTION1: ReadonlyMap<string, string> = new Map([
  ['skis', 'ski'],
  ['skies', 'sky'],
  ['dying', 'die'],
  ['lying', 'lie'],
  ['tying', 'tie'],
  ['idly', 'idl'],
  ['gently', 'gentl'],
  ['ugly', 'ugli'],
  ['early', 'earli'],
  ['only', 'onli'],
  ['singly', 'singl'],
  ['sky', 'sky'],
  ['news', 'news'],
  ['howe', 'howe'],
  ['atlas', 'atlas'],
  ['cosmos', 'cosmos'],
  ['bias', 'bias'],
  ['andes', 'andes'],
]);

/** exception2: whole words (after step 1a) that the later steps leave alone. */
const EXCEPTION2 = new Set([
  'inning',
  'outing',
  'canning',
  'herring',
  'earring',
  'evening',
  'proceed',
  'exceed',
  'succeed',
]);

const REGION_PREFIXES = ['gener', 'commun', 'arsen'];

const STEP_1A_APOSTROPHE = byLengthDesc(["'", "'s", "'s'"]);
const STEP_1A = byLengthDesc(['sses', 'ied', 'ies', 's', 'us', 'ss']);
const STEP_1B = byLengthDesc(['eed', 'eedly', 'ed', 'edly', 'ing', 'ingly']);
const STEP_1B_ENDINGS = byLengthDesc([
  'at',
  'bl',
  'iz',
  'bb',
  'dd',
  'ff',
  'gg',
  'mm',
  'nn',
  'pp',
  'rr',
  'tt',
  '',
]);
const STEP_2: ReadonlyMap<string, string> = new Map([
  ['tional', 'tion'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['abli', 'able'],
  ['entli', 'ent'],
  ['izer', 'ize'],
  ['ization', 'ize'],
  ['ational', 'ate'],
  ['ation', 'ate'],
  ['ator', 'ate'],
  ['alism', 'al'],
  ['aliti', 'al'],
  ['alli', 'al'],
  ['fulness', 'ful'],
  ['ousli', 'ous'],
  ['ousness', 'ous'],
  ['iveness', 'ive'],
  ['iviti', 'ive'],
  ['biliti', 'ble'],
  ['bli', 'ble'],
  ['ogi', 'og'],
  ['fulli', 'ful'],
  ['lessli', 'less'],
  ['li', ''],
]);
const STEP_2_SUFFIXES = byLengthDesc([...STEP_2.keys()]);
const STEP_3: ReadonlyMap<string, string> = new Map([
  ['tional', 'tion'],
  ['ational', 'ate'],
  ['alize', 'al'],
  ['icate', 'ic'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', ''],
  ['ative', ''],
]);
const STEP_3_SUFFIXES = byLengthDesc([...STEP_3.keys()]);
const STEP_4 = byLengthDesc([
  'al',
  'ance',
  'ence',
  'er',
  'ic',
  'able',
  'ible',
  'ant',
  'ement',
  'ment',
  'ent',
  'ism',
  'ate',
  'iti',
  'ous',
  'ive',
  'ize',
  'ion',
]);
const STEP_5 = ['e', 'l'];

class EnglishStemmer extends SnowballEnv {
  private p1 = 0;
  private p2 = 0;
  private yFound = false;

  stem(): string {
    const exception = EXCEPTION1.get(this.current);
    if (exception !== undefined) return exception;
    if (this.current.length < 3) return this.current;
    this.prelude();
    this.markRegions();
    this.startBackwards();
    this.keepingCursor(() => this.step1a());
    if (!this.keepingCursor(() => this.exception2())) {
      this.keepingCursor(() => this.step1b());
      this.keepingCursor(() => this.step1c());
      this.keepingCursor(() => this.step2());
      this.keepingCursor(() => this.step3());
      this.keepingCursor(() => this.step4());
      this.keepingCursor(() => this.step5());
    }
    if (this.yFound) this.current = this.current.replaceAll('Y', 'y');
    return this.current;
  }

  /** prelude: drops a leading apostrophe; marks an initial y and every y after a vowel as consonant Y. */
  private prelude(): void {
    if (this.current.startsWith("'")) this.current = this.current.slice(1);
    let word = '';
    for (let i = 0; i < this.current.length; i++) {
      const letter = this.current.charAt(i);
      const consonantY = letter === 'y' && (i === 0 || V.includes(word.charAt(i - 1)));
      if (consonantY) this.yFound = true;
      word += consonantY ? 'Y' : letter;
    }
    this.current = word;
    this.limit = word.length;
    this.c = 0;
  }

  /** mark_regions: R1 and R2 as in Porter2, with the gener-/commun-/arsen- exceptions for R1. */
  private markRegions(): void {
    this.p1 = this.limit;
    this.p2 = this.limit;
    const word = this.current;
    const pastVowelThenConsonant = (from: number): number => {
      let i = from;
      while (i < word.length && !V.includes(word.charAt(i))) i++;
      if (i >= word.length) return -1;
      i++;
      while (i < word.length && V.includes(word.charAt(i))) i++;
      return i >= word.length ? -1 : i + 1;
    };
    const prefix = REGION_PREFIXES.find((p) => word.startsWith(p));
    const r1 = prefix ? prefix.length : pastVowelThenConsonant(0);
    if (r1 < 0) return;
    this.p1 = r1;
    const r2 = pastVowelThenConsonant(r1);
    if (r2 < 0) return;
    this.p2 = r2;
  }

  private r1(): boolean {
    return this.p1 <= this.c;
  }

  private r2(): boolean {
    return this.p2 <= this.c;
  }

  /** shortv: the syllable left of the cursor is short. */
  private shortV(): boolean {
    return (
      this.keepingCursor(() => this.outGroupingB(V_WXY) && this.inGroupingB(V) && this.outGroupingB(V)) ||
      this.keepingCursor(() => this.outGroupingB(V) && this.inGroupingB(V) && this.c === this.limitBackward)
    );
  }

  private step1a(): boolean {
    this.keepingCursor(() => {
      this.ket = this.c;
      if (this.findAmongB(STEP_1A_APOSTROPHE) < 0) return;
      this.bra = this.c;
      this.sliceDel();
    });
    this.ket = this.c;
    const found = this.findAmongB(STEP_1A);
    if (found < 0) return false;
    this.bra = this.c;
    switch (STEP_1A[found]) {
      case 'sses':
        this.sliceFrom('ss');
        return true;
      case 'ied':
      case 'ies':
        this.sliceFrom(this.keepingCursor(() => this.hopB(2)) ? 'i' : 'ie');
        return true;
      case 's': {
        // next gopast v: a vowel somewhere before the letter that precedes the s.
        if (!this.hopB(1)) return false;
        if (
          !this.current
            .slice(this.limitBackward, this.c)
            .split('')
            .some((l) => V.includes(l))
        )
          return false;
        this.sliceDel();
        return true;
      }
      default: // 'us', 'ss'
        return true;
    }
  }

  private exception2(): boolean {
    return EXCEPTION2.has(this.current.slice(this.limitBackward, this.limit));
  }

  private step1b(): boolean {
    this.ket = this.c;
    const found = this.findAmongB(STEP_1B);
    if (found < 0) return false;
    this.bra = this.c;
    const suffix = STEP_1B[found]!;
    if (suffix === 'eed' || suffix === 'eedly') {
      if (!this.r1()) return false;
      this.sliceFrom('ee');
      return true;
    }
    // test gopast v
    if (
      !this.current
        .slice(this.limitBackward, this.c)
        .split('')
        .some((l) => V.includes(l))
    )
      return false;
    this.sliceDel();
    this.c = this.limit;
    this.ket = this.c;
    this.bra = this.c;
    const ending = this.keepingCursor(() => STEP_1B_ENDINGS[this.findAmongB(STEP_1B_ENDINGS)]!);
    if (ending === 'at' || ending === 'bl' || ending === 'iz') {
      this.sliceFrom('e');
      return false;
    }
    if (ending === '') {
      if (this.c === this.p1 && this.shortV()) this.sliceFrom('e');
      return false;
    }
    // A double consonant: undouble it, except in a word like "add" (a, e or o, then the double, and nothing before).
    const atStartAfterAeo =
      this.c - 2 - 1 === this.limitBackward && AEO.includes(this.current.charAt(this.c - 3));
    if (atStartAfterAeo) return false;
    this.ket = this.c;
    this.c--;
    this.bra = this.c;
    this.sliceDel();
    return true;
  }

  private step1c(): boolean {
    this.ket = this.c;
    if (!this.eqSB('y') && !this.eqSB('Y')) return false;
    this.bra = this.c;
    if (!this.outGroupingB(V)) return false;
    if (this.c === this.limitBackward) return false;
    this.sliceFrom('i');
    return true;
  }

  private step2(): boolean {
    this.ket = this.c;
    const found = this.findAmongB(STEP_2_SUFFIXES);
    if (found < 0) return false;
    this.bra = this.c;
    if (!this.r1()) return false;
    const suffix = STEP_2_SUFFIXES[found]!;
    if (suffix === 'ogi' && !this.eqSB('l')) return false;
    if (suffix === 'li' && !this.inGroupingB(VALID_LI)) return false;
    this.sliceFrom(STEP_2.get(suffix)!);
    return true;
  }

  private step3(): boolean {
    this.ket = this.c;
    const found = this.findAmongB(STEP_3_SUFFIXES);
    if (found < 0) return false;
    this.bra = this.c;
    if (!this.r1()) return false;
    const suffix = STEP_3_SUFFIXES[found]!;
    if (suffix === 'ative' && !this.r2()) return false;
    this.sliceFrom(STEP_3.get(suffix)!);
    return true;
  }

  private step4(): boolean {
    this.ket = this.c;
    const found = this.findAmongB(STEP_4);
    if (found < 0) return false;
    this.bra = this.c;
    if (!this.r2()) return false;
    if (STEP_4[found] === 'ion' && !this.eqSB('s') && !this.eqSB('t')) return false;
    this.sliceDel();
    return true;
  }

  private step5(): boolean {
    this.ket = this.c;
    const found = this.findAmongB(STEP_5);
    if (found < 0) return false;
    this.bra = this.c;
    if (STEP_5[found] === 'e') {
      if (!(this.r2() || (this.r1() && !this.shortV()))) return false;
    } else if (!(this.r2() && this.eqSB('l'))) return false;
    this.sliceDel();
    return true;
  }
}

/** The Snowball English (Porter2) stem of one lower-case word. */
export function englishStem(word: string): string {
  return new EnglishStemmer(word).stem();
}
