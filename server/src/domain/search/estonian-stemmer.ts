import { SnowballEnv } from './snowball-env';

/*
 * The Snowball Estonian stemmer (algorithms/estonian.sbl of the Snowball project, snowballstem.org,
 * by Linda Freienthal, 2019; BSD licence), written out in TypeScript routine by routine. Each method
 * below carries the name of its Snowball routine and follows it step for step.
 */

const V1 = 'aeiouõäöü';
const RV = "aeiuo'";
const KI = 'kptgbdshfšzž';
const GI = 'cjlmnqrvwxaeiouõäöü';

const LONG_VOWELS = ['aa', 'ee', 'ii', 'oo', 'uu', 'ää', 'öö', 'üü', 'õõ'];

/** Suffix tables, longest first (a Snowball `among` picks the longest match). */
const byLengthDesc = (suffixes: readonly string[]): readonly string[] =>
  [...suffixes].sort((a, b) => b.length - a.length);

const EMPHASIS = ['gi', 'ki'];
const VERB = byLengthDesc([
  'nuksin',
  'nuksime',
  'nuksid',
  'nuksite',
  'ksin',
  'ksid',
  'ksime',
  'ksite',
  'mata',
  'takse',
  'dakse',
  'taks',
  'daks',
  'akse',
  'sime',
  'site',
  'sin',
  'me',
  'da',
  'n',
  'b',
]);
const SPECIAL_NOUN_ENDINGS: ReadonlyMap<string, string> = new Map([
  ['lasse', 'lase'],
  ['last', 'lase'],
  ['lane', 'lase'],
  ['lasi', 'lase'],
  ['misse', 'mise'],
  ['mist', 'mise'],
  ['mine', 'mise'],
  ['misi', 'mise'],
  ['lisse', 'lise'],
  ['list', 'lise'],
  ['line', 'lise'],
  ['lisi', 'lise'],
]);
const SPECIAL_NOUN_SUFFIXES = byLengthDesc([...SPECIAL_NOUN_ENDINGS.keys()]);
const CASE_ENDINGS = byLengthDesc(['sse', 'st', 'le', 'lt', 'ga', 'ks', 'ta', 't', 's', 'l']);
const PLURAL_THREE_FIRST = byLengthDesc(['ikkude', 'ikke', 'ike', 'sid', 'te', 'de', 'd']);
const TE_BEFORE = ['mis', 'las', 'lis', 't', ''];
const NU = ['nu', 'tu', 'du', 'va'];
const DOUBLE_KPT = ['kk', 'pp', 'tt'];
const DEGREES = byLengthDesc(['mai', 'ma', 'm']);

