/**
 * Plausible clauses of a legal template, in Estonian or English, for demo files and tests. Deterministic:
 * the same title, language and count always give the same text (the variants are chosen by a hash of the
 * title), so generated files and their page counts are reproducible.
 */

interface Section {
  readonly heading: string;
  readonly sentences: readonly string[];
}

const ESTONIAN: readonly Section[] = [
  {
    heading: 'Üldsätted',
    sentences: [
      'Käesolev leping („Leping“) sõlmitakse poolte vahel allpool märgitud kuupäeval ning see reguleerib poolte õigusi ja kohustusi lepingu esemega seotud küsimustes.',
      'Lepingus kasutatud mõisteid tõlgendatakse kooskõlas Eesti Vabariigi õigusaktidega, kui lepingust ei tulene teisiti.',
      'Pooled kinnitavad, et neil on lepingu sõlmimiseks kõik vajalikud volitused ja nõusolekud.',
      'Lepingu lisad on lepingu lahutamatud osad; vastuolu korral lähtutakse lepingu põhitekstist.',
    ],
  },
  {
    heading: 'Lepingu ese',
    sentences: [
      'Lepingu esemeks on pealkirjas nimetatud tehingu tingimuste kokkuleppimine ning poolte kohustuste täpsustamine.',
      'Teostaja kohustub täitma lepingust tulenevad kohustused hoolikalt, õigeaegselt ja heas usus.',
      'Tellija kohustub andma teostajale kogu lepingu täitmiseks vajaliku teabe ja dokumendid mõistliku aja jooksul.',
      'Lepingu täitmise koht on poolte kokkuleppel teostaja tegevuskoht, kui lisas ei ole märgitud teisiti.',
    ],
  },
  {
    heading: 'Poolte õigused ja kohustused',
    sentences: [
      'Pool on kohustatud viivitamata teavitama teist poolt asjaoludest, mis võivad takistada lepingu nõuetekohast täitmist.',
      'Pooltel on õigus nõuda lepingu täitmist ning lepingu rikkumise korral kasutada seadusest tulenevaid õiguskaitsevahendeid.',
      'Kumbki pool ei tohi loovutada lepingust tulenevaid õigusi ega kohustusi kolmandale isikule ilma teise poole kirjaliku nõusolekuta.',
      'Pooled teevad lepingu täitmisel koostööd ning lahendavad tekkinud küsimused eelkõige läbirääkimiste teel.',
    ],
  },
  {
    heading: 'Tasu ja maksetingimused',
    sentences: [
      'Tasu makstakse arve alusel neljateistkümne päeva jooksul arve esitamisest arvates, kui pooled ei ole kokku leppinud teisiti.',
      'Tasu sisaldab kõiki lepingu täitmisega seotud kulusid, välja arvatud juhul, kui lepingus on sätestatud teisiti.',
      'Maksega viivitamise korral on õigustatud poolel õigus nõuda viivist 0,05% tasumata summast iga viivitatud päeva eest.',
      'Käibemaks lisandub tasule vastavalt kehtivale käibemaksuseadusele.',
    ],
  },
  {
    heading: 'Konfidentsiaalsus',
    sentences: [
      'Pooled hoiavad konfidentsiaalsena kogu teabe, mis on neile teatavaks saanud lepingu sõlmimise või täitmise käigus.',
      'Konfidentsiaalsuskohustus kehtib lepingu kehtivuse ajal ning viis aastat pärast lepingu lõppemist.',
      'Konfidentsiaalsuskohustus ei laiene teabele, mis on avalikult kättesaadav või mille avaldamist nõuab seadus.',
    ],
  },
  {
    heading: 'Vastutus',
    sentences: [
      'Pool vastutab teisele poolele lepingu rikkumisega tekitatud otsese varalise kahju eest.',
      'Pool ei vastuta saamata jäänud tulu ega kaudse kahju eest, välja arvatud tahtliku rikkumise korral.',
      'Vääramatu jõu asjaolude esinemisel vabanevad pooled vastutusest vääramatu jõu kestuse ajaks.',
    ],
  },
  {
    heading: 'Lepingu kehtivus ja lõpetamine',
    sentences: [
      'Leping jõustub allkirjastamise hetkest ning kehtib kuni poolte kohustuste täieliku täitmiseni.',
      'Kumbki pool võib lepingu korraliselt üles öelda, teatades sellest teisele poolele kirjalikult üks kuu ette.',
      'Pool võib lepingu erakorraliselt üles öelda, kui teine pool on lepingut oluliselt rikkunud ega ole rikkumist mõistliku aja jooksul kõrvaldanud.',
    ],
  },
  {
    heading: 'Lõppsätted',
    sentences: [
      'Lepingust tulenevad vaidlused lahendatakse läbirääkimiste teel, kokkuleppe mittesaavutamisel Harju Maakohtus.',
      'Lepingu muudatused ja täiendused kehtivad üksnes kirjalikku taasesitamist võimaldavas vormis.',
      'Leping on koostatud eesti keeles kahes võrdset õigusjõudu omavas eksemplaris, üks kummalegi poolele.',
      'Kui mõni lepingu säte osutub kehtetuks, ei mõjuta see lepingu ülejäänud sätete kehtivust.',
    ],
  },
];

