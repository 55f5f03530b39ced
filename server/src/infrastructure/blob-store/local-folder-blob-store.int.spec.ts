import 'reflect-metadata';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Module } from '@nestjs/common';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { BlobDownloadController } from '../../api/blobs/blob-download.controller';
import { ApiExceptionFilter } from '../../api/errors/api-exception.filter';
import { CLOCK, systemClock } from '../clock/clock';
import { BLOB_SIGNING_SECRET } from '../../api/blobs/blob-download.tokens';
import { describeBlobStoreContract } from './blob-store.contract';
import type { BlobStoreFixture } from './blob-store.contract';
import { BLOB_STORE } from './blob-store.port';
import type { BlobStore } from './blob-store.port';
import { verifyBlobSignature } from './blob-link-signature';
import { InvalidBlobKeyError, LocalFolderBlobStore } from './local-folder-blob-store';

const SECRET = 'contract-test-signing-secret';

interface BlobServer {
  readonly baseUrl: string;
  close(): Promise<void>;
}

/** The real download controller in a Nest app on Fastify, on 127.0.0.1 and a free port. */
async function startBlobServer(store: BlobStore): Promise<BlobServer> {
  @Module({
    controllers: [BlobDownloadController],
    providers: [
      { provide: BLOB_STORE, useValue: store },
      { provide: BLOB_SIGNING_SECRET, useValue: SECRET },
      { provide: CLOCK, useValue: systemClock },
    ],
  })
  class BlobDownloadTestModule {}

  const app: INestApplication = await NestFactory.create(BlobDownloadTestModule, new FastifyAdapter(), {
    logger: false,
  });
  app.setGlobalPrefix('api');
  app.useGlobalFilters(new ApiExceptionFilter());
  await app.listen(0, '127.0.0.1');
  const { port } = (app.getHttpServer() as { address(): AddressInfo }).address();
  return { baseUrl: `http://127.0.0.1:${port}`, close: () => app.close() };
}

interface LocalFixture extends BlobStoreFixture {
  readonly rootDir: string;
  readonly server: BlobServer;
}

async function createLocalFixture(): Promise<LocalFixture> {
  const rootDir = await mkdtemp(join(tmpdir(), 'lepinguturg-blobs-'));
  const store = new LocalFolderBlobStore(rootDir, SECRET);
  const server = await startBlobServer(store);
  return { store, rootDir, server, fetchUrl: (url) => fetch(new URL(url, server.baseUrl)) };
}

async function disposeLocalFixture(fixture: BlobStoreFixture): Promise<void> {
  const { server, rootDir } = fixture as LocalFixture;
  await server.close();
  await rm(rootDir, { recursive: true, force: true });
}

describeBlobStoreContract('LocalFolderBlobStore', createLocalFixture, disposeLocalFixture);

