import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FEE_RATES } from '../../config/fee-rates.token';
import { type FeeRates, splitPrice } from '../../domain/shared/fees';
import { READ_STORE, type ReadStore } from '../../infrastructure/read-store/read-store.port';
import {
  MY_DOCUMENTS_COLLECTION,
  type MyDocumentView,
} from '../../projections/my-documents/my-documents.read-model';
import { GetMyDocumentQuery, type GetMyDocumentResult } from './get-my-document.query';
import { toMyDocument } from './my-document.views';

@QueryHandler(GetMyDocumentQuery)
export class GetMyDocumentHandler implements IQueryHandler<GetMyDocumentQuery, GetMyDocumentResult> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(FEE_RATES) private readonly rates: FeeRates,
  ) {}

  async execute({ documentId }: GetMyDocumentQuery): Promise<GetMyDocumentResult> {
    const doc = await this.readStore
      .collection<MyDocumentView>(MY_DOCUMENTS_COLLECTION)
      .findOne({ _id: documentId });
    if (!doc) return { found: false };
    return {
      found: true,
      uploaderId: doc.uploaderId,
      document: toMyDocument(doc, splitPrice(doc.details.price, this.rates)),
      storedFiles: doc.files.map((f) => ({ fileId: f.id, title: f.title, blobKey: f.blobKey })),
    };
  }
}
