import type { MessageCatalogs } from './message-catalogs';

/** Uploading, processing and previewing documents' files. */
export const DOCUMENTS_MESSAGES: MessageCatalogs = {
  en: {
    'FILE.TOO_MANY': 'A document can have at most 10 files. Delete a file to add another.',
    'FILE.NAME_INVALID': 'The file needs a name of at most 200 characters.',
    'FILE.CONTENT_MISMATCH':
      'The content of the file does not match its extension. Only real .doc, .docx, .pdf, .txt, .rtf, .odt and .mobi files are allowed.',
    'FILE.ARCHIVE_TOO_LARGE': 'The file unpacks to too much data and cannot be accepted.',
    'FILE.PROCESSING_FAILED':
      'Processing the file ended with an error. Delete the file and try again or contact customer support!',
    'DOCUMENT.PREVIEW_NOT_FOUND': 'This document has no preview yet.',
    'DOCUMENT.PAGE_NOT_FOUND': 'The preview has no such page.',
  },
  et: {
    'FILE.TOO_MANY': 'Dokumendil võib olla kuni 10 faili. Uue lisamiseks kustuta mõni fail.',
    'FILE.NAME_INVALID': 'Failil peab olema kuni 200 tähemärgi pikkune nimi.',
    'FILE.CONTENT_MISMATCH':
      'Faili sisu ei vasta selle laiendile. Lubatud on ainult päris .doc-, .docx-, .pdf-, .txt-, .rtf-, .odt- ja .mobi-failid.',
    'FILE.ARCHIVE_TOO_LARGE': 'Fail pakib lahti liiga suureks ja seda ei saa vastu võtta.',
    'FILE.PROCESSING_FAILED':
      'Faili töötlemine lõppes veaga. Kustuta fail ja proovi uuesti või võta ühendust klienditoega!',
    'DOCUMENT.PREVIEW_NOT_FOUND': 'Sellel dokumendil pole veel eelvaadet.',
    'DOCUMENT.PAGE_NOT_FOUND': 'Eelvaates sellist lehte ei ole.',
  },
};
