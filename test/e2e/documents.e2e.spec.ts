import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { generatePdf } from '../../server/src/infrastructure/files/generate/pdf.generator';
import { templateClauses } from '../../server/src/infrastructure/files/generate/template-clauses';
import { type TestServer, startTestServer } from '../support/test-server';
import { describeWithBrowser, type LaunchedBrowser, launchBrowser } from './support/browser';
import { DEMO, expectHostedPage, submitSignIn } from './support/identity';
import {
  acceptCookies,
  collectPageErrors,
  eventually,
  expectCount,
  expectText,
  expectTextContaining,
  money,
  screenshot,
  type Language,
} from './support/journey';

const SERVER_START_TIMEOUT_MS = 180_000;
const JOURNEY_TIMEOUT_MS = 180_000;
const SIGN_IN_TIMEOUT_MS = 20_000;
/** Processing runs in the background on a shared 2-core machine. */
const PROCESSING_TIMEOUT_MS = 60_000;

interface Journey {
  language: Language;
  homePath: string;
  searchPath: string;
  addDrafts: string;
  newTitle: string;
  signInTitle: string;
  earnsPerSale: (amount: string) => string;
  processing: string;
  done: string;
  mainFile: string;
  publish: string;
  publishConfirmTitle: string;
  published: string;
  statusPublic: string;
  previewNote: string;
  deleteConfirmTitle: string;
  notFoundTitle: string;
}

/** The screens' own words (client/src/i18n/locales/<language>/documents.json, catalogue.json). */
const JOURNEYS: Journey[] = [
  {
    language: 'et',
    homePath: '/',
    searchPath: '/otsing',
    addDrafts: 'Lisa põhju',
    newTitle: 'Lisa dokument',
    signInTitle: 'Logi sisse',
    earnsPerSale: (amount) => `Teenid iga müügiga ${amount}`,
    processing: 'Töötlemisel…',
    done: 'Valmis',
    mainFile: 'põhifail',
    publish: 'Avalda',
    publishConfirmTitle: 'Avaldada dokument?',
    published: 'Dokument on avalik!',
    statusPublic: 'Avalik',
    previewNote:
      'Esimese lehekülje ülaosa on näha selgelt; ülejäänu ja kõik teised leheküljed on hägustatud, kuni dokumendi ostad.',
    deleteConfirmTitle: 'Kustutada dokument?',
    notFoundTitle: 'Dokumenti ei leitud',
  },
  {
    language: 'en',
    homePath: '/en',
    searchPath: '/en/search',
    addDrafts: 'Add drafts',
    newTitle: 'Add document',
    signInTitle: 'Sign in',
    earnsPerSale: (amount) => `You earn ${amount} per sale`,
    processing: 'Processing…',
    done: 'Done',
    mainFile: 'main file',
    publish: 'Publish',
    publishConfirmTitle: 'Publish the document?',
    published: 'The document is public!',
    statusPublic: 'Public',
    previewNote:
      'The top of the first page is shown clearly; the rest, and every other page, is blurred until you buy the document.',
    deleteConfirmTitle: 'Delete the document?',
    notFoundTitle: 'Document not found',
  },
];

/** Answers the confirm modal with its confirm button, after checking its title. */
async function confirmModal(page: Page, title: string): Promise<void> {
  const modal = page.getByTestId('modal');
  await expectTextContaining(modal, title);
  await modal.getByTestId('modal-confirm').click();
  await modal.waitFor({ state: 'detached' });
}

