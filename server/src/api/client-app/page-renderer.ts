import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Writable } from 'node:stream';

/**
 * The client build's render of its public pages (client/src/app/render-page.tsx), built by Vite for
 * Node as one CommonJS file beside the browser's build (client/dist-ssr/render-page.cjs). These types
 * restate what that module exports: the two builds share no TypeScript project, and the API suite
 * (test/api/public-pages.api.spec.ts) renders real pages through it.
 */

/** What the server knows of the request for a page. */
export interface PageRequest {
  readonly url: string;
  readonly hostname: string;
  readonly siteUrl: string;
  readonly cookiesAccepted: boolean;
  readonly answers: WrittenPageAnswers | null;
}

/** The answers a page carries (client/src/api/page-answers.ts). */
export interface WrittenPageAnswers {
  readonly language: string;
  readonly siteUrl: string;
  readonly answers: Readonly<Record<string, unknown>>;
  readonly failures: Readonly<Record<string, number>>;
}

export type RenderedPage =
  | { readonly kind: 'redirect'; readonly location: string }
  | {
      readonly kind: 'page';
      readonly status: number;
      readonly language: string;
      readonly head: string;
      readonly pipe: (destination: Writable) => void;
    };

export interface PageRenderer {
  /** Loads every screen and text once, before the first page. */
  prepare(): Promise<void>;
  /** A public page as a visitor sees it; null for a page the browser renders. */
  renderPage(request: PageRequest): Promise<RenderedPage | null>;
  /** The head (noindex) of a page the browser renders. */
  privatePageHead(request: Pick<PageRequest, 'url' | 'siteUrl'>): Promise<string>;
}

/** Where the client build writes the server's render, beside its own folder (client/vite.config.ts). */
export function pageRendererFile(clientDistDir: string): string {
  return `${clientDistDir.replace(/[\\/]+$/, '')}-ssr/render-page.cjs`;
}

/**
 * The page renderer of the client build in `clientDistDir`, or null where the build has none (a build of
 * the browser's part alone: its pages are then rendered in the browser, as before).
 */
export function loadPageRenderer(clientDistDir: string): PageRenderer | null {
  const file = pageRendererFile(clientDistDir);
  if (!existsSync(file)) return null;
  // Node's own require, outside any bundler or test runner: the file is plain CommonJS for Node.
  return createRequire(__filename)(file) as PageRenderer;
}

/** The rendered app (the content of #root) as one string. */
export function renderedHtml(page: Extract<RenderedPage, { kind: 'page' }>): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const destination = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    destination.on('error', reject);
    page.pipe(destination);
  });
}
