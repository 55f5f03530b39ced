import { currentLanguage } from '../i18n';
import { readSession } from '../stores/session-store';

export const API_BASE = '/api';
export const HTTP_TIMEOUT_MS = 5000;

/** Codes the client produces itself when no usable server body exists. */
export const CLIENT_ERROR_CODES = {
  somethingWentWrong: 'ERROR.SOMETHING_WENT_WRONG',
  timeout: 'ERROR.TIMEOUT',
  network: 'ERROR.NETWORK',
} as const;

/**
 * A failed call. `code` is a stable key the client translates (api.md: `{ statusCode, code, message,
 * errors }`); `messages` holds server texts from bodies without a code (SPEC §8: a string, a list of
 * strings or an errors map).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    readonly messages: string[],
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(code ?? messages[0] ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }

  is(code: string): boolean {
    return this.code === code;
  }
}

/**
 * The server's field messages (api.md `errors`, already in the UI language) by the form's own fields: the
 * first message of each server field that `fieldOf` maps to a form field (the first such server field
 * wins); nothing for an error that is no ApiError. Every form that shows the server's answer beside its
 * fields reads it through this.
 */
export function fieldMessages<Field extends string>(
  error: unknown,
  fieldOf: (serverField: string) => Field | null | undefined,
): Partial<Record<Field, string>> {
  const messages: Partial<Record<Field, string>> = {};
  if (!(error instanceof ApiError)) return messages;
  for (const [name, texts] of Object.entries(error.fieldErrors)) {
    const field = fieldOf(name);
    if (field && texts[0] && messages[field] === undefined) messages[field] = texts[0];
  }
  return messages;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toStrings(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(toStrings);
  return [];
}

function parseFieldErrors(value: unknown): Record<string, string[]> {
  if (!isRecord(value)) return {};
  const result: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(value)) {
    const list = toStrings(messages);
    if (list.length) result[field] = list;
  }
  return result;
}

/** Turns a failed response's status and raw text into an ApiError (SPEC §8 fallbacks). */
export function parseErrorBody(status: number, text: string): ApiError {
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // a plain-text body stays a string
  }
  if (typeof body === 'string' || Array.isArray(body)) {
    const messages = toStrings(body);
    return messages.length
      ? new ApiError(status, null, messages)
      : new ApiError(status, CLIENT_ERROR_CODES.somethingWentWrong, []);
  }
  if (isRecord(body)) {
    const code = typeof body.code === 'string' && body.code ? body.code : null;
    const fieldErrors = parseFieldErrors(body.errors);
    const message = typeof body.message === 'string' ? [body.message] : toStrings(body.message);
    if (code) return new ApiError(status, code, message, fieldErrors);
    const fieldMessages = Object.values(fieldErrors).flat();
    if (fieldMessages.length) return new ApiError(status, null, fieldMessages, fieldErrors);
    if (message.length) return new ApiError(status, null, message);
  }
  return new ApiError(status, CLIENT_ERROR_CODES.somethingWentWrong, []);
}

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/**
 * What to do when /api answers 401 (SPEC §8: replace the route with logout). The app registers it
 * once it has a router; returns the unregister function.
 */
export function onUnauthorized(handler: UnauthorizedHandler): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null;
  };
}

let sessionRefresher: (() => Promise<unknown>) | null = null;

/**
 * How to renew an expired session before a signed-in call (the app's token refresh), so a page opened
 * after the tokens ran out does not answer 401 and log out while a refresh token is still good.
 */
export function onSessionExpired(refresher: () => Promise<unknown>): () => void {
  sessionRefresher = refresher;
  return () => {
    if (sessionRefresher === refresher) sessionRefresher = null;
  };
}

/** Refresh this long before the bearer expires rather than send a token about to be refused. */
const EXPIRY_SLACK_MS = 5_000;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined | null>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** The login callback handles its own failure (it signs out and goes home), so no logout redirect. */
  handleUnauthorized?: boolean;
  /** Overrides the session's id token (the login callback reads the user before the session exists). */
  bearer?: string;
  /** A public call: no bearer, no waiting for a token refresh (the refresh itself needs /api/config). */
  anonymous?: boolean;
  /** More request headers (a purchase's access key). */
  headers?: Record<string, string>;
}

/** The URL http() asks for a path and query (page answers are found by it too). */
export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

/**
 * The identity token signed-in calls carry (SPEC §7, api.md "Authentication"), refreshed first when it
 * is about to expire; null for a visitor. For calls made without http() (uploads with progress).
 */
export async function currentBearer(): Promise<string | null> {
  const { authenticated, expiresAt } = readSession();
  if (authenticated && expiresAt !== null && expiresAt - EXPIRY_SLACK_MS <= Date.now()) {
    await sessionRefresher?.();
  }
  const session = readSession();
  return session.authenticated ? session.idToken : null;
}

/** Tells the app an /api call answered 401 (SPEC §8: replace the route with logout). */
export function reportUnauthorized(): void {
  unauthorizedHandler?.();
}

/**
 * JSON over fetch: base /api, Accept-Language = UI language, 5000 ms timeout. Resolves with the
 * parsed body; rejects with an ApiError (timeouts and network failures included).
 */
export function http<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return send(path, options, (text) => Promise.resolve((text ? JSON.parse(text) : undefined) as T));
}

/** A file the API answers (CSV, XML), with its name from Content-Disposition and the response headers. */
export interface Download {
  blob: Blob;
  fileName: string | null;
  headers: Headers;
}

/** Like http(), for calls that answer a file instead of JSON. */
export function httpDownload(path: string, options: RequestOptions = {}): Promise<Download> {
  return send(path, options, null);
}

function send<T>(path: string, options: RequestOptions, parse: (text: string) => Promise<T>): Promise<T>;
function send(path: string, options: RequestOptions, parse: null): Promise<Download>;
async function send<T>(
  path: string,
  options: RequestOptions,
  parse: ((text: string) => Promise<T>) | null,
): Promise<T | Download> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? HTTP_TIMEOUT_MS);
  const onOuterAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onOuterAbort);

  const headers: Record<string, string> = {
    ...options.headers,
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const bearer = options.anonymous ? null : (options.bearer ?? (await currentBearer()));
  if (bearer) headers.Authorization = `Bearer ${bearer}`;

  try {
    let response: Response;
    try {
      response = await fetch(apiUrl(path, options.query), {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: controller.signal,
      });
    } catch (error) {
      if (timedOut) throw new ApiError(0, CLIENT_ERROR_CODES.timeout, []);
      if (options.signal?.aborted) throw error;
      throw new ApiError(0, CLIENT_ERROR_CODES.network, []);
    }
    if (!response.ok) {
      const text = await response.text();
      if (response.status === 401 && options.handleUnauthorized !== false) reportUnauthorized();
      throw parseErrorBody(response.status, text);
    }
    if (parse) return await parse(await response.text());
    const disposition = response.headers.get('content-disposition') ?? '';
    return {
      blob: await response.blob(),
      fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null,
      headers: response.headers,
    };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
}
