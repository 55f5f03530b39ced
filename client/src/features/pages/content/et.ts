import { COMPANY } from '../../../config/company';
import type { SiteContent } from './page-content';

const NOT_LEGAL_ADVICE =
  'Lepinguturg ei osuta õigusabi ega asenda juristi nõuannet. Dokumendipõhjad on üldised näidised: enne kasutamist veenduge, et põhi sobib teie olukorraga, ja vajaduse korral küsige nõu juristilt.';

/** The static pages in Estonian (SPEC §2 "Static pages"). */
export const ET: SiteContent = {
  labels: {
    registryCode: 'Registrikood',
    vatNumber: 'KMKR number',
    address: 'Aadress',
    email: 'E-post',
    phone: 'Telefon',
    privacyEmail: 'Andmekaitse küsimused',
    updated: 'Viimati muudetud',
    contents: 'Sisukord',
  },
  team: [
    {
      name: 'Kristiina Lepp',
      role: 'Asutaja ja tegevjuht',
      text: 'Vandeadvokaat, kes töötas viisteist aastat äriõiguse alal ja nägi, kui palju aega kulub iga kord samade lepingute nullist kirjutamisele.',
    },
    {
      name: 'Andres Kuusk',
      role: 'Sisutoimetaja',
      text: 'Jurist, kes vaatab üle iga avaldatud põhja vormistuse ja aitab autoritel kirjeldada, milleks põhi sobib ja milleks mitte.',
    },
    {
      name: 'Liis Saar',
      role: 'Tootejuht ja arendaja',
      text: 'Ehitab Lepinguturgu nii, et põhja leidmine, ostmine ja allalaadimine võtaks minuteid, mitte tunde – ka telefonis ja abivahenditega.',
    },
    {
      name: 'Marko Tamm',
      role: 'Klienditugi ja väljamaksed',
      text: 'Vastab ostjate ja autorite küsimustele tööpäeviti ning hoolitseb, et autorite litsentsitasud jõuaksid nendeni õigel ajal.',
    },
  ],
  pages: {
    contacts: {
      title: 'Kontaktid',
      description:
        'Lepinguturg OÜ kontaktid: registrikood, aadress, e-post ja telefon. Vastame küsimustele dokumendipõhjade, maksete ja väljamaksete kohta ühe tööpäeva jooksul.',
      lead: 'Küsimused põhjade, maksete või väljamaksete kohta? Kirjutage meile – vastame ühe tööpäeva jooksul.',
      sections: [
        {
          heading: 'Klienditugi',
          paragraphs: [
            'Oleme kättesaadavad tööpäeviti kell 9–17. Ostuga seotud pöördumise korral lisage kirjale ostu number või e-posti aadress, millega ostu tegite.',
            'Dokumendi sisu kohta õigusnõu me anda ei saa: põhja autor vastutab põhja sisu eest ja teie olukorra kohta oskab nõu anda jurist.',
          ],
        },
      ],
    },
    team: {
      title: 'Tiim',
      description:
        'Lepinguturu tiim: juristid ja tarkvaraarendajad Tallinnas, kes teevad heade dokumendipõhjade leidmise lihtsaks ja autoritele õiglaseks.',
      lead: 'Oleme väike juristide ja tarkvaraarendajate tiim Tallinnas. Usume, et head dokumendipõhjad peavad olema kergesti leitavad ning nende autorid saama oma töö eest õiglast tasu.',
      sections: [],
    },
    missionvision: {
      title: 'Missioon ja visioon',
      description:
        'Lepinguturu missioon on teha kvaliteetsed juriidiliste dokumentide põhjad kõigile kättesaadavaks ja tasustada eksperte, kes need kirjutavad.',
      sections: [
        {
          id: 'mission',
          heading: 'Missioon',
          paragraphs: [
            'Teeme kvaliteetsed juriidiliste dokumentide põhjad kõigile kättesaadavaks ja tasustame eksperte, kes need kirjutavad.',
            'Väikeettevõtja, korteriühistu või eraisik ei peaks iga lepingu jaoks nullist alustama. Autor ei peaks oma parimaid põhju sahtlisse jätma. Lepinguturg toob nad kokku: autor määrab hinna, ostja näeb enne ostu eelvaadet ja maksab ainult selle eest, mida vajab.',
          ],
        },
        {
          id: 'vision',
          heading: 'Visioon',
          paragraphs: [
            'Olla Baltimaade ja Põhjamaade koht, kust inimesed ja ettevõtted alustavad iga juriidilist dokumenti.',
            'Näeme tulevikku, kus hea põhi on sama lihtne leida kui raamatukogu raamat, kus iga põhja juures on selge, millise riigi õiguse järgi see on koostatud ja kellele see sobib, ning kus juristi aeg kulub nõu andmisele, mitte vormistamisele.',
          ],
        },
      ],
    },
    termsofuse: {
      title: 'Kasutustingimused',
      description:
        'Lepinguturu kasutustingimused: kuidas dokumendipõhju otsida, osta ja alla laadida, hinnad ja tasud, litsents, vastutus ning vaidluste lahendamine.',
      updated: '01.07.2025',
      lead: `Need tingimused kehtivad kõigile, kes kasutavad veebilehte Lepinguturg, mida haldab ${COMPANY.name} (registrikood ${COMPANY.registryCode}, ${COMPANY.address.et}).`,
      sections: [
        {
          heading: '1. Teenus',
          paragraphs: [
            'Lepinguturg on veebipõhine turg, kus autorid (üleslaadijad) avaldavad juriidiliste dokumentide põhju ja ostjad saavad neid otsida, eelvaadet vaadata, osta ja alla laadida. Sirvimiseks ja otsimiseks ei pea registreeruma.',
            NOT_LEGAL_ADVICE,
          ],
        },
        {
          heading: '2. Põhjade sisu',
          paragraphs: [
            'Põhja sisu eest vastutab selle autor. Me kontrollime põhja vormistust ja kirjeldust, kuid ei kontrolli, kas põhi vastab igas olukorras kehtivale õigusele. Põhja juures on märgitud selle keel, õigusvaldkond ja kohalduv õigus.',
          ],
        },
        {
          heading: '3. Ostmine ja hinnad',
          items: [
            'Hinnad on eurodes ja sisaldavad käibemaksu. Põhja hinna määrab autor; tasuta põhjad saab alla laadida ilma maksmata.',
            'Lisatud põhjad hoitakse ostukorvis üks tund. Enne maksmist kinnitate, et olete näinud ostetavate dokumentide eelvaateid, ja nõustute nende tingimustega.',
            'Maksed tehakse pangalingi või kaardiga makseteenuse pakkuja kaudu. Ost jõustub, kui makse on laekunud.',
          ],
        },
        {
          heading: '4. Allalaadimine ja litsents',
          paragraphs: [
            'Pärast makset saate ostetud failid alla laadida umbes 24 tunni jooksul, üksikult või kõik korraga ZIP-failina. Salvestage failid endale.',
            'Ostuga saate lihtlitsentsi kasutada põhja oma tarbeks ja oma klientide tarbeks lepingute koostamiseks. Põhja ennast ei tohi edasi müüa, avalikult levitada ega teisele põhjade turule üles laadida.',
          ],
        },
        {
          heading: '5. Taganemisõigus',
          paragraphs: [
            'Digitaalse sisu puhul, mis tehakse teile kohe pärast makset kättesaadavaks, kaotab tarbija 14-päevase taganemisõiguse, kui ta on andnud selleks eelneva nõusoleku (võlaõigusseaduse § 53 lõike 4 punkt 13). Kui fail on vigane või ei vasta kirjeldusele, kirjutage meile ja lahendame olukorra.',
          ],
        },
        {
          heading: '6. Vastutus',
          paragraphs: [
            'Vastutame teenuse toimimise eest seaduses sätestatud ulatuses. Me ei vastuta kahju eest, mis tuleneb põhja kasutamisest olukorras, milleks see ei sobinud, ega õigusnõu puudumisest.',
          ],
        },
        {
          heading: '7. Vaidlused',
          paragraphs: [
            `Kaebused palume saata aadressile ${COMPANY.email}; vastame 15 päeva jooksul. Kui me kokkuleppele ei jõua, võib tarbija pöörduda Tarbijavaidluste komisjoni poole (www.komisjon.ee) või Euroopa Liidu vaidluste veebilahenduse platvormile. Vaidlused lahendatakse Eesti õiguse järgi.`,
          ],
        },
        {
          heading: '8. Muudatused',
          paragraphs: [
            'Võime tingimusi muuta. Muudatustest teatame veebilehel vähemalt 30 päeva ette; enne muudatust tehtud ostudele kehtivad ostu ajal kehtinud tingimused.',
          ],
        },
      ],
    },
    privacypolicy: {
      title: 'Privaatsustingimused',
      description:
        'Kuidas Lepinguturg töötleb isikuandmeid: vastutav töötleja, eesmärgid, õiguslikud alused, säilitamise ajad, volitatud töötlejad ja teie õigused isikuandmete kaitse üldmääruse järgi.',
      updated: '01.07.2025',
      lead: 'Töötleme ainult neid andmeid, mida on vaja turu pidamiseks, ostude teenindamiseks ja seadusest tulenevate kohustuste täitmiseks.',
      sections: [
        {
          heading: '1. Vastutav töötleja',
          paragraphs: [
            `${COMPANY.name}, registrikood ${COMPANY.registryCode}, ${COMPANY.address.et}. Andmekaitse küsimustes kirjutage aadressile ${COMPANY.privacyEmail}.`,
          ],
        },
        {
          heading: '2. Milliseid andmeid töötleme',
          items: [
            'Ostukorv ja ostud: ostukorvi tunnus, ostetud dokumendid, maksja nimi, e-post ja aadress, makse olek.',
            'Kasutajakonto: e-posti aadress, nimi ja profiiliandmed, mille ise sisestate (sünniaeg, aadress, riik, keel, tegevusvaldkonnad, lisainfo, organisatsioon), ning iga välja avalikkuse valik.',
            'Autorid: üles laaditud dokumendid, müügid, litsentsitasud ja väljamakseteks IBAN.',
            'Tehnilised andmed: sisselogimise ja turvalisuse logid, keele- ja ligipääsetavuse eelistused küpsistes.',
          ],
        },
        {
          heading: '3. Eesmärgid ja õiguslikud alused',
          items: [
            'Ostu ja konto teenindamine, failide kättesaadavaks tegemine ning väljamaksed – lepingu täitmine (isikuandmete kaitse üldmääruse artikli 6 lõike 1 punkt b).',
            'Raamatupidamine ja maksuaruandlus – seadusest tulenev kohustus (punkt c).',
            'Teenuse turvalisus, pettuste ennetamine ja statistika ilma isikut tuvastamata – õigustatud huvi (punkt f).',
            'Külastusstatistika märgendihalduri kaudu – ainult teie nõusolekul (punkt a), mille saate igal ajal tagasi võtta.',
          ],
        },
        {
          heading: '4. Säilitamine',
          items: [
            'Ostukorv: kuni selle aegumiseni (üks tund pärast viimast muudatust) ja seejärel ilma isikuandmeteta.',
            'Ostude ja väljamaksete raamatupidamisandmed: 7 aastat majandusaasta lõpust (raamatupidamise seaduse § 12).',
            'Kasutajakonto ja profiil: kuni konto kustutamiseni; avaldatud ja müüdud dokumentide andmed nii kaua, kui seda nõuab raamatupidamine.',
            'Turvalogid: kuni 12 kuud.',
          ],
        },
        {
          heading: '5. Volitatud töötlejad ja vastuvõtjad',
          items: [
            'Majutus- ja failiteenuse pakkuja Euroopa Liidus (serverid ja varukoopiad).',
            'Makseteenuse pakkuja Maksekeskus AS (pangalingid ja kaardimaksed).',
            'E-posti saatmise teenuse pakkuja (kinnituskoodid ja ostukinnitused).',
            'Raamatupidamisteenuse pakkuja ja Maksu- ja Tolliamet seadusega nõutud ulatuses.',
            'Märgendihaldur (Google Tag Manager) ainult siis, kui olete küpsistega nõustunud.',
          ],
          paragraphs: [
            'Andmeid ei müüda. Kui mõni teenusepakkuja töötleb andmeid väljaspool Euroopa Majanduspiirkonda, teeme seda ainult Euroopa Komisjoni kaitse piisavuse otsuse või tüüptingimuste alusel.',
          ],
        },
        {
          heading: '6. Teie õigused',
          paragraphs: [
            'Teil on õigus tutvuda oma andmetega, neid parandada, nõuda nende kustutamist või töötlemise piiramist, esitada vastuväiteid, saada oma andmed masinloetaval kujul ning võtta nõusolek tagasi. Profiili andmeid saate ise muuta lehel „Minu andmed“.',
            'Kui leiate, et rikume teie õigusi, võite pöörduda Andmekaitse Inspektsiooni poole (www.aki.ee, info@aki.ee).',
          ],
        },
        {
          heading: '7. Küpsised',
          paragraphs: [
            'Hädavajalikud küpsised ja brauseri salvestusruum hoiavad teie ostukorvi, keelt, ligipääsetavuse valikut ja sisselogimist. Statistika küpsised lisanduvad ainult siis, kui märgendihaldur on sisse lülitatud ja olete küpsiseteatel nõustunud.',
          ],
        },
      ],
    },
    accessibility: {
      title: 'Ligipääsetavuse teatis',
      description:
        'Lepinguturu ligipääsetavuse teatis: milliseid nõudeid veebileht täidab, teadaolevad puudused ja kuidas anda tagasisidet.',
      updated: '01.07.2025',
      lead: `${COMPANY.name} soovib, et Lepinguturgu saaks kasutada igaüks, sealhulgas ekraanilugeja, klaviatuuri või suurendusega. Teatis kehtib veebilehe lepinguturg.ee ja lepinguturg.com kohta.`,
      sections: [
        {
          heading: 'Vastavus',
          paragraphs: [
            'Veebileht vastab osaliselt standardile EN 301 549 ja juhistele WCAG 2.1 tasemel AA. Leheküljed testitakse automaatselt axe-core tööriistaga ning käsitsi klaviatuuri ja ekraanilugejaga.',
          ],
        },
        {
          heading: 'Mida teeme ligipääsetavuse heaks',
          items: [
            'Ligipääsetavuse paneel: kolm teksti suurust (16, 18 ja 24 pikslit) ja suur kontrastsus; valik jääb meelde.',
            'Kõiki toiminguid saab teha klaviatuuriga; fookus liigub uue lehe pealkirjale ja dialoogi sulgemisel tagasi nupule, mis selle avas.',
            'Igal väljal on nähtav silt, vead kuvatakse välja juures ja loetakse ette.',
            'Leht töötab ka kitsal ekraanil (320 pikslit) ilma külgsuunas kerimata.',
          ],
        },
        {
          heading: 'Teadaolevad puudused',
          items: [
            'Autorite üles laaditud dokumentide eelvaated on pildid; nende tekst ei ole ekraanilugejale kättesaadav enne ostu.',
            'Autorite üles laaditud failide (PDF, DOCX jm) ligipääsetavus sõltub autorist.',
          ],
        },
        {
          heading: 'Tagasiside ja järelevalve',
          paragraphs: [
            `Kui märkate takistust, kirjutage aadressile ${COMPANY.email} või helistage ${COMPANY.phone}; vastame 5 tööpäeva jooksul ja anname sisu vajaduse korral kättesaadaval kujul.`,
            'Kui vastus teid ei rahulda, võite pöörduda Tarbijakaitse ja Tehnilise Järelevalve Ameti poole (www.ttja.ee).',
          ],
        },
      ],
    },
    userterms: {
      title: 'Kasutajatingimused',
      description:
        'Lepinguturu registreeritud kasutajate ja autorite tingimused: konto, profiili avalikkus, põhjade üleslaadimine, litsentsitasud, teenustasu ja väljamaksed.',
      updated: '01.07.2025',
      lead: 'Need tingimused kehtivad lisaks kasutustingimustele kõigile, kes loovad Lepinguturul konto – eriti autoritele, kes laadivad üles dokumendipõhju. Konto kasutamiseks tuleb tingimustega nõustuda lehel „Minu andmed“.',
      sections: [
        {
          heading: '1. Konto',
          items: [
            'Konto luuakse e-posti aadressiga, mille kinnitate koodiga. Hoidke parool ja teine tegur salajas; konto kaudu tehtud toimingud loetakse teie tehtuks.',
            'Nimi on alati avalik, sest see kuvatakse teie dokumentide juures. Ülejäänud profiili väljade avalikkuse valite ise.',
          ],
        },
        {
          heading: '2. Põhjade üleslaadimine',
          items: [
            'Laadige üles ainult põhju, mille autoriõigus kuulub teile või mille levitamiseks on teil luba. Põhjas ei tohi olla päris inimeste isikuandmeid ega ärisaladusi.',
            'Lubatud on failid .doc, .docx, .pdf, .txt, .rtf, .odt ja .mobi kuni 40 MB. Dokumendi avaldamiseks peab vähemalt üks fail olema töödeldud ja märgitud põhifailiks.',
            'Kirjeldage ausalt, millise riigi õiguse järgi põhi on koostatud ja milleks see sobib. Võime eemaldada põhja, mis rikub seadust, kolmandate isikute õigusi või neid tingimusi.',
          ],
        },
        {
          heading: '3. Litsentsitasu ja teenustasu',
          items: [
            'Põhja hinna määrate ise, kuni 1000 eurot; tasuta põhja eest tasu ei maksta.',
            'Iga müügi litsentsitasust (hind ilma käibemaksuta) jääb platvormile 20% teenustasu, ülejäänu kogutakse teie saldona.',
            'Registreerimis- ega kuutasu ei ole.',
          ],
        },
        {
          heading: '4. Väljamaksed',
          items: [
            'Väljamakset saate taotleda lehel „Minu väljamaksed“ oma nimele avatud SEPA piirkonna pangakontole (IBAN).',
            'Kui kogunenud litsentsitasud on kuni 150 eurot, peetakse väljamaksest kinni 30-eurone ülekandetasu.',
            'Väljamakse jõuab kontole tavaliselt 10 tööpäeva jooksul.',
          ],
        },
        {
          heading: '5. Konto sulgemine',
          paragraphs: [
            'Võite konto igal ajal sulgeda, kirjutades meile. Juba müüdud põhjade ostjatel säilib õigus neid kasutada; müükide ja väljamaksete andmeid säilitame raamatupidamise seaduses nõutud aja.',
            NOT_LEGAL_ADVICE,
          ],
        },
      ],
    },
  },
};
