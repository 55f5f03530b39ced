import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Inject,
  Param,
  Post,
  Query,
  Req,
  Res,
  StreamableFile,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZipFile } from 'yazl';
import { RecordPurchaseDownloadCommand } from '../../commands/purchase/change-purchase.command';
import { type LinkHolder, PurchaseLinks } from '../../commands/purchase/purchase-links';
import { RequestFreshLinksCommand } from '../../commands/purchase/request-fresh-links.command';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import {
  archiveEntryNames,
  downloadFileName,
  normalisePurchaseNumber,
} from '../../domain/purchase/purchase-naming';
import { DomainError, FieldValidator } from '../../domain/shared/domain-error';
import { BLOB_STORE, type BlobStore } from '../../infrastructure/blob-store/blob-store.port';
import { attachmentContentDisposition } from '../../infrastructure/blob-store/content-disposition';
import { CLOCK, type Clock } from '../../infrastructure/clock/clock';
import type { PurchaseView } from '../../projections/purchases/purchases.read-model';
import { ProjectionRunner } from '../../projections/projection-runner';
import { GetPurchaseQuery } from '../../queries/purchases/get-purchase.query';
import { preferredLanguage } from '../i18n/language';
import { OptionalSignIn, Public } from '../auth/auth.decorators';
import { type AuthenticatedUser, OptionalUser } from '../auth/current-user.decorator';
import { ApiError } from '../errors/api-error';
import { UuidParamPipe } from '../validation/uuid-param.pipe';
import { FreshLinksDto } from './fresh-links.dto';
import { PURCHASE_KEY_HEADER, PurchaseAccess, downloadActor } from './purchase-access';
import { creditNotePdfData, creditNoteUblData, purchasePdfData, purchaseUblData } from './purchase-documents';
import { type PurchaseSummary, refundedDocumentsOf, toPurchaseSummary } from './purchase-summary';

type QueryValue = string | string[] | undefined;
const HOUR_MS = 60 * 60 * 1000;

/** Why a download link does not open, as the page a person is sent to names it. */
type LinkFailure = 'expired' | 'invalid';

function linkFailure(error: unknown): LinkFailure | null {
  const code = error instanceof ApiError || error instanceof DomainError ? error.code : null;
  if (code === 'PURCHASE.LINKS_EXPIRED') return 'expired';
  if (code === 'PURCHASE.LINK_INVALID' || code === 'PURCHASE.NOT_PAID') return 'invalid';
  return null;
}

/**
 * A person following a link (from the mail, a bookmark), not a script: the browser says so in
 * Sec-Fetch-Mode, or by asking for a page. They get a page, not the API's JSON.
 */
function isNavigation(request: FastifyRequest): boolean {
  const mode = request.headers['sec-fetch-mode'];
  if (typeof mode === 'string') return mode === 'navigate';
  return /\btext\/html\b/.test(request.headers.accept ?? '');
}

/**
 * A purchase as its buyer reaches it (docs/decisions/purchase-access-keys.md): the summary, for the holder
 * of the buyer's access key (header X-Purchase-Key) or the signed-in buyer, never for the purchase id
 * alone; the downloads through links signed for their holder under the current key, which work only for a
 * paid purchase and only until its links run out (each download recorded for its holder); the zip of all
 * files streamed as it is made; the invoice or receipt PDF (also through a staff member's audited link);
 * and the request for fresh links, which replaces the key.
 */
