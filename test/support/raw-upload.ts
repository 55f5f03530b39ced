import { type IncomingMessage, request } from 'node:http';

export interface RawUploadResult {
  readonly status: number;
  readonly body: { code?: string; message?: string };
  /** Body bytes this client had written when the answer came. */
  readonly bytesSent: number;
}

/**
 * POSTs `totalBytes` of `fill` to an upload URL over a plain socket, in 1 MiB chunks, and stops sending
 * as soon as the server answers: shows whether the server refused before it had read everything.
 * `declareLength` sends Content-Length (the server can refuse at once); otherwise the body is chunked.
 */
export function rawUpload(
  url: string,
  headers: Record<string, string>,
  totalBytes: number,
  { declareLength, fill = 0x61 }: { declareLength: boolean; fill?: number },
): Promise<RawUploadResult> {
  return new Promise((resolve, reject) => {
    const chunk = Buffer.alloc(1024 * 1024, fill);
    let sent = 0;
    let answered = false;
    const req = request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/octet-stream',
        ...headers,
        ...(declareLength ? { 'content-length': String(totalBytes) } : { 'transfer-encoding': 'chunked' }),
      },
    });
    req.on('response', (response: IncomingMessage) => {
      answered = true;
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => {
        req.destroy();
        const text = Buffer.concat(parts).toString('utf8');
        resolve({
          status: response.statusCode ?? 0,
          body: text ? (JSON.parse(text) as object) : {},
          bytesSent: sent,
        });
      });
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const writeMore = () => {
      while (!answered && sent < totalBytes) {
        const size = Math.min(chunk.length, totalBytes - sent);
        sent += size;
        if (!req.write(size === chunk.length ? chunk : chunk.subarray(0, size))) {
          req.once('drain', writeMore);
          return;
        }
      }
      if (!answered && sent >= totalBytes) req.end();
    };
    writeMore();
  });
}
