import { createHash } from 'node:crypto';
import type { FileFacts } from '../../domain/payout/payout-batches.decider';
import type { BlobStore } from '../../infrastructure/blob-store/blob-store.port';

/**
 * A batch's file as it was exported, from the blob store; refuses bytes that are not the recorded ones
 * (a file handed to the bank twice must be the same file).
 */
export async function readPayoutBatchFile(blobs: BlobStore, file: FileFacts): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await blobs.get(file.blobKey)) chunks.push(Buffer.from(chunk as Uint8Array));
  const bytes = Buffer.concat(chunks);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (sha256 !== file.sha256) throw new Error(`The payout file ${file.name} is not the one exported`);
  return bytes.toString('utf8');
}
