import type { DocumentCommand } from '../domain/catalogue/document.decider';
import { type CommandContext, SYSTEM_ACTOR } from '../domain/shared/command';
import type { DocumentDetails } from '../events/document.events';
import type { DemoFile } from './demo-catalogue.types';

export interface DocumentToWrite {
  readonly documentId: string;
  readonly uploaderId: string;
  readonly details: DocumentDetails;
  readonly files: readonly (DemoFile & { readonly fileId: string })[];
  readonly created: Date;
  readonly publish: boolean;
}

const MINUTE_MS = 60_000;

/**
 * The commands an uploader (and the file processor) sends for one document: create it, add each file,
 * record each file processed, and publish. Used by the demo seed and the benchmarks alike.
 */
export function documentCommands(doc: DocumentToWrite): DocumentCommand[] {
  const { documentId, uploaderId, details, files, created, publish } = doc;
  const by = (actorId: string, minutesLater: number): CommandContext => ({
    actorId,
    now: new Date(created.getTime() + minutesLater * MINUTE_MS),
  });
  const commands: DocumentCommand[] = [
    { type: 'CreateDocument', data: { documentId, uploaderId, details }, context: by(uploaderId, 0) },
  ];
  files.forEach((file, index) => {
    const { fileId, title, format, sizeKb, pages } = file;
    commands.push(
      {
        type: 'AddFile',
        data: { documentId, fileId, title, format, sizeKb, blobKey: null },
        context: by(uploaderId, 1 + index),
      },
      {
        type: 'RecordFileProcessed',
        data: { documentId, fileId, pages, sizeKb, method: 'recorded', preview: null },
        context: by(SYSTEM_ACTOR, 2 + index),
      },
    );
  });
  if (publish) commands.push({ type: 'PublishDocument', data: { documentId }, context: by(uploaderId, 10) });
  return commands;
}
