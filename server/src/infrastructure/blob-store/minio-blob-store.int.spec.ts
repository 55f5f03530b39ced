import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Client } from 'minio';
import S3rver from 's3rver';
import { describeBlobStoreContract } from './blob-store.contract';
import type { BlobStoreFixture } from './blob-store.contract';
import { MinioBlobStore } from './minio-blob-store';
import { startS3SignatureCheckingProxy } from './testing/s3-signature-checking-proxy';
import type { S3Proxy } from './testing/s3-signature-checking-proxy';

/** s3rver's built-in account. */
const S3RVER_KEY = 'S3RVER';
const BUCKET = 'lepinguturg-contract';

interface S3rverFixture extends BlobStoreFixture {
  readonly s3rver: S3rver;
  readonly proxy: S3Proxy;
  readonly directory: string;
}

/**
 * s3rver on 127.0.0.1 and a free port, behind a proxy that verifies presigned signatures and
 * answers ListMultipartUploads (see startS3SignatureCheckingProxy for why s3rver needs both).
 */
async function createS3rverFixture(singlePutLimitBytes?: number): Promise<S3rverFixture> {
  const directory = await mkdtemp(join(tmpdir(), 'lepinguturg-s3rver-'));
  const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, vhostBuckets: false });
  const { port: s3rverPort } = await s3rver.run();
  const proxy = await startS3SignatureCheckingProxy(s3rverPort, new Map([[S3RVER_KEY, S3RVER_KEY]]));
  const client = new Client({
    endPoint: '127.0.0.1',
    port: proxy.port,
    useSSL: false,
    pathStyle: true,
    region: 'us-east-1',
    accessKey: S3RVER_KEY,
    secretKey: S3RVER_KEY,
  });
  const store = new MinioBlobStore({ client, bucket: BUCKET, singlePutLimitBytes });
  await store.init();
  await store.init(); // a second start finds the bucket and leaves it be
  return { store, s3rver, proxy, directory, fetchUrl: (url) => fetch(url) };
}

async function disposeS3rverFixture(fixture: BlobStoreFixture): Promise<void> {
  const { proxy, s3rver, directory } = fixture as S3rverFixture;
  await proxy.close();
  await s3rver.close();
  await rm(directory, { recursive: true, force: true });
}

describeBlobStoreContract('MinioBlobStore on s3rver', () => createS3rverFixture(), disposeS3rverFixture);

// A 200 KiB limit sends the contract's 1 MiB object through the client's multipart upload.
describeBlobStoreContract(
  'MinioBlobStore on s3rver, multipart uploads',
  () => createS3rverFixture(200 * 1024),
  disposeS3rverFixture,
);

describe('MinioBlobStore on s3rver, the signature check itself', () => {
  let fixture: S3rverFixture;

  beforeAll(async () => {
    fixture = await createS3rverFixture();
  });

  afterAll(async () => {
    await disposeS3rverFixture(fixture);
  });

  it('refuses a link signed with the wrong secret, so the tampering tests above mean something', async () => {
    await fixture.store.put('documents/x/file.pdf', Readable.from([Buffer.from('%PDF')]), 'application/pdf');
    const forger = new MinioBlobStore({
      client: new Client({
        endPoint: '127.0.0.1',
        port: fixture.proxy.port,
        useSSL: false,
        pathStyle: true,
        region: 'us-east-1',
        accessKey: S3RVER_KEY,
        secretKey: 'not the secret',
      }),
      bucket: BUCKET,
    });
    const forged = await forger.signedDownloadUrl('documents/x/file.pdf', {
      expiresInHours: 1,
      now: new Date(),
    });
    const genuine = await fixture.store.signedDownloadUrl('documents/x/file.pdf', {
      expiresInHours: 1,
      now: new Date(),
    });
    expect((await fetch(forged)).status).toBe(403);
    expect((await fetch(genuine)).status).toBe(200);
  });
});

const endpoint = process.env['S3_ENDPOINT'];
if (endpoint === undefined || endpoint === '') {
  describe.skip('MinioBlobStore on a real S3 server (SeaweedFS in docker-compose.yml, or any S3): set S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET to run', () => {
    it('runs the BlobStore contract', () => undefined);
  });
} else {
  describeBlobStoreContract(`MinioBlobStore on ${endpoint}`, async () => {
    const store = MinioBlobStore.fromEndpoint({
      endpoint,
      accessKey: requiredEnv('S3_ACCESS_KEY'),
      secretKey: requiredEnv('S3_SECRET_KEY'),
      bucket: requiredEnv('S3_BUCKET'),
      region: process.env['S3_REGION'] ?? 'us-east-1',
    });
    await store.init();
    return { store, fetchUrl: (url) => fetch(url) };
  });
}

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} must be set when S3_ENDPOINT is`);
  return value;
}