/** verb_exceptions: irregular verb forms, matched as whole words, and the stem each becomes. */
const VERB_EXCEPTIONS: ReadonlyMap<string, string> = new Map(
  (
    [
      [
        'joo',
        'joon jood joob joote joome joovad jõin jõid jõi jõime jõite joomata juuakse joodakse juua jooma',
      ],
      [
        'saa',
        'saan saad saab saate saame saavad saaksin saaksid saaks saaksite saaksime sain said sai saite saime saamata saadakse saadi saama saada',
      ],
      [
        'viima',
        'viin viid viib viite viime viivad viiksin viiksid viiks viiksite viiksime viisin viisite viisime viimata viiakse viidi viima viia',
      ],
      [
        'keesi',
        'keen keeb keed kees keeme keete keevad keeksin keeks keeksid keeksime keeksite keemata keema keeta keedakse',
      ],
      [
        'löö',
        'löön lööd lööb lööme lööte löövad lööksin lööksid lööks lööksime lööksite löömata lüüakse löödakse löödi lööma lüüa',
      ],
      ['lõi', 'lõin lõid lõi lõime lõite'],
      [
        'loo',
        'loon lood loob loome loote loovad looksin looksid looks looksime looksite loomata luuakse loodi luua looma',
      ],
      [
        'käisi',
        'käin käib käid käis käime käite käivad käiksin käiks käiksid käiksime käiksite käimata käiakse käidi käia käima',
      ],
      [
        'söö',
        'söön sööb sööd sööme sööte söövad sööksin sööks sööksid sööksime sööksite sõin sõi sõid sõime sõite söömata süüakse söödakse söödi sööma süüa',
      ],
      [
        'too',
        'toon tood toob toote toome toovad tooksin tooksid tooks tooksite tooksime tõin tõid tõi tõime tõite toomata tuuakse toodi tooma tuua',
      ],
      [
        'võisi',
        'võin võid võib võime võis võite võivad võiksin võiksid võiks võiksime võiksite võimata võidakse võidi võida võima',
      ],
      [
        'jääma',
        'jään jääd jääb jääme jääte jäävad jääksin jääksid jääks jääksime jääksite jäime jäite jäin jäid jäi jäämata jäädakse jääda jääma jäädi',
      ],
      [
        'müüsi',
        'müün müüd müüb müüs müüme müüte müüvad müüksin müüksid müüks müüksime müüksite müümata müüakse müüdi müüa müüma',
      ],
      ['luge', 'loeb loen loed loeme loete loevad loeks loeksin loeksid loeksime loeksite'],
      ['põde', 'põen põeb põed põeme põete põevad põeksin põeks põeksid põeksime põeksite'],
      ['ladu', 'laon laob laod laome laote laovad laoksin laoks laoksid laoksime laoksite'],
      [
        'tegi',
        'teeksin teeks teeksid teeksime teeksite teen teeb teed teeme teete teevad tegemata tehakse tehti tegema teha',
      ],
      [
        'nägi',
        'näen näeb näed näeme näete näevad näeksin näeks näeksid näeksime näeksite nägemata nähakse nähti näha nägema',
      ],
    ] as const
  ).flatMap(([stem, forms]) => forms.split(' ').map((form) => [form, stem] as const)),
);

class EstonianStemmer extends SnowballEnv {
  private p1 = 0;

  stem(): string {
    const exception = VERB_EXCEPTIONS.get(this.current);
    if (exception !== undefined) return exception;
    this.markRegions();
    this.startBackwards();
    this.keepingCursor(() => this.emphasis());
    this.keepingCursor(() =>
      this.keepingCursorOr(
        () => this.verb(),
        () => this.substantive(),
      ),
    );
    this.keepingCursor(() => this.undoubleKpt());
    this.ket = this.c;
    if (this.eqSB("'")) {
      this.bra = this.c;
      this.sliceDel();
    }
    return this.current;
  }

  /** `A or B`: B runs from the same cursor when A fails. */
  private keepingCursorOr(first: () => boolean, second: () => boolean): boolean {
    return this.keepingCursor(first) || second();
  }

  /** mark_regions: p1 after the first non-vowel that follows a vowel (or after an apostrophe from the third letter on). */
  private markRegions(): void {
    this.p1 = this.limit;
    const apostrophe = this.current.indexOf("'", 2);
    if (this.limit >= 2 && apostrophe >= 0) {
      this.p1 = apostrophe + 1;
      return;
    }
    let i = 0;
    while (i < this.limit && !V1.includes(this.current.charAt(i))) i++;
    if (i >= this.limit) return;
    i++;
    while (i < this.limit && V1.includes(this.current.charAt(i))) i++;
    if (i >= this.limit) return;
    this.p1 = i + 1;
  }

  /** `setlimit tomark p1 for ([substring])` followed by among: the suffix index, or -1. */
  private suffixInR1(suffixes: readonly string[]): number {
    if (this.c < this.p1) return -1;
    const saved = this.limitBackward;
    this.limitBackward = this.p1;
    this.ket = this.c;
    const found = this.findAmongB(suffixes);
    if (found >= 0) this.bra = this.c;
    this.limitBackward = saved;
    return found;
  }

  private longV(): boolean {
    return this.findAmongB(LONG_VOWELS) >= 0;
  }

  /** `RV or LONGV`, looking left of the cursor. */
  private rvOrLongV(): boolean {
    return this.keepingCursor(() => this.inGroupingB(RV)) || this.keepingCursor(() => this.longV());
  }

