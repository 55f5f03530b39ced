import { LimitWrites } from '../http/account-write-limit.guard';
import type { Readable } from 'node:stream';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { v5 as uuidv5, v7 as uuidv7 } from 'uuid';
import { ChangeDocument } from '../../commands/document/change-document.command';
import { UploadFile } from '../../commands/document/upload-file.command';
import type { CommandResult } from '../../commands/shared/aggregate-store';
import type { DocumentCommand } from '../../domain/catalogue/document.decider';
import type { CommandContext } from '../../domain/shared/command';
import type { PriceSplit } from '../../domain/shared/fees';
import { BLOB_STORE, type BlobStore } from '../../infrastructure/blob-store/blob-store.port';
import { CLOCK, type Clock } from '../../infrastructure/clock/clock';
import { ProjectionRunner } from '../../projections/projection-runner';
import { GetMyDocumentQuery } from '../../queries/my-documents/get-my-document.query';
import { GetPriceSplitQuery } from '../../queries/my-documents/get-price-split.query';
import {
  ListMyDocumentsQuery,
  type MyDocumentsPage,
} from '../../queries/my-documents/list-my-documents.query';
import type { MyDocument } from '../../queries/my-documents/my-document.views';
import { type AuthenticatedUser, CurrentUser } from '../auth/current-user.decorator';
import { ApiError } from '../errors/api-error';
import { AcceptsContentTypes } from '../http/content-type-policy';
import { IdempotencyKey } from '../validation/command-headers';
import { UuidParamPipe } from '../validation/uuid-param.pipe';
import {
  ChooseMainFileDto,
  DocumentDetailsDto,
  ListMyDocumentsDto,
  PriceSplitDto,
  toDocumentDetails,
} from './document-details.dto';

/** Namespace of document ids derived from (uploader, Idempotency-Key). */
const CREATE_NAMESPACE = '8d0f5c3a-2b9e-4f61-a7c4-1e5d9b3f0a72';

/** Download links the uploader gets for their own files, like a buyer's (SPEC §9: about 24 hours). */
const OWN_FILE_LINK_HOURS = 24;

/**
 * The signed-in uploader's documents (SPEC §2 My documents and Upload/Edit document). Every change goes
 * through the document's decider, which lets only the uploader change it (403 DOCUMENT.NOT_OWNER);
 * reads check the same before answering.
 */
