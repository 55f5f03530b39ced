/**
 * A held-out list for Estonian search (issue 28): legal words of the demo catalogue and of everyday
 * contracts, each with forms a person types or a template contains (singular nominative, genitive,
 * partitive, plural, a local case). It was written down before the stemmer's search rules were changed,
 * and measures them (search-terms.unit.spec.ts): recall is the share of ordered pairs of forms of one word
 * where a query of the one finds a document holding the other. The words the issue named as misses
 * (pretensiooni, vaiet, võlatunnistuse) are in it; the rules were worked out on other words (the
 * Snowball vocabulary's endings), and the exception list in search-terms.ts names its own words.
 */
export const ESTONIAN_HELD_OUT: readonly (readonly string[])[] = [
  ['leping', 'lepingu', 'lepingut', 'lepingud', 'lepingute', 'lepingusse'],
  ['tööleping', 'töölepingu', 'töölepingut', 'töölepingud', 'töölepingute'],
  ['üürileping', 'üürilepingu', 'üürilepingut', 'üürilepingud'],
  ['laenuleping', 'laenulepingu', 'laenulepingut'],
  ['kokkulepe', 'kokkuleppe', 'kokkulepet', 'kokkulepped', 'kokkulepete'],
  ['volikiri', 'volikirja', 'volikirjad', 'volikirjade'],
  ['põhikiri', 'põhikirja', 'põhikirjad'],
  ['osanik', 'osaniku', 'osanikku', 'osanikud', 'osanike'],
  ['juhatus', 'juhatuse', 'juhatust', 'juhatused'],
  ['käsundus', 'käsunduse', 'käsundust'],
  ['laen', 'laenu', 'laenud', 'laenude'],
  ['võlatunnistus', 'võlatunnistuse', 'võlatunnistust', 'võlatunnistused'],
  ['testament', 'testamendi', 'testamenti', 'testamendid'],
  ['pärand', 'pärandi', 'pärandit', 'pärandid'],
  ['pretensioon', 'pretensiooni', 'pretensioonid', 'pretensioonide'],
  ['tarbija', 'tarbijat', 'tarbijad', 'tarbijate'],
  ['kaupleja', 'kauplejat', 'kauplejale', 'kauplejad'],
  ['töövõtt', 'töövõtu', 'töövõttu', 'töövõtud'],
  ['ülesütlemine', 'ülesütlemise', 'ülesütlemist'],
  ['avaldus', 'avalduse', 'avaldust', 'avaldused'],
  ['hagiavaldus', 'hagiavalduse', 'hagiavaldust'],
  ['kompromiss', 'kompromissi', 'kompromissid'],
  ['vaie', 'vaide', 'vaiet', 'vaided'],
  ['nõue', 'nõude', 'nõuet', 'nõuded', 'nõuete'],
  ['otsus', 'otsuse', 'otsust', 'otsused', 'otsusele'],
  ['korraldus', 'korralduse', 'korraldust', 'korraldusele'],
  ['töötlemine', 'töötlemise', 'töötlemist'],
  ['sõiduk', 'sõiduki', 'sõidukit', 'sõidukid'],
  ['eluruum', 'eluruumi', 'eluruume'],
  ['kohus', 'kohtu', 'kohut', 'kohtud'],
  ['vallavalitsus', 'vallavalitsuse', 'vallavalitsust'],
  ['konfidentsiaalsus', 'konfidentsiaalsuse', 'konfidentsiaalsust'],
  ['garantii', 'garantiid', 'garantiisid'],
  ['liige', 'liikme', 'liiget', 'liikmed', 'liikmete'],
  ['tagatis', 'tagatise', 'tagatist', 'tagatised'],
  ['komisjon', 'komisjoni', 'komisjonile'],
  ['hüvitis', 'hüvitise', 'hüvitist', 'hüvitised'],
  ['üürnik', 'üürniku', 'üürnikku', 'üürnikud'],
  ['tööandja', 'tööandjat', 'tööandjad'],
  ['töötaja', 'töötajat', 'töötajad', 'töötajate'],
];

/**
 * Queries typed with letters whose diacritics make another word, and which documents of the demo
 * catalogue they mean (by the template's title): "pärandus" (inheritance) must not put the consumer's
 * complaint about repair (parandamise) first. Measured as precision of the first results.
 */
export const ESTONIAN_LETTER_QUERIES: readonly {
  readonly query: string;
  readonly means: readonly string[];
}[] = [
  { query: 'pärandus', means: ['Kodune testament'] },
  { query: 'pärand', means: ['Kodune testament'] },
  { query: 'parandus', means: ['Tarbija pretensioon kauplejale'] },
  { query: 'tööleping', means: ['Tööleping', 'Tähtajaline tööleping', 'Töölepingu ülesütlemise avaldus'] },
  { query: 'tooleping', means: ['Tööleping', 'Tähtajaline tööleping', 'Töölepingu ülesütlemise avaldus'] },
  { query: 'üürileping', means: ['Eluruumi üürileping', 'Äripinna üürileping'] },
  { query: 'võlg', means: ['Võlatunnistus'] },
];