  private emphasis(): boolean {
    const found = this.suffixInR1(EMPHASIS);
    if (found < 0) return false;
    if (!this.keepingCursor(() => this.hopB(4))) return false;
    if (EMPHASIS[found] === 'gi') {
      if (!this.keepingCursor(() => this.inGroupingB(GI))) return false;
      if (this.keepingCursor(() => this.longV())) return false;
    } else if (!this.inGroupingB(KI)) return false;
    this.sliceDel();
    return true;
  }

  private verb(): boolean {
    const found = this.suffixInR1(VERB);
    if (found < 0) return false;
    const suffix = VERB[found]!;
    if (suffix === 'akse') {
      this.sliceFrom('a');
      return true;
    }
    if (['me', 'da', 'n', 'b'].includes(suffix) && !this.inGroupingB(V1)) return false;
    this.sliceDel();
    return true;
  }

  private substantive(): boolean {
    this.keepingCursor(() => this.specialNounEndings());
    this.keepingCursor(() => this.caseEnding());
    this.keepingCursor(() => this.pluralThreeFirstCases());
    this.keepingCursor(() => this.degrees());
    this.keepingCursor(() => this.iPlural());
    this.keepingCursor(() => this.nu());
    return true;
  }

  private specialNounEndings(): boolean {
    const found = this.suffixInR1(SPECIAL_NOUN_SUFFIXES);
    if (found < 0) return false;
    this.sliceFrom(SPECIAL_NOUN_ENDINGS.get(SPECIAL_NOUN_SUFFIXES[found]!)!);
    return true;
  }

  private caseEnding(): boolean {
    const found = this.suffixInR1(CASE_ENDINGS);
    if (found < 0) return false;
    if (CASE_ENDINGS[found] === 't') {
      if (!this.keepingCursor(() => this.hopB(4))) return false;
    } else if (!this.rvOrLongV()) return false;
    this.sliceDel();
    return true;
  }

  private pluralThreeFirstCases(): boolean {
    const found = this.suffixInR1(PLURAL_THREE_FIRST);
    if (found < 0) return false;
    switch (PLURAL_THREE_FIRST[found]) {
      case 'ikkude':
      case 'ikke':
      case 'ike':
        this.sliceFrom('iku');
        return true;
      case 'sid':
        if (this.keepingCursor(() => this.longV())) return false;
        this.sliceDel();
        return true;
      case 'te':
        if (this.keepingCursor(() => this.hopB(4))) {
          const before = TE_BEFORE[this.findAmongB(TE_BEFORE)];
          if (before === '') this.sliceDel();
          else if (before !== 't') this.sliceFrom('e');
        } else this.sliceFrom('t');
        return true;
      default: // 'de', 'd'
        if (!this.rvOrLongV()) return false;
        this.sliceDel();
        return true;
    }
  }

  private nu(): boolean {
    if (this.suffixInR1(NU) < 0) return false;
    this.sliceDel();
    return true;
  }

  /** undouble_kpt: '-C1C1V' → '-C1V' for k, p and t, when the vowel is in R1. */
  private undoubleKpt(): boolean {
    if (!this.inGroupingB(V1)) return false;
    if (this.p1 > this.c) return false;
    this.ket = this.c;
    const found = this.findAmongB(DOUBLE_KPT);
    if (found < 0) return false;
    this.bra = this.c;
    this.sliceFrom(DOUBLE_KPT[found]!.charAt(0));
    return true;
  }

  private degrees(): boolean {
    const found = this.suffixInR1(DEGREES);
    if (found < 0) return false;
    if (DEGREES[found] !== 'ma' && !this.inGroupingB(RV)) return false;
    this.sliceDel();
    return true;
  }

  private iPlural(): boolean {
    if (this.suffixInR1(['i']) < 0) return false;
    if (!this.inGroupingB(RV)) return false;
    this.sliceDel();
    return true;
  }
}

/** The Snowball Estonian stem of one lower-case word (with its diacritics: õ ä ö ü š ž matter to the rules). */
export function estonianStem(word: string): string {
  return new EstonianStemmer(word).stem();
}
