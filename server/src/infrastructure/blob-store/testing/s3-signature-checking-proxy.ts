import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, request } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running proxy: point the S3 client and links at `port`. */
export interface S3Proxy {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * An HTTP proxy on 127.0.0.1 in front of s3rver that fills the two gaps which stop s3rver from
 * standing in for S3 in the contract:
 *
 * 1. s3rver accepts any well-formed signature V4 without computing it ("Signature version 4
 *    calculation is unimplemented" in its authentication middleware), so a tampered presigned link
 *    would download. The proxy verifies presigned (query-string) V4 signatures as S3 does and
 *    answers 403 SignatureDoesNotMatch; expiry is left to s3rver, which does check it.
 * 2. s3rver answers ListMultipartUploads (`GET /<bucket>?uploads`) with 501 NotImplemented, and the
 *    minio client asks for it before every multipart upload (to resume one). The proxy answers with
 *    an empty list, which is the truth for a fresh server.
 *
 * Everything else passes through unchanged.
 */
export async function startS3SignatureCheckingProxy(
  targetPort: number,
  credentials: ReadonlyMap<string, string>,
): Promise<S3Proxy> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://proxy.invalid');
    if (url.searchParams.has('X-Amz-Algorithm')) {
      const problem = presignedSignatureProblem(req, url, credentials);
      if (problem !== null) {
        sendXml(res, 403, errorXml('SignatureDoesNotMatch', problem));
        return;
      }
    }
    const segments = url.pathname.split('/').filter((segment) => segment !== '');
    if (req.method === 'GET' && segments.length === 1 && url.searchParams.has('uploads')) {
      sendXml(res, 200, emptyMultipartUploadList(decodeURIComponent(segments[0] ?? '')));
      return;
    }
    forward(req, res, targetPort);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function forward(req: IncomingMessage, res: ServerResponse, targetPort: number): void {
  const upstream = request(
    { host: '127.0.0.1', port: targetPort, method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', (error) => {
    if (!res.headersSent) sendXml(res, 502, errorXml('BadGateway', error.message));
    else res.destroy(error);
  });
  req.pipe(upstream);
}

/** Null when the presigned V4 signature is right; otherwise why not. */
function presignedSignatureProblem(
  req: IncomingMessage,
  url: URL,
  credentials: ReadonlyMap<string, string>,
): string | null {
  const pairs = rawQueryPairs(url.search);
  const param = (name: string): string | undefined => pairs.find(([key]) => key === name)?.[1];
  const credential = param('X-Amz-Credential')?.split('/') ?? [];
  const [accessKey = '', date = '', region = '', service = '', terminator = ''] = credential;
  const amzDate = param('X-Amz-Date');
  const signedHeaders = param('X-Amz-SignedHeaders')?.split(';');
  const signature = param('X-Amz-Signature');
  const secret = credentials.get(accessKey);
  if (
    param('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256' ||
    credential.length !== 5 ||
    terminator !== 'aws4_request' ||
    amzDate === undefined ||
    signedHeaders === undefined ||
    signature === undefined ||
    !/^[0-9a-f]{64}$/.test(signature)
  ) {
    return 'Malformed presigned request';
  }
  if (secret === undefined) return `Unknown access key ${accessKey}`;

  const canonicalUri = url.pathname
    .split('/')
    .map((segment) => rfc3986(decodeURIComponent(segment)))
    .join('/');
  const canonicalQuery = pairs
    .filter(([key]) => key !== 'X-Amz-Signature')
    .map(([key, value]) => [rfc3986(key), rfc3986(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? compare(av, bv) : compare(a, b)))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const canonicalHeaders = signedHeaders.map((name) => `${name}:${headerValue(req, name)}\n`).join('');
  const canonicalRequest = [
    req.method ?? 'GET',
    canonicalUri,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders.join(';'),
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const scope = [date, region, service, terminator].join('/');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  let key: Buffer = hmac(`AWS4${secret}`, date);
  for (const part of [region, service, terminator]) key = hmac(key, part);
  const expected = hmac(key, stringToSign);
  const given = Buffer.from(signature, 'hex');
  return timingSafeEqual(expected, given) ? null : 'The request signature does not match';
}

function rawQueryPairs(search: string): Array<[string, string]> {
  if (search.length <= 1) return [];
  return search
    .slice(1)
    .split('&')
    .map((pair) => {
      const at = pair.indexOf('=');
      const [key, value] = at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
      return [decode(key), decode(value)];
    });
}

function decode(value: string): string {
  return decodeURIComponent(value.replace(/\+/g, ' '));
}

function headerValue(req: IncomingMessage, name: string): string {
  const value = req.headers[name.toLowerCase()];
  return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ');
}

function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

function sha256Hex(data: string): string {
  return createHash('sha256').update(data, 'utf8').digest('hex');
}

function sendXml(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'Content-Type': 'application/xml', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

function errorXml(code: string, message: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message></Error>`;
}

function emptyMultipartUploadList(bucket: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
    `<Bucket>${escapeXml(bucket)}</Bucket><KeyMarker></KeyMarker><UploadIdMarker></UploadIdMarker>` +
    '<NextKeyMarker></NextKeyMarker><NextUploadIdMarker></NextUploadIdMarker>' +
    '<MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>' +
    '</ListMultipartUploadsResult>'
  );
}

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}
