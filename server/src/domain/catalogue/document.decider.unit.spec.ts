import type { DocumentDetails } from '../../events/document.events';
import type { FieldErrors } from '../shared/domain-error';
import { deciderSpec, foldEvents } from '../testing/decider-spec';
import { NOW, OTHER_USER_ID, SYSTEM_ACTOR, UPLOADER_ID } from '../testing/command-context.builders';
import {
  DOCUMENT_ID,
  DOCUMENT_SLUG,
  FILE_ID,
  aPreview,
  SECOND_FILE_ID,
  aDocumentDetails,
  aDraftReadyToPublish,
  aPublishedDocument,
  addFile,
  chooseMainFile,
  createDocument,
  deleteDocument,
  documentCreated,
  documentDeleted,
  documentDetailsEdited,
  documentPublished,
  documentUnpublished,
  editDocumentDetails,
  fileAdded,
  aPageSet,
  filePagesRendered,
  fileProcessed,
  fileProcessingFailed,
  recordFilePagesRendered,
  fileRemoved,
  mainFileChosen,
  publishDocument,
  recordFileProcessed,
  recordFileProcessingFailed,
  removeFile,
  unpublishDocument,
} from '../testing/document.builders';
import {
  MAX_FILES_PER_DOCUMENT,
  MAX_FILE_SIZE_BYTES,
  MAX_FILE_SIZE_KB,
  documentDecider,
  initialDocumentState,
} from './document.decider';

const spec = deciderSpec(documentDecider);

