import { Command } from '@nestjs/cqrs';
import type { RecordDownload } from '../../domain/purchase/purchase.decider';
import type { CommandResult } from '../shared/aggregate-store';

/** A buyer downloads from a paid purchase: recorded as PurchaseFilesDownloaded (or refused). */
export class RecordPurchaseDownloadCommand extends Command<CommandResult> {
  constructor(readonly command: RecordDownload) {
    super();
  }
}