@Controller('my')
export class MyDocumentsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly projections: ProjectionRunner,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {}

  @Get('documents')
  list(@CurrentUser() user: AuthenticatedUser, @Query() query: ListMyDocumentsDto): Promise<MyDocumentsPage> {
    return this.queryBus.execute(
      new ListMyDocumentsQuery(user.userId, {
        filter: query.filter ?? 'all',
        q: query.q,
        offset: query.offset ?? 0,
        limit: query.limit ?? 20,
      }),
    );
  }

  /** How a sale at this price divides: "You earn X € per sale". */
  @Get('price-split')
  priceSplit(@Query() query: PriceSplitDto): Promise<PriceSplit> {
    return this.queryBus.execute(new GetPriceSplitQuery(query.price));
  }

  @Post('documents')
  @LimitWrites('drafts')
  @HttpCode(201)
  async create(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: DocumentDetailsDto,
    @IdempotencyKey() key: string | undefined,
  ): Promise<MyDocument> {
    // A retried create (same Idempotency-Key) names the same document, so it is recognised and not doubled.
    const documentId = key ? uuidv5(`${user.userId}/${key}`, CREATE_NAMESPACE) : uuidv7();
    const details = toDocumentDetails(body);
    return this.change(
      user,
      {
        type: 'CreateDocument',
        data: { documentId, uploaderId: user.userId, details },
        context: this.by(user),
      },
      key,
    );
  }

  @Get('documents/:documentId')
  document(
    @CurrentUser() user: AuthenticatedUser,
    @Param('documentId', UuidParamPipe) documentId: string,
  ): Promise<MyDocument> {
    return this.read(user, documentId);
  }

  @Put('documents/:documentId')
  @LimitWrites('drafts')
  edit(
    @CurrentUser() user: AuthenticatedUser,
    @Param('documentId', UuidParamPipe) documentId: string,
    @Body() body: DocumentDetailsDto,
    @IdempotencyKey() key: string | undefined,
  ): Promise<MyDocument> {
    const details = toDocumentDetails(body);
    return this.change(
      user,
      { type: 'EditDocumentDetails', data: { documentId, details }, context: this.by(user) },
      key,
    );
  }

  @Post('documents/:documentId/publish')
  @LimitWrites('drafts')
  @HttpCode(200)
  publish(
    @CurrentUser() user: AuthenticatedUser,
    @Param('documentId', UuidParamPipe) documentId: string,
    @IdempotencyKey() key: string | undefined,
  ): Promise<MyDocument> {
    return this.change(user, { type: 'PublishDocument', data: { documentId }, context: this.by(user) }, key);
  }

  @Post('documents/:documentId/unpublish')
  @LimitWrites('drafts')
  @HttpCode(200)
  unpublish(
    @CurrentUser() user: AuthenticatedUser,
    @Param('documentId', UuidParamPipe) documentId: string,
    @IdempotencyKey() key: string | undefined,
  ): Promise<MyDocument> {
    return this.change(
      user,
      { type: 'UnpublishDocument', data: { documentId }, context: this.by(user) },
      key,
    );
  }

  /** Hides the document from search and from My documents; its events and files stay for its buyers. */
  @Delete('documents/:documentId')
  @LimitWrites('drafts')
  @HttpCode(204)
  async delete(
    @CurrentUser() user: AuthenticatedUser,
    @Param('documentId', UuidParamPipe) documentId: string,
    @IdempotencyKey() key: string | undefined,
  ): Promise<void> {
    const result = await this.commandBus.execute(
      new ChangeDocument({ type: 'DeleteDocument', data: { documentId }, context: this.by(user) }, key),
    );
    await this.projections.waitFor(result.position);
  }

  /**
   * The file's bytes are the request body (any Content-Type is refused but application/octet-stream),
   * its original name the `name` query parameter. Streamed to storage, never held whole in memory.
   */
  @Post('documents/:documentId/files')
  @LimitWrites('drafts')
  @HttpCode(201)
  @AcceptsContentTypes('application/octet-stream')
  async upload(
    @CurrentUser() user: AuthenticatedUser,
    @Param('documentId', UuidParamPipe) documentId: string,
    @Query('name') name: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @IdempotencyKey() key: string | undefined,
  ): Promise<MyDocument> {
    // Whatever goes wrong, the rest of an unread body is not worth receiving: close after answering.
    void reply.header('Connection', 'close');
    if (typeof name !== 'string' || name.length > 1000) throw new ApiError(400, 'FILE.NAME_INVALID');
    const body = request.body as Readable | undefined;
    if (!body || typeof body.pipe !== 'function') throw new ApiError(415, 'ERROR.UNSUPPORTED_MEDIA_TYPE');
    const length = Number(request.headers['content-length']);
    const result = await this.commandBus.execute(
      new UploadFile(
        documentId,
        name,
        Number.isSafeInteger(length) ? length : null,
        body,
        this.by(user),
        key,
      ),
    );
    void reply.header('Connection', 'keep-alive');
    return this.answer(user, documentId, result);
  }

  @Delete('documents/:documentId/files/:fileId')
  @LimitWrites('drafts')
  removeFile(
    @CurrentUser() user: AuthenticatedUser,
    @Param('documentId', UuidParamPipe) documentId: string,
    @Param('fileId', UuidParamPipe) fileId: string,
    @IdempotencyKey() key: string | undefined,
  ): Promise<MyDocument> {
    return this.change(
      user,
      { type: 'RemoveFile', data: { documentId, fileId }, context: this.by(user) },
      key,
    );
  }

  @Put('documents/:documentId/main-file')
  @LimitWrites('drafts')
  chooseMainFile(
    @CurrentUser() user: AuthenticatedUser,
    @Param('documentId', UuidParamPipe) documentId: string,
    @Body() body: ChooseMainFileDto,
    @IdempotencyKey() key: string | undefined,
  ): Promise<MyDocument> {
    const fileId = body.fileId.toLowerCase();
    return this.change(
      user,
      { type: 'ChooseMainFile', data: { documentId, fileId }, context: this.by(user) },
      key,
    );
  }

  /** A link to download one's own file under its original name (`{ url }`). */
  @Get('documents/:documentId/files/:fileId/download')
  async download(
    @CurrentUser() user: AuthenticatedUser,
    @Param('documentId', UuidParamPipe) documentId: string,
    @Param('fileId', UuidParamPipe) fileId: string,
  ): Promise<{ url: string }> {
    const found = await this.queryBus.execute(new GetMyDocumentQuery(documentId));
    if (!found.found) throw new ApiError(404, 'DOCUMENT.NOT_FOUND');
    if (found.uploaderId !== user.userId) throw new ApiError(403, 'DOCUMENT.NOT_OWNER');
    const file = found.storedFiles.find((f) => f.fileId === fileId);
    if (!file?.blobKey) throw new ApiError(404, 'FILE.NOT_FOUND');
    const url = await this.blobs.signedDownloadUrl(file.blobKey, {
      expiresInHours: OWN_FILE_LINK_HOURS,
      downloadName: file.title,
      now: this.clock.now(),
    });
    return { url };
  }

  private by(user: AuthenticatedUser): CommandContext {
    return { actorId: user.userId, now: this.clock.now() };
  }

  private async change(user: AuthenticatedUser, command: DocumentCommand, key?: string): Promise<MyDocument> {
    const result = await this.commandBus.execute(new ChangeDocument(command, key));
    return this.answer(user, command.data.documentId, result);
  }

  /** Read-your-writes: every read model (search included) has the change before the answer goes out. */
  private async answer(
    user: AuthenticatedUser,
    documentId: string,
    result: CommandResult,
  ): Promise<MyDocument> {
    await this.projections.waitFor(result.position);
    return this.read(user, documentId);
  }

  private async read(user: AuthenticatedUser, documentId: string): Promise<MyDocument> {
    const found = await this.queryBus.execute(new GetMyDocumentQuery(documentId));
    if (!found.found) throw new ApiError(404, 'DOCUMENT.NOT_FOUND');
    if (found.uploaderId !== user.userId) throw new ApiError(403, 'DOCUMENT.NOT_OWNER');
    return found.document;
  }
}