describe('Document decider', () => {
  describe('CreateDocument', () => {
    it('creates a document with a slug from its title and id', () => {
      spec
        .given([])
        .when(createDocument())
        .then([
          {
            type: 'DocumentCreated',
            data: {
              documentId: DOCUMENT_ID,
              uploaderId: UPLOADER_ID,
              slug: 'tooleping-kaugtootajaga-4c3d2e1f0a9b',
              details: aDocumentDetails(),
            },
          },
        ]);
    });

    it('accepts a free document, a named author, no tags, the limits of year and price', () => {
      const details = aDocumentDetails({
        price: 100_000,
        author: { firstName: 'Jüri', lastName: 'Õun' },
        tags: [],
        year: NOW.getUTCFullYear() + 1,
      });
      spec
        .given([])
        .when(createDocument({ details }))
        .then([documentCreated({ details })]);

      const free = aDocumentDetails({ price: 0, year: 1900 });
      spec
        .given([])
        .when(createDocument({ details: free }))
        .then([documentCreated({ details: free })]);
    });

    it('stores the texts in NFC with invisible edges cut (domain/shared/text.ts)', () => {
      spec
        .given([])
        .when(
          createDocument({
            details: aDocumentDetails({
              title: '\u200BTo\u0308o\u0308leping kaugtöötajaga ',
              tags: [' kaugtöö\u200B'],
            }),
          }),
        )
        .then([documentCreated({ details: aDocumentDetails({ tags: ['kaugtöö'] }) })]);
    });

    it('refuses a second creation of the same document', () => {
      spec.given([documentCreated()]).when(createDocument()).thenThrows('DOCUMENT.ALREADY_EXISTS');
    });

    it('refuses to create again a deleted document', () => {
      spec
        .given([documentCreated(), documentDeleted()])
        .when(createDocument())
        .thenThrows('DOCUMENT.ALREADY_EXISTS');
    });

    describe('validation: one VALIDATION.FORM_HAS_ERRORS naming each wrong field', () => {
      const refuses = (overrides: Partial<DocumentDetails>, fieldErrors: FieldErrors) =>
        spec
          .given([])
          .when(createDocument({ details: aDocumentDetails(overrides) }))
          .thenThrows('VALIDATION.FORM_HAS_ERRORS', fieldErrors);

      it('title is required', () => {
        refuses({ title: '' }, { title: [{ key: 'VALIDATION.REQUIRED' }] });
        refuses({ title: '   ' }, { title: [{ key: 'VALIDATION.REQUIRED' }] });
      });

      it('invisible-only texts are missing; control and bidi-override characters are refused', () => {
        refuses(
          {
            title: '\u200B\u2060',
            description: 'Rida 1\nRida 2\u202E',
            author: { firstName: 'Jüri\u0007', lastName: '\u3164' },
          },
          {
            title: [{ key: 'VALIDATION.REQUIRED' }],
            description: [{ key: 'VALIDATION.INVALID_CHARACTERS' }],
            'author.firstName': [{ key: 'VALIDATION.INVALID_CHARACTERS' }],
            'author.lastName': [{ key: 'VALIDATION.REQUIRED' }],
          },
        );
      });

      it('title has at most 200 characters', () => {
        spec
          .given([])
          .when(createDocument({ details: aDocumentDetails({ title: 'a'.repeat(200) }) }))
          .then([
            documentCreated({
              details: aDocumentDetails({ title: 'a'.repeat(200) }),
              slug: `${'a'.repeat(80)}-4c3d2e1f0a9b`,
            }),
          ]);
        refuses(
          { title: 'a'.repeat(201) },
          { title: [{ key: 'VALIDATION.MAX_LENGTH', params: { 0: 200 } }] },
        );
      });

      it('description is required and has at most 5000 characters', () => {
        refuses({ description: '' }, { description: [{ key: 'VALIDATION.REQUIRED' }] });
        refuses(
          { description: 'x'.repeat(5001) },
          { description: [{ key: 'VALIDATION.MAX_LENGTH', params: { 0: 5000 } }] },
        );
      });

      it('an author, when given, has a first and a last name', () => {
        refuses(
          { author: { firstName: '', lastName: 'Õun' } },
          { 'author.firstName': [{ key: 'VALIDATION.REQUIRED' }] },
        );
        refuses(
          { author: { firstName: 'Jüri', lastName: ' ' } },
          { 'author.lastName': [{ key: 'VALIDATION.REQUIRED' }] },
        );
      });

      it('language, field of law and applicable law are codes from their lists', () => {
        refuses(
          {
            language: 'xx',
            fieldOfLaw: 'astrology',
            applicableLaw: 'US',
          } as unknown as Partial<DocumentDetails>,
          {
            language: [{ key: 'VALIDATION.INVALID_CHOICE' }],
            fieldOfLaw: [{ key: 'VALIDATION.INVALID_CHOICE' }],
            applicableLaw: [{ key: 'VALIDATION.INVALID_CHOICE' }],
          },
        );
      });

      it('at most 20 tags, each one non-empty and at most 40 characters', () => {
        const twenty = Array.from({ length: 20 }, (_, i) => `silt${i}`);
        spec
          .given([])
          .when(createDocument({ details: aDocumentDetails({ tags: twenty }) }))
          .then([documentCreated({ details: aDocumentDetails({ tags: twenty }) })]);
        refuses(
          { tags: [...twenty, 'one-too-many'] },
          { tags: [{ key: 'VALIDATION.MAX_ITEMS', params: { 0: 20 } }] },
        );
        refuses(
          { tags: ['ok', '', 'y'.repeat(41)] },
          {
            'tags.1': [{ key: 'VALIDATION.REQUIRED' }],
            'tags.2': [{ key: 'VALIDATION.MAX_LENGTH', params: { 0: 40 } }],
          },
        );
      });

      it('year lies between 1900 and next year, counted from the time of the command', () => {
        refuses({ year: 1899 }, { year: [{ key: 'VALIDATION.MIN_VALUE', params: { 0: 1900 } }] });
        refuses({ year: 2028 }, { year: [{ key: 'VALIDATION.MAX_VALUE', params: { 0: 2027 } }] });
        refuses({ year: 2025.5 }, { year: [{ key: 'VALIDATION.NOT_NUMBER' }] });
        // The same year 2028 is fine when the command is sent in 2027.
        spec
          .given([])
          .when(
            createDocument({
              details: aDocumentDetails({ year: 2028 }),
              at: new Date('2027-01-01T00:00:00Z'),
            }),
          )
          .then([documentCreated({ details: aDocumentDetails({ year: 2028 }) })]);
      });

      it('price is a whole, non-negative number of cents', () => {
        refuses({ price: -1 }, { price: [{ key: 'VALIDATION.MIN_VALUE', params: { 0: 0 } }] });
        refuses({ price: 12.5 }, { price: [{ key: 'VALIDATION.NOT_NUMBER' }] });
        refuses({ price: '1240' } as unknown as Partial<DocumentDetails>, {
          price: [{ key: 'VALIDATION.NOT_NUMBER' }],
        });
      });

      it('price above 1000 € asks the uploader to contact the provider (SPEC §5)', () => {
        refuses(
          { price: 100_001 },
          { price: [{ key: 'VALIDATION.PRICE_ABOVE_MAXIMUM', params: { 0: 1000 } }] },
        );
      });

      it('reports every wrong field at once', () => {
        refuses(
          {
            title: '',
            description: '',
            author: { firstName: '', lastName: '' },
            language: 'xx' as DocumentDetails['language'],
            fieldOfLaw: 'astrology' as DocumentDetails['fieldOfLaw'],
            applicableLaw: 'US' as DocumentDetails['applicableLaw'],
            tags: Array.from({ length: 21 }, () => 'silt'),
            year: 1800,
            price: 200_000,
          },
          {
            title: [{ key: 'VALIDATION.REQUIRED' }],
            description: [{ key: 'VALIDATION.REQUIRED' }],
            'author.firstName': [{ key: 'VALIDATION.REQUIRED' }],
            'author.lastName': [{ key: 'VALIDATION.REQUIRED' }],
            language: [{ key: 'VALIDATION.INVALID_CHOICE' }],
            fieldOfLaw: [{ key: 'VALIDATION.INVALID_CHOICE' }],
            applicableLaw: [{ key: 'VALIDATION.INVALID_CHOICE' }],
            tags: [{ key: 'VALIDATION.MAX_ITEMS', params: { 0: 20 } }],
            year: [{ key: 'VALIDATION.MIN_VALUE', params: { 0: 1900 } }],
            price: [{ key: 'VALIDATION.PRICE_ABOVE_MAXIMUM', params: { 0: 1000 } }],
          },
        );
      });
    });
  });

  describe('EditDocumentDetails', () => {
    const edited = aDocumentDetails({ title: 'Töövõtuleping', price: 2480 });

    it('the uploader edits the details; the slug stays', () => {
      spec
        .given([documentCreated()])
        .when(editDocumentDetails({ details: edited }))
        .then([documentDetailsEdited(edited)]);
      expect(foldEvents(documentDecider, [documentCreated(), documentDetailsEdited(edited)])).toMatchObject({
        slug: DOCUMENT_SLUG,
        details: edited,
      });
    });

    it('someone else may not edit', () => {
      spec
        .given([documentCreated()])
        .when(editDocumentDetails({ details: edited, by: OTHER_USER_ID }))
        .thenThrows('DOCUMENT.NOT_OWNER');
    });

    it('nor may the system', () => {
      spec
        .given([documentCreated()])
        .when(editDocumentDetails({ details: edited, by: SYSTEM_ACTOR }))
        .thenThrows('DOCUMENT.NOT_OWNER');
    });

    it('an edit that changes nothing decides nothing', () => {
      spec.given([documentCreated()]).when(editDocumentDetails()).thenNothing();
      spec
        .given([documentCreated(), documentDetailsEdited(edited)])
        .when(editDocumentDetails({ details: edited }))
        .thenNothing();
    });

    it('an edit with the same values in another key order decides nothing', () => {
      const { price, title, ...rest } = aDocumentDetails();
      const reordered: DocumentDetails = { price, ...rest, title };
      spec
        .given([documentCreated()])
        .when(editDocumentDetails({ details: reordered }))
        .thenNothing();
    });

    it('the details are validated as on creation', () => {
      spec
        .given([documentCreated()])
        .when(editDocumentDetails({ details: aDocumentDetails({ title: '', price: -5 }) }))
        .thenThrows('VALIDATION.FORM_HAS_ERRORS', {
          title: [{ key: 'VALIDATION.REQUIRED' }],
          price: [{ key: 'VALIDATION.MIN_VALUE', params: { 0: 0 } }],
        });
    });

    it('a published document can be edited and stays published', () => {
      spec
        .given(aPublishedDocument())
        .when(editDocumentDetails({ details: edited }))
        .then([documentDetailsEdited(edited)]);
    });
  });

  describe('AddFile', () => {
    it('the first file becomes the main file', () => {
      spec
        .given([documentCreated()])
        .when(addFile())
        .then([fileAdded(FILE_ID), mainFileChosen(FILE_ID)]);
    });

    it('a second file does not replace the main file', () => {
      spec
        .given([documentCreated(), fileAdded(FILE_ID), mainFileChosen(FILE_ID)])
        .when(addFile({ fileId: SECOND_FILE_ID }))
        .then([fileAdded(SECOND_FILE_ID)]);
    });

    it('accepts each allowed extension: doc, docx, pdf, txt, rtf, odt, mobi', () => {
      for (const format of ['doc', 'docx', 'pdf', 'txt', 'rtf', 'odt', 'mobi'] as const) {
        spec
          .given([documentCreated()])
          .when(addFile({ format }))
          .then([fileAdded(FILE_ID, { format }), mainFileChosen(FILE_ID)]);
      }
    });

    it.each(['exe', 'xlsx', 'jpg', '', '.pdf'])('refuses the extension %p', (format) => {
      spec.given([documentCreated()]).when(addFile({ format })).thenThrows('FILE.EXTENSION_NOT_ALLOWED');
    });

    it('accepts exactly 40 MB and refuses more', () => {
      expect(MAX_FILE_SIZE_KB).toBe(40 * 1024);
      spec
        .given([documentCreated()])
        .when(addFile({ sizeKb: 40 * 1024 }))
        .then([fileAdded(FILE_ID, { sizeKb: 40 * 1024 }), mainFileChosen(FILE_ID)]);
      spec
        .given([documentCreated()])
        .when(addFile({ sizeKb: 40 * 1024 + 1 }))
        .thenThrows('FILE.TOO_LARGE');
    });

    it.each([0, -1, Number.NaN])('refuses an empty file (size %p kB)', (sizeKb) => {
      spec.given([documentCreated()]).when(addFile({ sizeKb })).thenThrows('FILE.EMPTY');
    });

    it('keeps the original file name as the title; a name of 1 to 200 characters', () => {
      spec
        .given([documentCreated()])
        .when(addFile({ title: 'Tööleping (lõplik) v2.docx' }))
        .then([fileAdded(FILE_ID, { title: 'Tööleping (lõplik) v2.docx' }), mainFileChosen(FILE_ID)]);
      spec
        .given([documentCreated()])
        .when(addFile({ title: `${'a'.repeat(195)}.docx` }))
        .then([fileAdded(FILE_ID, { title: `${'a'.repeat(195)}.docx` }), mainFileChosen(FILE_ID)]);
      for (const title of ['', '   ', `${'a'.repeat(196)}.docx`]) {
        spec.given([documentCreated()]).when(addFile({ title })).thenThrows('FILE.NAME_INVALID');
      }
    });

    it('gives file names the rules of profile names: something visible, no control or text-direction characters', () => {
      for (const title of ['\u200b\u200b.pdf', '\u2800.docx', '.', '..', '\u00ad\u200d'])
        spec.given([documentCreated()]).when(addFile({ title })).thenThrows('FILE.NAME_INVALID');
      for (const title of [
        'leping\u202Efdp.exe.pdf',
        'leping\u2066.pdf',
        'rida\nkaks.pdf',
        'tab\there.pdf',
        'a\u0007.pdf',
        'x\ud800.pdf',
      ])
        spec.given([documentCreated()]).when(addFile({ title })).thenThrows('FILE.NAME_INVALID_CHARACTERS');
      spec
        .given([documentCreated()])
        .when(addFile({ title: 'Üürileping 🏠 \u200e(lõplik).pdf' }))
        .then([fileAdded(FILE_ID, { title: 'Üürileping 🏠 \u200e(lõplik).pdf' }), mainFileChosen(FILE_ID)]);
    });

    it('40 MB is 41,943,040 bytes', () => {
      expect(MAX_FILE_SIZE_BYTES).toBe(41_943_040);
    });

    it('holds at most 10 files', () => {
      expect(MAX_FILES_PER_DOCUMENT).toBe(10);
      const nine = Array.from({ length: 9 }, (_, i) => fileAdded(`file-${i + 1}`));
      const history = [documentCreated(), ...nine];
      spec
        .given(history)
        .when(addFile({ fileId: 'file-10' }))
        .then([fileAdded('file-10')]);
      spec
        .given([...history, fileAdded('file-10')])
        .when(addFile({ fileId: 'file-11' }))
        .thenThrows('FILE.TOO_MANY');
      // Removing one makes room again.
      spec
        .given([...history, fileAdded('file-10'), fileRemoved('file-3')])
        .when(addFile({ fileId: 'file-11' }))
        .then([fileAdded('file-11')]);
    });

    it('refuses a file id the document already has', () => {
      spec
        .given([documentCreated(), fileAdded(FILE_ID), mainFileChosen(FILE_ID)])
        .when(addFile({ fileId: FILE_ID }))
        .thenThrows('FILE.ALREADY_EXISTS');
    });

    it('only the uploader adds files', () => {
      spec
        .given([documentCreated()])
        .when(addFile({ by: OTHER_USER_ID }))
        .thenThrows('DOCUMENT.NOT_OWNER');
    });
  });

  describe('RecordFileProcessed / RecordFileProcessingFailed', () => {
    const uploading = [documentCreated(), fileAdded(FILE_ID), mainFileChosen(FILE_ID)];

    it.each([SYSTEM_ACTOR, UPLOADER_ID])('%s records that processing is done', (by) => {
      spec
        .given(uploading)
        .when(recordFileProcessed({ by }))
        .then([fileProcessed(FILE_ID)]);
    });

    it('records the pages, the size, how the pages were counted and the preview images', () => {
      spec
        .given(uploading)
        .when(recordFileProcessed({ pages: 12, sizeKb: 301, method: 'pdf', preview: aPreview() }))
        .then([fileProcessed(FILE_ID, { pages: 12, sizeKb: 301, method: 'pdf', preview: aPreview() })]);
      expect(
        foldEvents(documentDecider, [
          ...uploading,
          fileProcessed(FILE_ID, { pages: 12, sizeKb: 301, preview: null }),
        ]),
      ).toMatchObject({ files: [{ fileId: FILE_ID, state: 'done', pages: 12, sizeKb: 301 }] });
    });

    it('a file without a preview is still processed', () => {
      spec
        .given(uploading)
        .when(recordFileProcessed({ preview: null }))
        .then([fileProcessed(FILE_ID, { preview: null })]);
    });

    it.each([SYSTEM_ACTOR, UPLOADER_ID])('%s records that processing failed', (by) => {
      spec
        .given(uploading)
        .when(recordFileProcessingFailed({ by, reason: 'corrupt' }))
        .then([fileProcessingFailed(FILE_ID, 'corrupt')]);
    });

    it('nobody else records processing', () => {
      spec
        .given(uploading)
        .when(recordFileProcessed({ by: OTHER_USER_ID }))
        .thenThrows('DOCUMENT.NOT_OWNER');
      spec
        .given(uploading)
        .when(recordFileProcessingFailed({ by: OTHER_USER_ID }))
        .thenThrows('DOCUMENT.NOT_OWNER');
    });

    it('is idempotent: a file no longer processing records nothing', () => {
      spec
        .given([...uploading, fileProcessed(FILE_ID)])
        .when(recordFileProcessed())
        .thenNothing();
      spec
        .given([...uploading, fileProcessed(FILE_ID)])
        .when(recordFileProcessingFailed())
        .thenNothing();
      spec
        .given([...uploading, fileProcessingFailed(FILE_ID)])
        .when(recordFileProcessed())
        .thenNothing();
    });

    it('refuses an unknown file', () => {
      spec
        .given(uploading)
        .when(recordFileProcessed({ fileId: 'no-such-file', by: SYSTEM_ACTOR }))
        .thenThrows('FILE.NOT_FOUND');
    });
  });

  describe('the pages of a file for the viewer (RecordFileProcessed with pages, RecordFilePagesRendered)', () => {
    const uploading = [documentCreated(), fileAdded(FILE_ID), mainFileChosen(FILE_ID)];
    const processed = [...uploading, fileProcessed(FILE_ID)];

    it('a file processed with its pages rendered records both facts in one go', () => {
      spec
        .given(uploading)
        .when(recordFileProcessed({ rendered: aPageSet() }))
        .then([fileProcessed(FILE_ID), filePagesRendered(FILE_ID)]);
    });

    it('a file processed before the viewer gets its pages once, from the system only', () => {
      spec
        .given(processed)
        .when(recordFilePagesRendered())
        .then([filePagesRendered(FILE_ID)]);
      spec
        .given([...processed, filePagesRendered(FILE_ID)])
        .when(recordFilePagesRendered())
        .thenNothing();
      spec
        .given(processed)
        .when(recordFilePagesRendered({ by: UPLOADER_ID }))
        .thenThrows('DOCUMENT.NOT_OWNER');
    });

    it('pages that could not be rendered are recorded too, so the file is not read again', () => {
      const none = { images: null, contents: [] };
      spec
        .given(processed)
        .when(recordFilePagesRendered({ ...none }))
        .then([filePagesRendered(FILE_ID, none)]);
      expect(foldEvents(documentDecider, [...processed, filePagesRendered(FILE_ID, none)])).toMatchObject({
        files: [{ fileId: FILE_ID, pagesRendered: true }],
      });
    });

    it('a file still processing, failed, removed or of a deleted document gets none', () => {
      spec.given(uploading).when(recordFilePagesRendered()).thenNothing();
      spec
        .given([...uploading, fileProcessingFailed(FILE_ID)])
        .when(recordFilePagesRendered())
        .thenNothing();
      spec
        .given([...processed, fileRemoved(FILE_ID)])
        .when(recordFilePagesRendered())
        .thenThrows('FILE.NOT_FOUND');
      spec
        .given([...processed, documentDeleted()])
        .when(recordFilePagesRendered())
        .thenThrows('DOCUMENT.NOT_FOUND');
    });
  });

  describe('ChooseMainFile', () => {
    const twoFiles = [
      documentCreated(),
      fileAdded(FILE_ID),
      mainFileChosen(FILE_ID),
      fileAdded(SECOND_FILE_ID),
    ];

    it('the uploader chooses another main file', () => {
      spec
        .given(twoFiles)
        .when(chooseMainFile({ fileId: SECOND_FILE_ID }))
        .then([mainFileChosen(SECOND_FILE_ID)]);
    });

    it('choosing the main file again decides nothing', () => {
      spec
        .given(twoFiles)
        .when(chooseMainFile({ fileId: FILE_ID }))
        .thenNothing();
    });

    it('refuses a file that could not be processed', () => {
      spec
        .given([...twoFiles, fileProcessingFailed(SECOND_FILE_ID, 'corrupt')])
        .when(chooseMainFile({ fileId: SECOND_FILE_ID }))
        .thenThrows('FILE.FAILED_NOT_MAIN');
    });

    it('refuses an unknown file and someone else', () => {
      spec
        .given(twoFiles)
        .when(chooseMainFile({ fileId: 'nope' }))
        .thenThrows('FILE.NOT_FOUND');
      spec
        .given(twoFiles)
        .when(chooseMainFile({ fileId: SECOND_FILE_ID, by: OTHER_USER_ID }))
        .thenThrows('DOCUMENT.NOT_OWNER');
    });
  });

  describe('PublishDocument', () => {
    it('publishes a document whose main file is processed', () => {
      spec.given(aDraftReadyToPublish()).when(publishDocument()).then([documentPublished()]);
    });

    it('publishing twice decides nothing', () => {
      spec.given(aPublishedDocument()).when(publishDocument()).thenNothing();
    });

    it('needs a file', () => {
      spec.given([documentCreated()]).when(publishDocument()).thenThrows('DOCUMENT.PUBLISH_NEEDS_MAIN_FILE');
    });

    it('needs the main file to be processed, not still processing', () => {
      spec
        .given([documentCreated(), fileAdded(FILE_ID), mainFileChosen(FILE_ID)])
        .when(publishDocument())
        .thenThrows('DOCUMENT.PUBLISH_NEEDS_MAIN_FILE');
    });

    it('needs the main file to be processed, not failed', () => {
      spec
        .given([
          documentCreated(),
          fileAdded(FILE_ID),
          mainFileChosen(FILE_ID),
          fileProcessingFailed(FILE_ID),
        ])
        .when(publishDocument())
        .thenThrows('DOCUMENT.PUBLISH_NEEDS_MAIN_FILE');
    });

    it('a processed file that is not the main one is not enough', () => {
      spec
        .given([
          documentCreated(),
          fileAdded(FILE_ID),
          mainFileChosen(FILE_ID),
          fileProcessingFailed(FILE_ID),
          fileAdded(SECOND_FILE_ID),
          fileProcessed(SECOND_FILE_ID),
        ])
        .when(publishDocument())
        .thenThrows('DOCUMENT.PUBLISH_NEEDS_MAIN_FILE');
    });

    it('only the uploader publishes', () => {
      spec
        .given(aDraftReadyToPublish())
        .when(publishDocument({ by: OTHER_USER_ID }))
        .thenThrows('DOCUMENT.NOT_OWNER');
    });
  });

  describe('UnpublishDocument', () => {
    it('the uploader unpublishes a public document', () => {
      spec
        .given(aPublishedDocument())
        .when(unpublishDocument())
        .then([documentUnpublished('by-uploader')]);
    });

    it('unpublishing a draft decides nothing', () => {
      spec.given(aDraftReadyToPublish()).when(unpublishDocument()).thenNothing();
      spec
        .given([...aPublishedDocument(), documentUnpublished()])
        .when(unpublishDocument())
        .thenNothing();
    });

    it('only the uploader unpublishes', () => {
      spec
        .given(aPublishedDocument())
        .when(unpublishDocument({ by: OTHER_USER_ID }))
        .thenThrows('DOCUMENT.NOT_OWNER');
    });
  });

  describe('RemoveFile', () => {
    it('removes a file of a draft', () => {
      spec
        .given(aDraftReadyToPublish())
        .when(removeFile())
        .then([fileRemoved(FILE_ID)]);
    });

    it('removing the last file of a published document unpublishes it (SPEC §4)', () => {
      spec
        .given(aPublishedDocument())
        .when(removeFile())
        .then([fileRemoved(FILE_ID), documentUnpublished('no-publishable-file')]);
    });

    it('removing a file that is not the main one keeps the document published', () => {
      spec
        .given([...aPublishedDocument(), fileAdded(SECOND_FILE_ID), fileProcessed(SECOND_FILE_ID)])
        .when(removeFile({ fileId: SECOND_FILE_ID }))
        .then([fileRemoved(SECOND_FILE_ID)]);
    });

    it('removing the main file hands "main" to a processed file, and the document stays published', () => {
      spec
        .given([...aPublishedDocument(), fileAdded(SECOND_FILE_ID), fileProcessed(SECOND_FILE_ID)])
        .when(removeFile({ fileId: FILE_ID }))
        .then([fileRemoved(FILE_ID), mainFileChosen(SECOND_FILE_ID)]);
    });

    it('removing the main file when the other file is still processing unpublishes the document', () => {
      spec
        .given([...aPublishedDocument(), fileAdded(SECOND_FILE_ID)])
        .when(removeFile({ fileId: FILE_ID }))
        .then([
          fileRemoved(FILE_ID),
          mainFileChosen(SECOND_FILE_ID),
          documentUnpublished('no-publishable-file'),
        ]);
    });

    it('a document whose details leave the author out is created (the uploader is the author)', () => {
      const { author: _author, ...withoutAuthor } = aDocumentDetails();
      spec
        .given([])
        .when(createDocument({ details: withoutAuthor as DocumentDetails }))
        .then([documentCreated({ details: withoutAuthor as DocumentDetails })]);
    });

    it('refuses an unknown file and someone else', () => {
      spec
        .given(aPublishedDocument())
        .when(removeFile({ fileId: 'nope' }))
        .thenThrows('FILE.NOT_FOUND');
      spec
        .given(aPublishedDocument())
        .when(removeFile({ by: OTHER_USER_ID }))
        .thenThrows('DOCUMENT.NOT_OWNER');
    });
  });

  describe('DeleteDocument', () => {
    it('the uploader deletes a draft or a published document', () => {
      spec.given([documentCreated()]).when(deleteDocument()).then([documentDeleted()]);
      spec.given(aPublishedDocument()).when(deleteDocument()).then([documentDeleted()]);
    });

    it('only the uploader deletes', () => {
      spec
        .given(aPublishedDocument())
        .when(deleteDocument({ by: OTHER_USER_ID }))
        .thenThrows('DOCUMENT.NOT_OWNER');
    });
  });

  describe('a document that does not exist or was deleted', () => {
    const commands = [
      editDocumentDetails(),
      addFile(),
      recordFileProcessed({ by: SYSTEM_ACTOR }),
      recordFileProcessingFailed({ by: SYSTEM_ACTOR }),
      chooseMainFile(),
      removeFile(),
      publishDocument(),
      unpublishDocument(),
      deleteDocument(),
    ];

    it.each(commands.map((command) => [command.type, command] as const))(
      '%s → DOCUMENT.NOT_FOUND',
      (_type, command) => {
        spec.given([]).when(command).thenThrows('DOCUMENT.NOT_FOUND');
        spec
          .given([...aPublishedDocument(), documentDeleted()])
          .when(command)
          .thenThrows('DOCUMENT.NOT_FOUND');
      },
    );

    it('NOT_FOUND comes before NOT_OWNER, so a stranger learns nothing of deleted documents', () => {
      spec
        .given([...aPublishedDocument(), documentDeleted()])
        .when(publishDocument({ by: OTHER_USER_ID }))
        .thenThrows('DOCUMENT.NOT_FOUND');
    });
  });

  describe('evolve', () => {
    const fold = (...events: Parameters<typeof documentDecider.evolve>[1][]) =>
      foldEvents(documentDecider, events);

    it('starts with no document', () => {
      expect(documentDecider.initialState).toEqual({ status: 'none' });
      expect(initialDocumentState).toEqual({ status: 'none' });
    });

    it('DocumentCreated: a draft with no files', () => {
      expect(fold(documentCreated())).toEqual({
        status: 'draft',
        uploaderId: UPLOADER_ID,
        slug: DOCUMENT_SLUG,
        details: aDocumentDetails(),
        files: [],
      });
    });

    it('ignores events before creation', () => {
      expect(fold(fileAdded(), documentPublished())).toEqual({ status: 'none' });
    });

    it('DocumentDetailsEdited replaces the details', () => {
      const details = aDocumentDetails({ title: 'Üürileping' });
      expect(fold(documentCreated(), documentDetailsEdited(details))).toMatchObject({ details });
    });

    it('FileAdded: a file that is processing and not main', () => {
      expect(fold(documentCreated(), fileAdded(FILE_ID, { format: 'pdf' }))).toMatchObject({
        files: [{ fileId: FILE_ID, format: 'pdf', state: 'processing', isMain: false }],
      });
    });

    it('FileProcessed → done, FileProcessingFailed → error, only for that file', () => {
      expect(
        fold(
          documentCreated(),
          fileAdded(FILE_ID),
          fileAdded(SECOND_FILE_ID),
          fileAdded('file-3'),
          fileProcessed(FILE_ID),
          fileProcessingFailed(SECOND_FILE_ID),
        ),
      ).toMatchObject({
        files: [
          { fileId: FILE_ID, state: 'done' },
          { fileId: SECOND_FILE_ID, state: 'error' },
          { fileId: 'file-3', state: 'processing' },
        ],
      });
    });

    it('MainFileChosen: exactly one main file', () => {
      expect(
        fold(
          documentCreated(),
          fileAdded(FILE_ID),
          mainFileChosen(FILE_ID),
          fileAdded(SECOND_FILE_ID),
          mainFileChosen(SECOND_FILE_ID),
        ),
      ).toMatchObject({
        files: [
          { fileId: FILE_ID, isMain: false },
          { fileId: SECOND_FILE_ID, isMain: true },
        ],
      });
    });

    it('FileRemoved drops the file', () => {
      expect(
        fold(documentCreated(), fileAdded(FILE_ID), fileAdded(SECOND_FILE_ID), fileRemoved(FILE_ID)),
      ).toMatchObject({
        files: [{ fileId: SECOND_FILE_ID }],
      });
    });

    it('DocumentPublished → published, DocumentUnpublished → draft, DocumentDeleted → deleted', () => {
      expect(fold(...aPublishedDocument())).toMatchObject({ status: 'published' });
      expect(fold(...aPublishedDocument(), documentUnpublished('no-publishable-file'))).toMatchObject({
        status: 'draft',
      });
      expect(fold(...aPublishedDocument(), documentDeleted())).toMatchObject({ status: 'deleted' });
    });

    it('never changes the state it was given', () => {
      const before = fold(...aDraftReadyToPublish());
      const snapshot = JSON.parse(JSON.stringify(before)) as unknown;
      documentDecider.evolve(before, fileRemoved(FILE_ID));
      documentDecider.evolve(before, documentPublished());
      expect(before).toEqual(snapshot);
    });
  });
});