@Public()
@Controller('purchases')
export class PurchasesController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly projections: ProjectionRunner,
    private readonly access: PurchaseAccess,
    private readonly queryBus: QueryBus,
    private readonly links: PurchaseLinks,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Answers the same whether or not anything matched; a mail goes only to the payer's own address. */
  @Post('links-request')
  @HttpCode(202)
  async requestFreshLinks(@Body() body: FreshLinksDto): Promise<{ requested: true }> {
    const v = new FieldValidator();
    const email = body.email.trim().toLowerCase();
    if (email === '') v.add('email', 'VALIDATION.REQUIRED');
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) v.add('email', 'VALIDATION.INVALID_EMAIL');
    const number = normalisePurchaseNumber(body.purchaseNumber);
    if (body.purchaseNumber.trim() === '') v.add('purchaseNumber', 'VALIDATION.REQUIRED');
    else if (number === null) v.add('purchaseNumber', 'PURCHASE.INVALID_NUMBER');
    v.throwIfAny();
    const { position } = await this.commandBus.execute(
      new RequestFreshLinksCommand(email, number!, this.clock.now()),
    );
    await this.projections.waitFor(position, ['purchases']);
    return { requested: true };
  }

  @Get(':purchaseId')
  @OptionalSignIn()
  async summary(
    @Param('purchaseId', UuidParamPipe) purchaseId: string,
    @OptionalUser() user: AuthenticatedUser | null,
    @Headers(PURCHASE_KEY_HEADER) key: string | undefined,
  ): Promise<PurchaseSummary> {
    const { view, linkFor } = await this.access.openSummary(purchaseId, user, key);
    return toPurchaseSummary(view, this.clock.now(), linkFor);
  }

  /** One file: the download is recorded, then the browser is sent to the BlobStore's own signed link. */
  @Get(':purchaseId/files/:fileId')
  async file(
    @Param('purchaseId', UuidParamPipe) purchaseId: string,
    @Param('fileId', UuidParamPipe) fileId: string,
    @Query() query: Record<string, QueryValue>,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const opened = await this.openLink(purchaseId, { fileId }, query, request, reply);
    if (opened === null) return;
    const { view, holder, now } = opened;
    await this.record(purchaseId, fileId, holder, now);
    const file = view.lines.flatMap((line) => line.files).find((f) => f.fileId === fileId);
    if (!file?.blobKey) throw new DomainError('FILE.NOT_FOUND');
    const remainingMs = Date.parse(view.linksValidUntil ?? now.toISOString()) - now.getTime();
    const url = await this.blobs.signedDownloadUrl(file.blobKey, {
      expiresInHours: Math.max(remainingMs, 60_000) / HOUR_MS,
      downloadName: downloadFileName(file),
      now,
    });
    await reply.header('cache-control', 'private, no-store').redirect(url, 302);
  }

  /** Every file of the purchase in one zip, streamed entry by entry: never the whole zip in memory. */
  @Get(':purchaseId/archive')
  async archive(
    @Param('purchaseId', UuidParamPipe) purchaseId: string,
    @Query() query: Record<string, QueryValue>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const opened = await this.openLink(purchaseId, 'archive', query, request, reply);
    if (opened === null) return new StreamableFile(Buffer.alloc(0));
    const { view, holder, now } = opened;
    await this.record(purchaseId, null, holder, now);
    // Documents whose money was given back are no longer the buyer's: the zip leaves them out.
    const refunded = refundedDocumentsOf(view);
    const documents = view.lines
      .filter((line) => !refunded.has(line.documentId))
      .map((line) => ({
        title: line.title,
        files: line.files.filter((f) => f.blobKey !== null),
      }));
    const names = archiveEntryNames(documents);
    const entries = documents.flatMap((document, d) =>
      document.files.map((file, f) => ({ key: file.blobKey!, name: names[d]![f]! })),
    );
    const sizes = await Promise.all(entries.map((entry) => this.blobs.stat(entry.key)));
    if (sizes.some((info) => info === null)) throw new ApiError(404, 'BLOB.NOT_FOUND');
    const zip = new ZipFile();
    const mtime = new Date(view.paidAt ?? now.toISOString());
    entries.forEach((entry, i) => {
      // Stored, not deflated: the documents are compressed formats already, and the size is known up front.
      zip.addReadStreamLazy(entry.name, { compress: false, mtime, size: sizes[i]!.size }, (callback) => {
        this.blobs.get(entry.key).then(
          (stream) => callback(null, stream),
          (error: unknown) => callback(error, undefined as never),
        );
      });
    });
    const totalSize = await new Promise<number>((resolve) => {
      (zip.end as (options: object, callback: (size: number) => void) => void)({}, resolve);
    });
    void reply.header('cache-control', 'private, no-store');
    return new StreamableFile(zip.outputStream as Readable, {
      type: 'application/zip',
      disposition: attachmentContentDisposition(`Lepinguturg-${view.number}.zip`),
      ...(totalSize > 0 ? { length: totalSize } : {}),
    });
  }

  /** The VAT invoice when one was asked for, else the receipt; opened in the browser. */
  @Get(':purchaseId/invoice')
  async invoice(
    @Param('purchaseId', UuidParamPipe) purchaseId: string,
    @Query() query: Record<string, QueryValue>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const opened = await this.openLink(purchaseId, 'invoice', query, request, reply);
    if (opened === null) return new StreamableFile(Buffer.alloc(0));
    const data = purchasePdfData(opened.view, this.config.seller);
    // pdfkit (with its fonts) loads with the first invoice, not with the server (docs/decisions/a-lean-server-process.md).
    const { renderPurchasePdf } = await import('./purchase-pdf');
    const pdf = renderPurchasePdf(data);
    void reply.header('cache-control', 'private, no-store');
    const fileName = `${data.kind === 'invoice' ? 'Arve' : 'Kviitung'}-${data.number}.pdf`;
    return new StreamableFile(pdf, {
      type: 'application/pdf',
      disposition: attachmentContentDisposition(fileName).replace(/^attachment/, 'inline'),
    });
  }

  /**
   * Opens a file, zip or invoice link. When it does not open and a person followed it, they are sent (303)
   * to the purchase's page in the purchase's language, which says whether the link expired or is not valid
   * and offers fresh links (`?link=expired|invalid`); null then. A script still gets the JSON error.
   */
  private async openLink(
    purchaseId: string,
    target: Parameters<PurchaseAccess['openLink']>[1],
    query: Record<string, QueryValue>,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<Awaited<ReturnType<PurchaseAccess['openLink']>> | null> {
    try {
      return await this.access.openLink(purchaseId, target, query);
    } catch (error) {
      const failure = linkFailure(error);
      if (failure === null || !isNavigation(request)) throw error;
      const view: PurchaseView | null = await this.queryBus.execute(new GetPurchaseQuery(purchaseId));
      const language = view?.language ?? preferredLanguage(request.headers['accept-language']);
      const page = `${this.links.summaryUrl(purchaseId, language)}?link=${failure}`;
      void reply.code(303).header('cache-control', 'private, no-store').header('location', page);
      if (target === 'archive' || target === 'invoice') return null;
      await reply.send();
      return null;
    }
  }

  /**
   * The VAT invoice as an EN 16931 e-invoice (UBL 2.1, Peppol BIS Billing 3.0), served beside the PDF and
   * by the same rules (the buyer's link, or staff's recorded link); a receipt is not an invoice and has
   * none (409 INVOICE.NOT_REQUESTED).
   */
  @Get(':purchaseId/invoice.xml')
  async invoiceXml(
    @Param('purchaseId', UuidParamPipe) purchaseId: string,
    @Query() query: Record<string, QueryValue>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const { view } = await this.access.openLink(purchaseId, 'invoice-xml', query);
    const data = purchaseUblData(view, this.config.seller);
    const { renderUblDocument } = await import('./ubl-document');
    void reply.header('cache-control', 'private, no-store');
    return new StreamableFile(Buffer.from(renderUblDocument(data), 'utf8'), {
      type: 'application/xml; charset=utf-8',
      disposition: attachmentContentDisposition(`Arve-${data.number}.xml`),
    });
  }

  /** A refund's credit note (or refund receipt) as PDF, by the same rules as the invoice. */
  @Get(':purchaseId/credit-notes/:refundId')
  async creditNote(
    @Param('purchaseId', UuidParamPipe) purchaseId: string,
    @Param('refundId', UuidParamPipe) refundId: string,
    @Query() query: Record<string, QueryValue>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const { view } = await this.access.openLink(purchaseId, { creditNote: refundId, format: 'pdf' }, query);
    const data = creditNotePdfData(view, refundId, this.config.seller);
    const { renderPurchasePdf } = await import('./purchase-pdf');
    const pdf = renderPurchasePdf(data);
    void reply.header('cache-control', 'private, no-store');
    const fileName = `${data.kind === 'credit-note' ? 'Kreeditarve' : 'Tagastuskviitung'}-${data.number}.pdf`;
    return new StreamableFile(pdf, {
      type: 'application/pdf',
      disposition: attachmentContentDisposition(fileName).replace(/^attachment/, 'inline'),
    });
  }

  /** A credit note as an EN 16931 UBL CreditNote referencing its invoice; a refund receipt has none (409). */
  @Get(':purchaseId/credit-notes/:refundId/xml')
  async creditNoteXml(
    @Param('purchaseId', UuidParamPipe) purchaseId: string,
    @Param('refundId', UuidParamPipe) refundId: string,
    @Query() query: Record<string, QueryValue>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const { view } = await this.access.openLink(purchaseId, { creditNote: refundId, format: 'xml' }, query);
    const data = creditNoteUblData(view, refundId, this.config.seller);
    const { renderUblDocument } = await import('./ubl-document');
    void reply.header('cache-control', 'private, no-store');
    return new StreamableFile(Buffer.from(renderUblDocument(data), 'utf8'), {
      type: 'application/xml; charset=utf-8',
      disposition: attachmentContentDisposition(`Kreeditarve-${data.number}.xml`),
    });
  }

  /** The download, recorded for whoever the link was made for (the signed-in buyer, or the key's holder). */
  private async record(
    purchaseId: string,
    fileId: string | null,
    holder: LinkHolder,
    now: Date,
  ): Promise<void> {
    const result = await this.commandBus.execute(
      new RecordPurchaseDownloadCommand({
        type: 'RecordDownload',
        data: { purchaseId, fileId },
        context: { actorId: downloadActor(holder), now },
      }),
    );
    await this.projections.waitFor(result.position, ['purchases']);
  }
}
