import { SEPA_BASIC_LATIN, sepaText, toSepaLatin } from './sepa-name';

describe('names in the SEPA character set', () => {
  it.each([
    // Greek (ELOT 743, as Greek passports write names)
    ['Γιώργος Παπαδόπουλος', 'GR', 'Giorgos Papadopoulos'],
    ['Ευάγγελος Ευθυμίου', 'GR', 'Evangelos Efthymiou'],
    ['Χρήστος Ψαρρός', 'CY', 'Christos Psarros'],
    ['ΑΙΚΑΤΕΡΙΝΗ ΘΕΟΔΩΡΟΥ', 'GR', 'AIKATERINI THEODOROU'],
    ['Μαΐου Ρωξάνη', 'GR', 'Maiou Roxani'],
    // Bulgarian Cyrillic (Transliteration Act 2009)
    ['Щерю Жеков', 'BG', 'Shteryu Zhekov'],
    ['Мария Цветкова-Христова', 'BG', 'Maria Tsvetkova-Hristova'],
    ['Ъглен Йорданов', 'BG', 'Aglen Yordanov'],
    ['Валерия Ганчева', 'BG', 'Valeria Gancheva'],
    ['ЖИВКО ЩЕРЕВ', 'BG', 'ZHIVKO SHTEREV'],
    // Serbian and Macedonian Cyrillic
    ['Ђорђе Шћепановић', 'RS', 'Djordje Scepanovic'],
    ['Ѓорѓи Ќосев', 'MK', 'Gjorgji Kjosev'],
    // Polish, German, Danish, Estonian and the rest of Europe's Latin letters
    ['Łukasz Żółkiewski-Świątek', 'PL', 'Lukasz Zolkiewski-Swiatek'],
    ['Jürgen Weiß', 'DE', 'Juergen Weiss'],
    ['Ärzte Österreich', 'AT', 'Aerzte Oesterreich'],
    ['MÜLLER', 'DE', 'MUELLER'],
    ['Søren Kierkegård Ærø', 'DK', 'Soeren Kierkegaard Aeroe'],
    ['Søren Kierkegård', 'EE', 'Soren Kierkegard'],
    ['Andres Mägi', 'EE', 'Andres Magi'],
    ['Šarlota Õun-Ääremaa & Co', 'EE', 'Sarlota Oun-Aaremaa + Co'],
    ['Þórður Guðmundsson', 'IS', 'Thordur Gudmundsson'],
    ['Đurđa Tomić', 'HR', 'Durda Tomic'],
    ['François D’Aubigné', 'FR', "Francois D'Aubigne"],
    ['Ştefan Ţîrcă', 'RO', 'Stefan Tirca'],
  ])('writes %s (%s account) as %s', (name, country, expected) => {
    const latin = toSepaLatin(name, country);
    expect(latin).toBe(expected);
    expect(latin).toMatch(SEPA_BASIC_LATIN);
  });

  it('never empties a name: a name in another script cannot be written, and says so with null', () => {
    expect(toSepaLatin('王小明', 'DE')).toBeNull();
    expect(toSepaLatin('Anna 王', 'DE')).toBeNull();
    expect(toSepaLatin('محمد', 'FR')).toBeNull();
    expect(toSepaLatin('***', 'EE')).toBeNull();
    expect(toSepaLatin('   ', 'EE')).toBeNull();
  });

  it('turns symbols outside the set into spaces and keeps the set’s own', () => {
    expect(toSepaLatin('Kadri "Kass" Tamm @ home', 'EE')).toBe('Kadri Kass Tamm home');
    expect(toSepaLatin("O'Brien (Jr.) / 2?", 'IE')).toBe("O'Brien (Jr.) / 2?");
  });

  it('cuts a field to its length', () => {
    expect(sepaText('Ž'.repeat(80), 70, 'SI')).toBe('Z'.repeat(70));
    expect(sepaText('王', 70)).toBe('');
  });
});
