import type { MessageCatalogs } from './message-catalogs';

/** Uploading, processing and previewing documents' files. */
export const DOCUMENTS_MESSAGES: MessageCatalogs = {
  en: {
    'FILE.TOO_MANY': 'A document can have at most 10 files. Delete a file to add another.',
    'FILE.NAME_INVALID': 'The file needs a name of at most 200 characters.',
    'FILE.NAME_INVALID_CHARACTERS':
      'The file name contains characters that cannot be used (control or text-direction characters). Rename the file and upload it again.',
    'FILE.CONTENT_MISMATCH':
      'The content of the file does not match its extension. Only real .doc, .docx, .pdf, .txt, .rtf, .odt and .mobi files are allowed.',
    'FILE.ARCHIVE_TOO_LARGE': 'The file unpacks to too much data and cannot be accepted.',
    'FILE.PDF_HAS_SCRIPTS':
      'The PDF contains scripts or actions that run programs (JavaScript, Launch, form submission). Save it again without them, for example with “Print to PDF”, and upload that file.',
    'FILE.PDF_NOT_CHECKABLE':
      'The PDF cannot be checked because it is encrypted or damaged. Save it again without password protection and upload that file.',
    'FILE.PROCESSING_FAILED':
      'Processing the file ended with an error. Delete the file and try again or contact customer support!',
    'DOCUMENT.PREVIEW_NOT_FOUND': 'This document has no preview yet.',
    'DOCUMENT.PAGE_NOT_FOUND': 'The preview has no such page.',
    'DOCUMENT.DELETED': 'This document has been removed by its uploader.',
    'FILE.FAILED_NOT_MAIN':
      'A file that could not be processed cannot be the main file. Delete it and upload it again.',
  },
  et: {
    'FILE.TOO_MANY': 'Dokumendil võib olla kuni 10 faili. Uue lisamiseks kustutage mõni fail.',
    'FILE.NAME_INVALID': 'Failil peab olema kuni 200 tähemärgi pikkune nimi.',
    'FILE.NAME_INVALID_CHARACTERS':
      'Faili nimi sisaldab märke, mida ei saa kasutada (juhtmärgid või teksti suuna märgid). Nimetage fail ümber ja laadige see uuesti üles.',
    'FILE.CONTENT_MISMATCH':
      'Faili sisu ei vasta selle laiendile. Lubatud on ainult päris .doc-, .docx-, .pdf-, .txt-, .rtf-, .odt- ja .mobi-failid.',
    'FILE.ARCHIVE_TOO_LARGE': 'Fail pakib lahti liiga suureks ja seda ei saa vastu võtta.',
    'FILE.PDF_HAS_SCRIPTS':
      'PDF-fail sisaldab skripte või toiminguid, mis käivitavad programme (JavaScript, Launch, vormi saatmine). Salvestage see uuesti ilma nendeta, näiteks „Prindi PDF-iks“ abil, ja laadige üles see fail.',
    'FILE.PDF_NOT_CHECKABLE':
      'PDF-faili ei saa kontrollida, sest see on krüpteeritud või vigane. Salvestage see uuesti ilma paroolikaitseta ja laadige üles see fail.',
    'FILE.PROCESSING_FAILED':
      'Faili töötlemine lõppes veaga. Kustutage fail ja proovige uuesti või võtke ühendust klienditoega!',
    'DOCUMENT.PREVIEW_NOT_FOUND': 'Sellel dokumendil pole veel eelvaadet.',
    'DOCUMENT.PAGE_NOT_FOUND': 'Eelvaates sellist lehte ei ole.',
    'DOCUMENT.DELETED': 'Üleslaadija on selle dokumendi eemaldanud.',
    'FILE.FAILED_NOT_MAIN':
      'Faili, mida ei õnnestunud töödelda, ei saa teha põhifailiks. Kustutage see ja laadige uuesti üles.',
  },
};
