import { Controller, Get, Header, Inject, Param, Query, StreamableFile } from '@nestjs/common';
import {
  BLOB_STORE,
  BlobNotFoundError,
  InvalidBlobKeyError,
} from '../../infrastructure/blob-store/blob-store.port';
import type { BlobStore } from '../../infrastructure/blob-store/blob-store.port';
import { attachmentContentDisposition } from '../../infrastructure/blob-store/content-disposition';
import { verifyBlobSignature } from '../../infrastructure/blob-store/blob-link-signature';
import { CLOCK, type Clock } from '../../infrastructure/clock/clock';
import { ApiError } from '../errors/api-error';
import { BLOB_SIGNING_SECRET } from './blob-download.tokens';
import { Public } from '../auth/auth.decorators';

type QueryValue = string | string[] | undefined;

/**
 * Serves the download links LocalFolderBlobStore signs (`/api/blobs/<key>?expires&name&signature`).
 * The link is the credential: no session is needed, so the route must stay public under any global
 * auth guard. MinIO links go to MinIO directly and never reach this controller.
 */
@Public()
@Controller('blobs')
export class BlobDownloadController {
  constructor(
    @Inject(BLOB_STORE) private readonly store: BlobStore,
    @Inject(BLOB_SIGNING_SECRET) private readonly signingSecret: string,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Streams the blob as an attachment when the link's signature holds and it has not expired;
   * 403 `BLOB.LINK_INVALID` otherwise, 404 `BLOB.NOT_FOUND` when the blob is gone, 400
   * `BLOB.INVALID_KEY` when the signed key cannot name a blob.
   */
  @Get('*')
  @Header('Cache-Control', 'private, no-store')
  @Header('X-Content-Type-Options', 'nosniff')
  async download(
    @Param('*') key: string,
    @Query() query: Record<string, QueryValue>,
  ): Promise<StreamableFile> {
    const expires = single(query['expires']);
    const name = single(query['name']);
    const signature = single(query['signature']);
    if (
      expires === undefined ||
      name === undefined ||
      signature === undefined ||
      verifyBlobSignature(this.signingSecret, key, expires, name, signature, this.clock.now().getTime()) !==
        'ok'
    ) {
      throw new ApiError(403, 'BLOB.LINK_INVALID');
    }
    const info = await this.store.stat(key).catch((error: unknown) => {
      // A link signed for a key no object can have (`a//b`, `..`): the request is wrong, not the server.
      if (error instanceof InvalidBlobKeyError) throw new ApiError(400, 'BLOB.INVALID_KEY');
      throw error;
    });
    if (info === null) throw blobNotFound();
    try {
      const body = await this.store.get(key);
      return new StreamableFile(body, {
        type: info.contentType,
        length: info.size,
        disposition: attachmentContentDisposition(name),
      });
    } catch (error) {
      if (error instanceof BlobNotFoundError) throw blobNotFound();
      throw error;
    }
  }
}

function single(value: QueryValue): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function blobNotFound(): ApiError {
  return new ApiError(404, 'BLOB.NOT_FOUND');
}
