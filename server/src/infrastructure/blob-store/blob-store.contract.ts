import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { BlobNotFoundError } from './blob-store.port';
import type { BlobStore } from './blob-store.port';
import { fileNameFromContentDisposition } from './content-disposition';

/** What a contract run needs: the store, and a way to fetch one of its links over real HTTP. */
export interface BlobStoreFixture {
  readonly store: BlobStore;
  /** Fetches a link the store issued (absolute, or relative to the server that serves it). */
  readonly fetchUrl: (url: string) => Promise<Response>;
}

const PDF = 'application/pdf';
const TEXT = 'text/plain; charset=utf-8';
const DOWNLOAD_NAME = 'Tööleping (üür) ’24.docx';
const HOUR_MS = 3600 * 1000;

/**
 * The BlobStore contract: every adapter must pass it. Each test works under its own random key
 * prefix, so the suite also runs against a shared, long-lived bucket; what it creates it deletes.
 */
export function describeBlobStoreContract(
  name: string,
  create: () => Promise<BlobStoreFixture>,
  dispose?: (fixture: BlobStoreFixture) => Promise<void>,
): void {
  describe(`BlobStore contract: ${name}`, () => {
    let fixture: BlobStoreFixture;
    const usedKeys: string[] = [];
    const store = (): BlobStore => fixture.store;
    const newKey = (fileName = 'file.pdf'): string => {
      const key = `documents/${randomUUID()}/${fileName}`;
      usedKeys.push(key);
      return key;
    };

    beforeAll(async () => {
      fixture = await create();
    });

    afterAll(async () => {
      if (fixture === undefined) return;
      try {
        // One at a time: s3rver prunes empty folders on delete and races with itself otherwise.
        for (const key of usedKeys) await fixture.store.delete(key);
      } finally {
        await dispose?.(fixture);
      }
    });

    it('gives back the same bytes of a binary stream put in chunks', async () => {
      const key = newKey();
      const bytes = randomBytes(1024 * 1024 + 17);
      const info = await store().put(key, chunked(bytes, 64 * 1024), PDF);
      expect(info).toEqual({ key, size: bytes.length, contentType: PDF });
      const back = await readAll(await store().get(key));
      expect(back.length).toBe(bytes.length);
      expect(back.equals(bytes)).toBe(true);
    });

    it('gives back UTF-8 text unchanged', async () => {
      const key = newKey('leping.txt');
      const text = 'Tööleping: õigused ja kohustused — “jõustub” 01.02.2025 ✓\n';
      await store().put(key, Readable.from([Buffer.from(text, 'utf8')]), TEXT);
      expect((await readAll(await store().get(key))).toString('utf8')).toBe(text);
    });

    it('stats the size and content type of a stored object', async () => {
      const key = newKey('leping.txt');
      const bytes = Buffer.from('Üürileping', 'utf8');
      await store().put(key, Readable.from([bytes]), TEXT);
      expect(await store().stat(key)).toEqual({ key, size: bytes.length, contentType: TEXT });
    });

    it('stats an absent key as null', async () => {
      expect(await store().stat(newKey())).toBeNull();
    });

    it('refuses to get an absent key with BlobNotFoundError', async () => {
      const key = newKey();
      const attempt = store().get(key);
      await expect(attempt).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(attempt).rejects.toMatchObject({ key });
    });

    it('replaces an object that is put again under the same key', async () => {
      const key = newKey();
      await store().put(key, Readable.from([randomBytes(5000)]), PDF);
      const second = Buffer.from('second version', 'utf8');
      const info = await store().put(key, Readable.from([second]), TEXT);
      expect(info).toEqual({ key, size: second.length, contentType: TEXT });
      expect(await store().stat(key)).toEqual({ key, size: second.length, contentType: TEXT });
      expect((await readAll(await store().get(key))).equals(second)).toBe(true);
    });

    it('deletes an object, and deleting an absent key is fine', async () => {
      const key = newKey();
      await store().put(key, Readable.from([Buffer.from('to be removed')]), TEXT);
      await store().delete(key);
      expect(await store().stat(key)).toBeNull();
      await expect(store().get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(store().delete(key)).resolves.toBeUndefined();
      await expect(store().delete(newKey())).resolves.toBeUndefined();
    });

    it('keeps objects under keys with slashes apart', async () => {
      const folder = `documents/${randomUUID()}`;
      const file = `${folder}/file.pdf`;
      const preview = `${folder}/preview.png`;
      usedKeys.push(file, preview);
      await store().put(file, Readable.from([Buffer.from('the file')]), PDF);
      await store().put(preview, Readable.from([Buffer.from('the preview')]), 'image/png');
      expect(await store().stat(folder)).toBeNull();
      expect((await readAll(await store().get(file))).toString()).toBe('the file');
      await store().delete(preview);
      expect(await store().stat(preview)).toBeNull();
      expect(await store().stat(file)).toMatchObject({ size: 8, contentType: PDF });
    });

    describe('signed download links', () => {
      const bytes = randomBytes(200 * 1024);
      let key: string;
      let otherKey: string;

      beforeAll(async () => {
        key = newKey('file.pdf');
        otherKey = key.replace(/file\.pdf$/, 'other.pdf');
        usedKeys.push(otherKey);
        await store().put(key, Readable.from([bytes]), PDF);
        await store().put(otherKey, Readable.from([Buffer.from('someone else’s file')]), PDF);
      });

      it('downloads the bytes over HTTP as an attachment with the download name', async () => {
        const url = await store().signedDownloadUrl(key, {
          expiresInHours: 24,
          downloadName: DOWNLOAD_NAME,
          now: new Date(),
        });
        const response = await fixture.fetchUrl(url);
        const body = Buffer.from(await response.arrayBuffer());
        expect(response.status).toBe(200);
        expect(body.equals(bytes)).toBe(true);
        expect(response.headers.get('content-type')).toBe(PDF);
        const disposition = response.headers.get('content-disposition');
        expect(disposition).toMatch(/^attachment/i);
        expect(fileNameFromContentDisposition(disposition)).toBe(DOWNLOAD_NAME);
      });

      it('refuses a link that has expired', async () => {
        const url = await store().signedDownloadUrl(key, {
          expiresInHours: 1,
          downloadName: DOWNLOAD_NAME,
          now: new Date(Date.now() - 2 * HOUR_MS),
        });
        await expectRefused(fixture.fetchUrl(url), bytes);
      });

      const tamperings: ReadonlyArray<[string, (url: URL) => void]> = [
        ['its signature is altered', (url) => alterParam(url, /signature/i, flipLastChar)],
        ['its expiry is pushed back', (url) => alterParam(url, /expires/i, (v) => `${Number(v) + 3600}`)],
        [
          'it is pointed at another key',
          (url) => {
            url.pathname = url.pathname.replace(/file\.pdf$/, 'other.pdf');
          },
        ],
      ];

      it.each(tamperings)('refuses a link when %s', async (_title, tamper) => {
        const url = await store().signedDownloadUrl(key, {
          expiresInHours: 24,
          downloadName: DOWNLOAD_NAME,
          now: new Date(),
        });
        const tampered = rewriteUrl(url, tamper);
        expect(tampered).not.toBe(url);
        await expectRefused(fixture.fetchUrl(tampered), bytes);
      });
    });
  });
}

async function expectRefused(responsePromise: Promise<Response>, bytes: Buffer): Promise<void> {
  const response = await responsePromise;
  const body = Buffer.from(await response.arrayBuffer());
  expect(response.status).toBe(403);
  expect(body.includes(bytes.subarray(0, 64))).toBe(false);
}

function chunked(bytes: Buffer, chunkSize: number): Readable {
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += chunkSize) {
    chunks.push(bytes.subarray(offset, offset + chunkSize));
  }
  return Readable.from(chunks);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer | string>) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  }
  return Buffer.concat(chunks);
}

/** Applies `change` to a link, keeping it relative when it was relative. */
function rewriteUrl(link: string, change: (url: URL) => void): string {
  const base = 'http://relative.invalid';
  const url = new URL(link, base);
  change(url);
  return url.origin === base ? `${url.pathname}${url.search}` : url.toString();
}

/** Changes one query parameter in the raw query string, leaving the others byte for byte. */
function alterParam(url: URL, name: RegExp, change: (value: string) => string): void {
  let found = false;
  const pairs = url.search
    .slice(1)
    .split('&')
    .map((pair) => {
      const [param = '', value = ''] = pair.split('=', 2);
      if (found || !name.test(decodeURIComponent(param))) return pair;
      found = true;
      return `${param}=${encodeURIComponent(change(decodeURIComponent(value.replace(/\+/g, ' '))))}`;
    });
  if (!found) throw new Error(`The link has no parameter matching ${name}`);
  url.search = `?${pairs.join('&')}`;
}

function flipLastChar(value: string): string {
  const last = value.at(-1);
  return value.slice(0, -1) + (last === '0' ? '1' : '0');
}
