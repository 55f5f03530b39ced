import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Query,
  Res,
  StreamableFile,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { ZipFile } from 'yazl';
import { RecordPurchaseDownloadCommand } from '../../commands/purchase/change-purchase.command';
import { type PurchaseLinkTarget, PurchaseLinks } from '../../commands/purchase/purchase-links';
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
import { Public } from '../auth/auth.decorators';
import { ApiError } from '../errors/api-error';
import { UuidParamPipe } from '../validation/uuid-param.pipe';
import { FreshLinksDto } from './fresh-links.dto';
import { purchasePdfData, purchaseUblData } from './purchase-documents';
import { renderPurchasePdf } from './purchase-pdf';
import { renderUblDocument } from './ubl-document';
import { type PurchaseSummary, toPurchaseSummary } from './purchase-summary';

type QueryValue = string | string[] | undefined;
const single = (value: QueryValue): string | undefined => (typeof value === 'string' ? value : undefined);
const HOUR_MS = 60 * 60 * 1000;

/**
 * A purchase as its buyer reaches it: the summary (its id is the key, like an order page), the downloads
 * through signed links that work only for a paid purchase and only until its links run out (each download
 * recorded), the zip of all files streamed as it is made, the invoice or receipt PDF, and the request for
 * fresh links.
 */
@Public()
@Controller('purchases')
export class PurchasesController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly projections: ProjectionRunner,
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
  async summary(@Param('purchaseId', UuidParamPipe) purchaseId: string): Promise<PurchaseSummary> {
    return toPurchaseSummary(await this.purchase(purchaseId), this.links, this.clock.now());
  }

  /** One file: the download is recorded, then the browser is sent to the BlobStore's own signed link. */
  @Get(':purchaseId/files/:fileId')
  async file(
    @Param('purchaseId', UuidParamPipe) purchaseId: string,
    @Param('fileId', UuidParamPipe) fileId: string,
    @Query() query: Record<string, QueryValue>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const now = this.checkLink(purchaseId, { fileId }, query);
    await this.record(purchaseId, fileId, now);
    const view = await this.purchase(purchaseId);
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
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const now = this.checkLink(purchaseId, 'archive', query);
    await this.record(purchaseId, null, now);
    const view = await this.purchase(purchaseId);
    const documents = view.lines.map((line) => ({
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
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    this.checkLink(purchaseId, 'invoice', query);
    const data = purchasePdfData(await this.purchase(purchaseId), this.config.seller);
    const pdf = renderPurchasePdf(data);
    void reply.header('cache-control', 'private, no-store');
    const fileName = `${data.kind === 'invoice' ? 'Arve' : 'Kviitung'}-${data.number}.pdf`;
    return new StreamableFile(pdf, {
      type: 'application/pdf',
      disposition: attachmentContentDisposition(fileName).replace(/^attachment/, 'inline'),
    });
  }

  /**
   * The VAT invoice as an EN 16931 e-invoice (UBL 2.1, Peppol BIS Billing 3.0), served beside the PDF and
   * the same way; a receipt is not an invoice and has none (409 INVOICE.NOT_REQUESTED).
   */
  @Get(':purchaseId/invoice.xml')
  async invoiceXml(
    @Param('purchaseId', UuidParamPipe) purchaseId: string,
    @Query() query: Record<string, QueryValue>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    this.checkLink(purchaseId, 'invoice-xml', query);
    const data = purchaseUblData(await this.purchase(purchaseId), this.config.seller);
    void reply.header('cache-control', 'private, no-store');
    return new StreamableFile(Buffer.from(renderUblDocument(data), 'utf8'), {
      type: 'application/xml; charset=utf-8',
      disposition: attachmentContentDisposition(`Arve-${data.number}.xml`),
    });
  }

  private async purchase(purchaseId: string): Promise<PurchaseView> {
    const view = await this.queryBus.execute(new GetPurchaseQuery(purchaseId));
    if (view === null) throw new DomainError('PURCHASE.NOT_FOUND');
    return view;
  }

  /** A purchase link's signature and expiry; answers the moment it was checked at. */
  private checkLink(purchaseId: string, target: PurchaseLinkTarget, query: Record<string, QueryValue>): Date {
    const now = this.clock.now();
    const verdict = this.links.verify(
      purchaseId,
      target,
      single(query['expires']),
      single(query['signature']),
      now,
    );
    if (verdict === 'invalid') throw new ApiError(403, 'PURCHASE.LINK_INVALID');
    if (verdict === 'expired') throw new DomainError('PURCHASE.LINKS_EXPIRED');
    return now;
  }

  private async record(purchaseId: string, fileId: string | null, now: Date): Promise<void> {
    const result = await this.commandBus.execute(
      new RecordPurchaseDownloadCommand({
        type: 'RecordDownload',
        data: { purchaseId, fileId },
        context: { actorId: 'anonymous', now },
      }),
    );
    await this.projections.waitFor(result.position, ['purchases']);
  }
}