const ENGLISH: readonly Section[] = [
  {
    heading: 'General provisions',
    sentences: [
      'This agreement (the "Agreement") is entered into by the parties on the date indicated below and governs their rights and obligations in respect of its subject matter.',
      'Terms used in this Agreement shall be interpreted in accordance with the applicable law unless the Agreement provides otherwise.',
      'Each party confirms that it holds all authorisations and consents required to enter into this Agreement.',
      'The annexes form an integral part of this Agreement; in case of conflict, the main body of the Agreement prevails.',
    ],
  },
  {
    heading: 'Subject matter',
    sentences: [
      'The subject matter of this Agreement is the terms of the transaction named in its title and the obligations of the parties arising from it.',
      'The Contractor shall perform its obligations with due care, in good time and in good faith.',
      'The Client shall provide the Contractor with all information and documents necessary for performance within a reasonable time.',
      'Unless an annex provides otherwise, the place of performance is the place of business of the Contractor.',
    ],
  },
  {
    heading: 'Rights and obligations of the parties',
    sentences: [
      'Each party shall notify the other without delay of any circumstance that may prevent the proper performance of this Agreement.',
      'Each party may demand performance and, in the event of a breach, use the remedies available under the applicable law.',
      'Neither party may assign its rights or obligations under this Agreement to a third party without the prior written consent of the other.',
      'The parties shall cooperate in good faith and shall first seek to resolve any issue by negotiation.',
    ],
  },
  {
    heading: 'Fees and payment',
    sentences: [
      'The fee shall be paid within fourteen days of the date of the invoice unless the parties agree otherwise.',
      'The fee includes all costs related to the performance of this Agreement unless expressly stated otherwise.',
      'In the event of late payment, the creditor may claim late interest of 0.05% of the overdue amount for each day of delay.',
      'Value added tax shall be added to the fee in accordance with the applicable law.',
    ],
  },
  {
    heading: 'Confidentiality',
    sentences: [
      'The parties shall keep confidential all information disclosed to them in connection with the conclusion or performance of this Agreement.',
      'The duty of confidentiality applies during the term of this Agreement and for five years after its termination.',
      'The duty of confidentiality does not extend to information that is publicly available or whose disclosure is required by law.',
    ],
  },
  {
    heading: 'Liability',
    sentences: [
      'A party is liable to the other party for direct damage caused by a breach of this Agreement.',
      'Neither party is liable for loss of profit or indirect damage, except in the case of intentional breach.',
      'A party is released from liability for the duration of any event of force majeure.',
    ],
  },
  {
    heading: 'Term and termination',
    sentences: [
      'This Agreement enters into force upon signature and remains in force until the obligations of the parties have been performed in full.',
      'Either party may terminate this Agreement by giving the other party one month of written notice.',
      'A party may terminate this Agreement with immediate effect if the other party commits a material breach and fails to remedy it within a reasonable time.',
    ],
  },
  {
    heading: 'Final provisions',
    sentences: [
      'Disputes arising from this Agreement shall be resolved by negotiation and, failing agreement, by the competent court.',
      'Amendments to this Agreement are valid only if made in a form that can be reproduced in writing.',
      'This Agreement is made in two copies of equal legal force, one for each party.',
      'If any provision of this Agreement is found to be invalid, the validity of the remaining provisions is not affected.',
    ],
  },
];

/** FNV-1a, enough to pick variants deterministically from a title. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * `count` numbered clauses ("3.2. …") of a template titled `title`: Estonian for `et`, English otherwise.
 * Sections follow the usual order (general provisions … final provisions) and repeat with continued
 * numbering when more clauses are asked for than one pass holds.
 */
export function templateClauses(title: string, language: string, count: number): string[] {
  const sections = language === 'et' ? ESTONIAN : ENGLISH;
  const seed = hashOf(`${language}:${title}`);
  const clauses: string[] = [];
  let sectionNumber = 0;
  while (clauses.length < count) {
    const section = sections[sectionNumber % sections.length]!;
    sectionNumber++;
    clauses.push(`${sectionNumber}. ${section.heading}`);
    const clauseCount = Math.min(section.sentences.length, 2 + ((seed >>> (sectionNumber % 24)) % 3));
    for (let i = 0; i < clauseCount && clauses.length < count; i++) {
      const sentence = section.sentences[(seed + i + sectionNumber) % section.sentences.length]!;
      clauses.push(`${sectionNumber}.${i + 1}. ${sentence}`);
    }
  }
  return clauses;
}
