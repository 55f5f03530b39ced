import { createHash, randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';

/** A free TCP port on 127.0.0.1 (listen on 0, read, close), so issuer and listening port agree. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A tiny browser for driving the hosted pages over real HTTP: a cookie jar (name → value, paths
 * ignored), manual redirects, and `localhost` rewritten to 127.0.0.1 where the test server listens.
 */
export class OidcBrowser {
  private readonly cookies = new Map<string, string>();

  /** `headers` go with every request (e.g. X-Forwarded-For, to play a client on another network). */
  constructor(
    readonly publicUrl: string,
    private readonly headers: Readonly<Record<string, string>> = {},
  ) {}

  private target(url: string): string {
    const absolute = new URL(url, this.publicUrl).href;
    return absolute.replace('://localhost:', '://127.0.0.1:');
  }

  private store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => {
        const [key, val] = a.trim().split('=');
        if (key?.toLowerCase() === 'max-age') return Number(val) <= 0;
        if (key?.toLowerCase() === 'expires') return new Date(val ?? '').getTime() < Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(
    url: string,
    init: { method?: string; form?: Record<string, string> } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { ...this.headers };
    if (this.cookies.size > 0) headers['cookie'] = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(this.target(url), {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    this.store(response);
    return response;
  }

  /** Follows redirects until a page answers or the app's own callback is reached (not fetched). */
  async follow(response: Response): Promise<{ response: Response; url: string; html: string }> {
    let current = response;
    let url = current.url;
    for (let hops = 0; hops < 10; hops++) {
      const location = current.headers.get('location');
      if (current.status < 300 || current.status >= 400 || !location) break;
      url = new URL(location, this.publicUrl).href;
      if (url.startsWith(`${this.publicUrl}/callback`) || url === `${this.publicUrl}/`) {
        return { response: current, url, html: '' };
      }
      current = await this.request(url);
    }
    return {
      response: current,
      url: current.url.replace('://127.0.0.1:', '://localhost:'),
      html: await current.text(),
    };
  }

  async get(url: string): Promise<{ response: Response; url: string; html: string }> {
    return this.follow(await this.request(url));
  }

  async post(
    url: string,
    form: Record<string, string>,
  ): Promise<{ response: Response; url: string; html: string }> {
    return this.follow(await this.request(url, { form }));
  }
}

/** PKCE verifier and S256 challenge, state and nonce for one authorization request. */
export function pkce(): { verifier: string; challenge: string; state: string; nonce: string } {
  const verifier = randomBytes(48).toString('base64url');
  return {
    verifier,
    challenge: createHash('sha256').update(verifier).digest('base64url'),
    state: randomBytes(16).toString('hex'),
    nonce: randomBytes(16).toString('hex'),
  };
}

/** Text of the page's alert, or null. */
export function alertText(html: string): string | null {
  const match = /<div class="alert [a-z]+" role="[a-z]+"><span>([^<]*)<\/span>/.exec(html);
  return match?.[1] ? decodeHtml(match[1]) : null;
}

/** Every field error on the page, in order. */
export function fieldErrors(html: string): string[] {
  return [...html.matchAll(/<p class="field-error">([^<]*)<\/p>/g)].map((m) => decodeHtml(m[1] ?? ''));
}

export function pageTitle(html: string): string {
  return decodeHtml(/<h1>([^<]*)<\/h1>/.exec(html)?.[1] ?? '');
}

export function decodeHtml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