describeWithBrowser(
  'Uploader journeys: add, upload, publish, find, preview, delete (real server, Chromium)',
  () => {
    let server: TestServer;
    let launched: LaunchedBrowser;
    let filesDir: string;

    beforeAll(async () => {
      server = await startTestServer();
      launched = await launchBrowser();
      filesDir = mkdtempSync(join(tmpdir(), 'lepinguturg-e2e-files-'));
    }, SERVER_START_TIMEOUT_MS);

    afterAll(async () => {
      await launched?.close();
      await server?.close();
      rmSync(filesDir, { recursive: true, force: true });
    }, SERVER_START_TIMEOUT_MS);

    describe.each(JOURNEYS)('in $language', (journey) => {
      let owner: BrowserContext;
      let visitor: BrowserContext;

      beforeEach(async () => {
        owner = await launched.newContext();
        visitor = await launched.newContext();
      });

      afterEach(async () => {
        await owner?.close();
        await visitor?.close();
      });

      it(
        'signs in from Add drafts, fills in a paid document, uploads a PDF, publishes it; a visitor finds it and sees the blurred preview; the owner deletes it',
        async () => {
          const url = (path: string) => `${server.url}${path}`;
          const page = await owner.newPage();
          const pageErrors = collectPageErrors(page);
          const title = `Rendileping ${journey.language} ${randomUUID().slice(0, 8)}`;
          const pdfPath = join(filesDir, `${title}.pdf`);
          writeFileSync(
            pdfPath,
            await generatePdf(
              { title, language: journey.language, paragraphs: templateClauses(title, journey.language, 24) },
              { pages: 2 },
            ),
          );

          // ---- home -> Add drafts -> sign in (the demo uploader) -> back on the upload screen
          await page.goto(url(journey.homePath));
          await acceptCookies(page);
          const addDrafts = page.getByTestId('home-add');
          await expectText(addDrafts, journey.addDrafts);
          await addDrafts.click();
          await expectHostedPage(page, journey.signInTitle, SIGN_IN_TIMEOUT_MS);
          await submitSignIn(page, DEMO.uploader.email, DEMO.uploader.password);
          await expectText(page.getByRole('heading', { level: 1 }), journey.newTitle, SIGN_IN_TIMEOUT_MS);

          // ---- fill in the document: every control is found by its visible label
          await page.getByTestId('document-title').fill(title);
          await page
            .getByTestId('document-description')
            .fill(`${title}: sõiduki rendileping / vehicle rental.`);
          await page.getByTestId('document-language').selectOption(journey.language);
          await page.getByTestId('document-fieldOfLaw').selectOption('contract');
          await page.getByTestId('document-applicableLaw').selectOption('EE');
          await page.getByTestId('document-tags').fill('rent, auto');
          await page.getByTestId('document-paid').check();
          await page.getByTestId('document-price').fill(journey.language === 'et' ? '12,40' : '12.40');
          // 12.40 € holds 2.40 € VAT; the platform keeps 20 % of the remaining 10.00 €.
          await expectText(
            page.getByTestId('upload-earnings'),
            journey.earnsPerSale(money(800, journey.language)),
          );
          await page.getByTestId('document-save').click();
          await eventually(() =>
            expect(new URL(page.url()).pathname).toMatch(/\/admin\/user\/upload\/[0-9a-f-]{36}$/),
          );

          // ---- upload the PDF: progress, then processing, then done; it is the main file
          await page.getByTestId('file-input').setInputFiles(pdfPath);
          const row = page.getByTestId('file-row');
          await expectCount(row, 1);
          await expectTextContaining(row, `${title}.pdf`);
          await expectTextContaining(row, journey.mainFile);
          await expectText(row.getByTestId('file-state'), journey.done, PROCESSING_TIMEOUT_MS);
          await expectTextContaining(row, '2');
          await page.getByTestId('upload-preview-image').waitFor({ state: 'visible' });
          await screenshot(page, `${journey.language}-upload-done`);

          // ---- publish, after the confirmation
          await page.getByTestId('document-publish').click();
          await confirmModal(page, journey.publishConfirmTitle);
          await expectCount(page.getByTestId('toast').filter({ hasText: journey.published }), 1);
          await expectText(page.getByTestId('document-status'), journey.statusPublic);

          // ---- a visitor finds it in search and sees the blurred preview on its page
          const visitorPage = await visitor.newPage();
          await visitorPage.goto(url(`${journey.searchPath}?q=${encodeURIComponent(title)}`));
          await acceptCookies(visitorPage);
          const result = visitorPage.getByTestId('search-result').filter({ hasText: title });
          await expectCount(result, 1);
          await result.getByRole('link', { name: title }).click();
          await expectText(visitorPage.getByTestId('document-title'), title);
          // The viewer's large page (issue 27), blurred below the clear band.
          const preview = visitorPage.getByTestId('viewer-open').locator('img');
          await preview.waitFor({ state: 'visible' });
          expect(await preview.getAttribute('data-blurred')).toBe('true');
          await eventually(async () =>
            expect(await preview.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(
              100,
            ),
          );
          await expectTextContaining(visitorPage.locator('.viewer__note'), journey.previewNote);
          await expectCount(visitorPage.getByTestId('owner-edit'), 0);
          await screenshot(visitorPage, `${journey.language}-visitor-preview`);
          const documentPath = new URL(visitorPage.url()).pathname;

          // ---- the owner deletes it from My documents; it is gone for the visitor too
          await page.goto(url(`${journey.homePath === '/' ? '' : '/en'}/admin/user/files`));
          const mine = page.getByTestId('my-document-row').filter({ hasText: title });
          await expectCount(mine, 1);
          await expectTextContaining(mine, journey.statusPublic);
          await mine.getByTestId('my-document-delete').click();
          await confirmModal(page, journey.deleteConfirmTitle);
          await expectCount(page.getByTestId('my-document-row').filter({ hasText: title }), 0);
          await visitorPage.goto(url(documentPath));
          await expectText(visitorPage.getByRole('heading', { level: 1 }), journey.notFoundTitle);

          expect(pageErrors).toEqual([]);
        },
        JOURNEY_TIMEOUT_MS,
      );
    });
  },
);
