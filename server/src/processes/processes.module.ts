import { Module } from '@nestjs/common';
import { CommandsModule } from '../commands/commands.module';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { BLOB_STORE, type BlobStore } from '../infrastructure/blob-store/blob-store.port';
import { detectFileProcessingTools } from '../infrastructure/files/processing-tools';
import { FileLibraryPipeline } from './file-processing/file-library-pipeline';
import { FILE_PIPELINE } from './file-processing/file-pipeline';
import { FilePagesBackfill } from './file-processing/file-pages-backfill';
import { FileProcessingManager } from './file-processing/file-processing.process-manager';
import { UploaderMailsManager } from './uploader-mails/uploader-mails.process-manager';

/**
 * Background work driven by the event log: file processing, the pages of files processed before the viewer,
 * and the mails that tell uploaders what happened to their work.
 */
@Module({
  imports: [CommandsModule],
  providers: [
    {
      provide: FILE_PIPELINE,
      inject: [BLOB_STORE, APP_CONFIG],
      useFactory: (blobs: BlobStore, config: AppConfig) =>
        new FileLibraryPipeline(blobs, detectFileProcessingTools(config.fileProcessingEnv)),
    },
    FileProcessingManager,
    FilePagesBackfill,
    UploaderMailsManager,
  ],
  exports: [FileProcessingManager, FilePagesBackfill, UploaderMailsManager],
})
export class ProcessesModule {}
