import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { v4 as uuidv4 } from 'uuid';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import {
  type ExportPayoutBatch,
  type PayoutToPay,
  openBatchWith,
  payoutBatchesDecider,
  planPayoutBatch,
} from '../../domain/payout/payout-batches.decider';
import { payoutsDecider } from '../../domain/payout/payouts.decider';
import { sepaCreditTransfer } from '../../domain/payout/sepa-file';
import { sepaText } from '../../domain/payout/sepa-name';
import { checkSepaUsageRules } from '../../domain/payout/sepa-usage-rules';
import { DomainError } from '../../domain/shared/domain-error';
import { PAYOUT_BATCHES_STREAM, type PayoutBatchExported } from '../../events/payout-batch.events';
import { payoutsStreamId } from '../../events/payout.events';
import { BLOB_STORE, type BlobStore } from '../../infrastructure/blob-store/blob-store.port';
import { READ_STORE, type ReadStore } from '../../infrastructure/read-store/read-store.port';
import {
  SERVER_SCHEMAS_DIR,
  loadXmlSchema,
  validateAgainstSchema,
} from '../../infrastructure/xml/xml-schema';
import { PAYOUTS_COLLECTION, type PayoutView } from '../../projections/money/payouts.read-model';
import { readPayoutBatchFile } from '../../queries/money/payout-batch-file';
import { AggregateStore } from '../shared/aggregate-store';
import { ExportPayoutBatchCommand, type ExportedPayoutBatch } from './export-payout-batch.command';

/**
 * Exports requested payouts as one pain.001 file, recorded as a batch on the `payout-batches` stream.
 * The batch is planned on the stream's state, its file written, checked against ISO's schema and the
 * EPC's usage rules and kept in the blob store, and the batch appended at the revision it was planned
 * on: a concurrent export or rejection makes this one fail (409), never both take a payout. The same
 * payouts as an open batch get that batch's file again, byte for byte (the bank's duplicate check knows
 * its MsgId). docs/decisions/payout-files.md.
 */
@CommandHandler(ExportPayoutBatchCommand)
export class ExportPayoutBatchHandler implements ICommandHandler<
  ExportPayoutBatchCommand,
  ExportedPayoutBatch
> {
  private readonly logger = new Logger(ExportPayoutBatchHandler.name);

  constructor(
    private readonly aggregates: AggregateStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({
    payoutIds,
    format,
    executionDate,
    context,
  }: ExportPayoutBatchCommand): Promise<ExportedPayoutBatch> {
    const loaded = await this.aggregates.load(PAYOUT_BATCHES_STREAM, payoutBatchesDecider);
    const open = openBatchWith(loaded.state, payoutIds);
    if (open !== null) {
      const exported = loaded.recorded.find(
        (r) => r.type === 'PayoutBatchExported' && (r.data as { batchId: string }).batchId === open,
      )!.data as PayoutBatchExported['data'];
      return { ...(await this.answer(exported)), recorded: false, position: null };
    }

    const debtor = this.config.sepaDebtor;
    const country = debtor.iban.slice(0, 2);
    const command: ExportPayoutBatch = {
      type: 'ExportPayoutBatch',
      data: {
        batchId: uuidv4(),
        payouts: await this.payouts(payoutIds),
        format,
        executionDate,
        debtor: { name: sepaText(debtor.name, 70, country), iban: debtor.iban, bic: debtor.bic },
        file: { name: '', blobKey: '', sha256: '', bytes: 0 },
      },
      context,
    };
    const plan = planPayoutBatch(command, loaded.state);
    const xml = sepaCreditTransfer(plan, debtor, format);
    await this.check(xml, format);

    const name = `${plan.messageId}.${format}.xml`;
    const blobKey = `payout-files/${command.data.batchId}.xml`;
    const bytes = Buffer.from(xml, 'utf8');
    await this.blobs.put(blobKey, Readable.from([bytes]), 'application/xml; charset=utf-8');
    const file = {
      name,
      blobKey,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      bytes: bytes.length,
    };
    try {
      const result = await this.aggregates.decideAt(
        PAYOUT_BATCHES_STREAM,
        payoutBatchesDecider,
        { ...command, data: { ...command.data, file } },
        loaded,
      );
      const exported = result.events[0]!.data as PayoutBatchExported['data'];
      return { ...(await this.answer(exported, xml)), recorded: true, position: result.position };
    } catch (error) {
      await this.blobs.delete(blobKey).catch(() => undefined);
      throw error;
    }
  }

  /** Each chosen payout as its own stream has it (the authority on whether it is still requested). */
  private async payouts(payoutIds: readonly string[]): Promise<PayoutToPay[]> {
    const views = await this.readStore
      .collection<PayoutView>(PAYOUTS_COLLECTION)
      .find({ _id: { $in: [...payoutIds] } });
    const uploaderOf = new Map(views.map((v) => [v._id, v.uploaderId]));
    const streams = new Map<string, Awaited<ReturnType<AggregateStore['load']>>>();
    const result: PayoutToPay[] = [];
    for (const payoutId of payoutIds) {
      const uploaderId = uploaderOf.get(payoutId);
      if (uploaderId === undefined) throw new DomainError('PAYOUT.NOT_FOUND');
      if (!streams.has(uploaderId))
        streams.set(uploaderId, await this.aggregates.load(payoutsStreamId(uploaderId), payoutsDecider));
      const state = streams.get(uploaderId)!.state as typeof payoutsDecider.initialState;
      const payout = state.payouts[payoutId];
      if (!payout) throw new DomainError('PAYOUT.NOT_FOUND');
      result.push({
        payoutId,
        uploaderId,
        status: payout.status,
        iban: payout.iban,
        accountHolder: payout.accountHolder,
        accountHolderLatin: payout.accountHolderLatin,
        netAmount: payout.netAmount,
      });
    }
    return result;
  }

  /** The file must pass ISO's schema, and a .09 file the EPC's usage rules too, before any bank sees it. */
  private async check(xml: string, format: ExportPayoutBatch['data']['format']): Promise<void> {
    const verdict = await validateAgainstSchema(
      xml,
      loadXmlSchema(join(SERVER_SCHEMAS_DIR, 'iso20022'), `${format}.xsd`),
    );
    const findings = format === 'pain.001.001.09' ? checkSepaUsageRules(xml) : [];
    if (verdict.valid && findings.length === 0) return;
    const problems = [...verdict.errors, ...findings.map((f) => `${f.rule} at ${f.at}: ${f.message}`)];
    this.logger.error(`A payout file failed its checks and was not exported:\n${problems.join('\n')}`);
    throw new Error('The payout file failed its schema or usage-rule checks');
  }

  private async answer(
    exported: PayoutBatchExported['data'],
    xml?: string,
  ): Promise<Omit<ExportedPayoutBatch, 'recorded' | 'position'>> {
    return {
      batchId: exported.batchId,
      messageId: exported.messageId,
      count: exported.count,
      controlSum: exported.controlSum,
      fileName: exported.file.name,
      xml: xml ?? (await readPayoutBatchFile(this.blobs, exported.file)),
    };
  }
}