describe('LocalFolderBlobStore keys', () => {
  let fixture: LocalFixture;

  beforeAll(async () => {
    fixture = await createLocalFixture();
  });

  afterAll(async () => {
    await disposeLocalFixture(fixture);
  });

  const unsafeKeys = [
    '../escape.txt',
    'documents/../../escape.txt',
    'documents/./file.pdf',
    '/etc/passwd',
    'C:/Windows/win.ini',
    'documents\\..\\escape.txt',
    'documents//file.pdf',
    'documents/file.pdf/',
    'file\0.pdf',
    '',
  ];

  it.each(unsafeKeys)('rejects the key %j in every operation', async (key) => {
    const { store } = fixture;
    await expect(store.put(key, Readable.from([Buffer.from('x')]), 'text/plain')).rejects.toBeInstanceOf(
      InvalidBlobKeyError,
    );
    await expect(store.get(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
    await expect(store.stat(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
    await expect(store.delete(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
    await expect(store.signedDownloadUrl(key, { expiresInHours: 1, now: new Date() })).rejects.toBeInstanceOf(
      InvalidBlobKeyError,
    );
  });

  it('writes nothing outside its folders and leaves no temp files', async () => {
    await Promise.allSettled(
      unsafeKeys.map((key) => fixture.store.put(key, Readable.from([Buffer.from('x')]), 'text/plain')),
    );
    for (const entry of await readdir(fixture.rootDir)) expect(['objects', 'meta', 'tmp']).toContain(entry);
    expect(await readdir(join(fixture.rootDir, 'tmp')).catch(() => [])).toEqual([]);
  });

  it('does not serve a path that climbs out of the folder, signed or not', async () => {
    const { server } = fixture;
    const expires = String(Math.floor(Date.now() / 1000) + 3600);
    for (const path of ['..%2F..%2Fetc%2Fpasswd', '..%2Fmeta%2Fx.json', '%2Fetc%2Fpasswd']) {
      const response = await fetch(
        `${server.baseUrl}/api/blobs/${path}?expires=${expires}&name=x&signature=${'0'.repeat(64)}`,
      );
      expect(response.status).toBe(403);
    }
  });
});

describe('BlobDownloadController over HTTP', () => {
  let fixture: LocalFixture;

  beforeAll(async () => {
    fixture = await createLocalFixture();
  });

  afterAll(async () => {
    await disposeLocalFixture(fixture);
  });

  it('sends length, type, an RFC 5987 file name and no-store caching', async () => {
    const key = 'documents/7c1d/Tööleping.docx';
    const bytes = Buffer.from('docx bytes');
    const type = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    await fixture.store.put(key, Readable.from([bytes]), type);
    const url = await fixture.store.signedDownloadUrl(key, {
      expiresInHours: 24,
      downloadName: 'Tööleping.docx',
      now: new Date(),
    });
    expect(url).toMatch(
      /^\/api\/blobs\/documents\/7c1d\/T%C3%B6%C3%B6leping\.docx\?expires=\d+&name=.+&signature=[0-9a-f]{64}$/,
    );
    const response = await fixture.fetchUrl(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    expect(response.headers.get('content-length')).toBe(String(bytes.length));
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Tooleping.docx"; filename*=UTF-8''T%C3%B6%C3%B6leping.docx`,
    );
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('answers 403 BLOB.LINK_INVALID for an expired link and for a link without a signature', async () => {
    const key = 'documents/expired/file.pdf';
    await fixture.store.put(key, Readable.from([Buffer.from('%PDF')]), 'application/pdf');
    const expired = await fixture.store.signedDownloadUrl(key, {
      expiresInHours: 1,
      now: new Date(Date.now() - 7_200_000),
    });
    for (const url of [expired, `/api/blobs/${key}`]) {
      const response = await fixture.fetchUrl(url);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        statusCode: 403,
        code: 'BLOB.LINK_INVALID',
        message: 'Allalaadimislink on vigane või aegunud.',
      });
    }
  });

  it('answers 404 BLOB.NOT_FOUND when the blob is gone after the link was issued', async () => {
    const key = 'documents/gone/file.pdf';
    await fixture.store.put(key, Readable.from([Buffer.from('%PDF')]), 'application/pdf');
    const url = await fixture.store.signedDownloadUrl(key, { expiresInHours: 1, now: new Date() });
    await fixture.store.delete(key);
    const response = await fixture.fetchUrl(url);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ statusCode: 404, code: 'BLOB.NOT_FOUND' });
  });
});

describe('verifyBlobSignature', () => {
  const now = Date.UTC(2025, 0, 1);
  const store = new LocalFolderBlobStore(tmpdir(), SECRET, 'https://lepinguturg.ee/api/blobs');
  const parse = async (key: string, downloadName: string) => {
    const url = new URL(
      await store.signedDownloadUrl(key, { expiresInHours: 24, downloadName, now: new Date(now) }),
    );
    return {
      expires: url.searchParams.get('expires') ?? '',
      name: url.searchParams.get('name') ?? '',
      signature: url.searchParams.get('signature') ?? '',
    };
  };

  it('accepts its own link until the expiry and calls it expired from then on', async () => {
    const { expires, name, signature } = await parse('a/b.pdf', 'Leping.pdf');
    expect(Number(expires)).toBe(now / 1000 + 24 * 3600);
    expect(verifyBlobSignature(SECRET, 'a/b.pdf', expires, name, signature, now)).toBe('ok');
    expect(verifyBlobSignature(SECRET, 'a/b.pdf', expires, name, signature, Number(expires) * 1000 - 1)).toBe(
      'ok',
    );
    expect(verifyBlobSignature(SECRET, 'a/b.pdf', expires, name, signature, Number(expires) * 1000)).toBe(
      'expired',
    );
  });

  it('calls a link invalid when any part of it or the secret differs', async () => {
    const { expires, name, signature } = await parse('a/b.pdf', 'Leping.pdf');
    expect(verifyBlobSignature('other secret', 'a/b.pdf', expires, name, signature, now)).toBe('invalid');
    expect(verifyBlobSignature(SECRET, 'a/c.pdf', expires, name, signature, now)).toBe('invalid');
    expect(verifyBlobSignature(SECRET, 'a/b.pdf', String(Number(expires) + 1), name, signature, now)).toBe(
      'invalid',
    );
    expect(verifyBlobSignature(SECRET, 'a/b.pdf', expires, 'Other.pdf', signature, now)).toBe('invalid');
    expect(verifyBlobSignature(SECRET, 'a/b.pdf', expires, name, signature.slice(0, 62), now)).toBe(
      'invalid',
    );
    expect(verifyBlobSignature(SECRET, 'a/b.pdf', expires, name, 'zz' + signature.slice(2), now)).toBe(
      'invalid',
    );
    expect(verifyBlobSignature(SECRET, 'a/b.pdf', `${expires}.5`, name, signature, now)).toBe('invalid');
  });

  it('cannot be fooled by moving the separator between key and name', async () => {
    const { expires, signature } = await parse(`a|${now / 1000 + 86400}|x`, 'y');
    expect(verifyBlobSignature(SECRET, 'a', expires, `x|${expires}|y`, signature, now)).toBe('invalid');
  });
});
