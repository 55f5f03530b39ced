import request from 'supertest';
import { ledgerDay } from '../../server/src/domain/ledger/ledger-day';
import { nextTarget2BusinessDay } from '../../server/src/domain/payout/target2-calendar';
import { EVENT_STORE, type EventStore } from '../../server/src/infrastructure/event-store/event-store.port';
import { FileProcessingManager } from '../../server/src/processes/file-processing/file-processing.process-manager';
import { UploaderMailsManager } from '../../server/src/processes/uploader-mails/uploader-mails.process-manager';
import { ProjectionRunner } from '../../server/src/projections/projection-runner';
import { linksIn, mailsTo } from '../support/buying';
import { writePurchase } from '../support/money-fixture';
import { aSampleFile } from '../support/sample-files';
import { type TestIssuer, startTestIssuer } from '../support/test-issuer';
import { type TestServer, startTestServer } from '../support/test-server';
import { type TestUploader, aDocumentBody, newUploader } from '../support/uploader';

const DAY_MS = 86_400_000;
const EE_IBAN = 'EE382200221020145685';
const BOSS_EMAIL = 'boss@example.ee';

describe('Mails to uploaders: a sale, a payout paid or rejected, a file that failed (real server, outbox)', () => {
  let issuer: TestIssuer;
  let server: TestServer;
  let eventStore: EventStore;
  let boss: TestUploader;
  const api = () => request(server.url);
  const as = async (who: TestUploader) => ({ Authorization: await who.authorization() });
  /** Every fact written so far has been mailed about. */
  const mailed = async () => {
    await server.app.get(ProjectionRunner).waitFor(await eventStore.headPosition());
    await server.app.get(UploaderMailsManager).idle();
  };
  const sell = async (who: TestUploader, titles: string[], paidAt = new Date()) => {
    await writePurchase(
      eventStore,
      titles.map((title) => ({ uploaderId: who.userId, price: 4990, title })),
      { paidAt },
    );
    await mailed();
  };

  beforeAll(async () => {
    issuer = await startTestIssuer();
    server = await startTestServer({ seed: false, env: { ...issuer.env, ADMIN_EMAILS: BOSS_EMAIL } });
    eventStore = server.app.get<EventStore>(EVENT_STORE);
    boss = await newUploader(server.url, issuer, { firstName: 'Boss', lastName: 'Admin' });
    // newUploader makes its own e-mail; the admin is the one of ADMIN_EMAILS.
    boss = {
      ...boss,
      email: BOSS_EMAIL,
      authorization: async () => `Bearer ${await issuer.idToken({ sub: boss.userId, email: BOSS_EMAIL })}`,
    };
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await issuer?.close();
  });

  it('a sale: one mail per purchase in the uploader’s language, each document with what they earn', async () => {
    const english = await newUploader(server.url, issuer, { firstName: 'Kate', language: 'en' });
    await sell(english, ['Lease agreement', 'Power of attorney']);
    const [mail, ...more] = await mailsTo(server, english.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Your documents were bought (2)');
    // 49.90 € with 24 % VAT: 40.24 € licence fee, 8.05 € service fee, 32.19 € to the uploader.
    expect(mail!.text).toContain('- Lease agreement: price €49.90, you earn €32.19');
    expect(mail!.text).toContain('- Power of attorney: price €49.90, you earn €32.19');
    expect(mail!.text).toMatch(/^Hello Kate,/);
    expect(linksIn(mail!.text)).toEqual([
      `${server.url}/en/admin/user/sales`,
      `${server.url}/en/admin/user/edit#mail-settings`,
    ]);

    const estonian = await newUploader(server.url, issuer, { firstName: 'Kadri', language: 'et' });
    await sell(estonian, ['Tööleping']);
    const [et] = await mailsTo(server, estonian.email);
    expect(et!.subject).toBe('Teie dokument osteti: Tööleping');
    // Intl writes a no-break space before the euro sign.
    expect(et!.text.replace(/\s/g, ' ')).toContain('- Tööleping: hind 49,90 €, teie tulu 32,19 €');
  });

  it('a sale long past (the demo’s history, a long outage) is history, not news: no mail', async () => {
    const uploader = await newUploader(server.url, issuer, { language: 'en' });
    await sell(uploader, ['Old sale'], new Date(Date.now() - 30 * DAY_MS));
    expect(await mailsTo(server, uploader.email)).toEqual([]);
  });

  it('an uploader turns the sale mails off, and gets none after', async () => {
    const uploader = await newUploader(server.url, issuer, { language: 'en' });
    const settings = () => api().get('/api/user/mail-settings');
    expect((await settings().set(await as(uploader))).body).toEqual({
      sales: true,
      payouts: true,
      files: true,
    });
    const bad = await api()
      .put('/api/user/mail-settings')
      .set(await as(uploader))
      .send({ sales: 'no', payouts: true });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors as object).sort()).toEqual(['files', 'sales']);
    const off = await api()
      .put('/api/user/mail-settings')
      .set(await as(uploader))
      .send({ sales: false, payouts: true, files: true })
      .expect(200);
    expect(off.body).toEqual({ sales: false, payouts: true, files: true });
    expect((await settings().set(await as(uploader))).body).toEqual(off.body);
    await sell(uploader, ['Quiet sale']);
    expect(await mailsTo(server, uploader.email)).toEqual([]);
    expect((await settings().expect(401)).body.code).toBe('AUTH.UNAUTHORIZED');
  });

  it('a payout rejected, with the admin’s reason; a payout paid, with the date and the account', async () => {
    const uploader = await newUploader(server.url, issuer, { firstName: 'Rein', language: 'en' });
    await writePurchase(eventStore, [{ uploaderId: uploader.userId, price: 50_000 }]);
    await mailed();
    const ask = async (amount: number) =>
      (
        await api()
          .post(`/api/uploaders/${uploader.userId}/payouts`)
          .set(await as(uploader))
          .send({ iban: EE_IBAN, accountHolder: 'Rein Tamm', accountHolderDeclared: true, amount })
          .expect(201)
      ).body as { id: string };
    const first = await ask(10_000);
    await api()
      .post(`/api/admin/payouts/${first.id}/reject`)
      .set(await as(boss))
      .send({ reason: 'The account is closed' })
      .expect(200);
    await mailed();
    const [rejected] = await mailsTo(server, uploader.email);
    expect(rejected!.subject).toBe('Your payout was not paid');
    expect(rejected!.text).toContain('Your payout of €100.00 was not paid.');
    expect(rejected!.text).toContain('Reason: The account is closed');

    const second = await ask(20_000);
    const today = ledgerDay(new Date().toISOString());
    const file = await api()
      .post('/api/admin/payouts/sepa')
      .set(await as(boss))
      .send({ payoutIds: [second.id], executionDate: nextTarget2BusinessDay(today) })
      .expect(200);
    await api()
      .post(`/api/admin/payout-batches/${file.headers['x-payout-batch-id'] as string}/execute`)
      .set(await as(boss))
      .send({ executionDate: today })
      .expect(200);
    await mailed();
    const [paid] = await mailsTo(server, uploader.email);
    expect(paid!.subject).toBe('Your payout has been paid');
    expect(paid!.text).toContain(
      `The bank paid your payout of €200.00 to ${EE_IBAN} on ${today.slice(8, 10)}.${today.slice(5, 7)}.${today.slice(0, 4)}.`,
    );
  });

  it('a file that could not be processed, with the way to the document', async () => {
    const uploader = await newUploader(server.url, issuer, { language: 'et' });
    const doc = (
      await api()
        .post('/api/my/documents')
        .set(await as(uploader))
        .send(aDocumentBody({ title: 'Katkine leping' }))
        .expect(201)
    ).body as { id: string };
    // Whole objects but no end-of-file marker: accepted (it can be checked for scripts), then processing
    // ends in error (file-processing.api.spec.ts); garbage after the header is refused at the upload.
    const whole = await aSampleFile('pdf', 2, 'Katki');
    const corrupt = whole.subarray(0, whole.lastIndexOf('%%EOF'));
    await api()
      .post(`/api/my/documents/${doc.id}/files`)
      .query({ name: 'katki.pdf' })
      .set(await as(uploader))
      .set('Content-Type', 'application/octet-stream')
      .send(corrupt)
      .expect(201);
    await server.app.get(FileProcessingManager).idle();
    await mailed();
    const [mail] = await mailsTo(server, uploader.email);
    expect(mail!.subject).toBe('Faili ei õnnestunud töödelda: katki.pdf');
    expect(mail!.text).toContain('Dokumendi „Katkine leping“ faili „katki.pdf“ töötlemine lõppes veaga.');
    expect(linksIn(mail!.text)[0]).toBe(`${server.url}/admin/user/upload/${doc.id}`);
  }, 120_000);
});
