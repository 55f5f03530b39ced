import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadTextAreas } from '../i18n';
import { describeError } from './error-messages';
import { sessionActions } from '../stores/session-store';
import { ApiError, fieldMessages, http, onUnauthorized, parseErrorBody } from './http';

describe('parseErrorBody', () => {
  it('reads the API error body: code, message and field errors', () => {
    const error = parseErrorBody(
      400,
      JSON.stringify({
        statusCode: 400,
        code: 'VALIDATION.FORM_HAS_ERRORS',
        message: 'Vormil on vigu!',
        errors: { limit: ['Maksimaalne lubatud väärtus on 50'] },
      }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION.FORM_HAS_ERRORS');
    expect(error.messages).toEqual(['Vormil on vigu!']);
    expect(error.fieldErrors).toEqual({ limit: ['Maksimaalne lubatud väärtus on 50'] });
  });

  it('takes a plain string or a list of strings as the messages', () => {
    expect(parseErrorBody(500, 'Gateway exploded').messages).toEqual(['Gateway exploded']);
    expect(parseErrorBody(400, JSON.stringify(['first', 'second'])).messages).toEqual(['first', 'second']);
  });

  it('turns an errors map without a code into one message per entry', () => {
    const error = parseErrorBody(
      400,
      JSON.stringify({ errors: { email: ['Invalid e-mail'], name: 'Field is required' } }),
    );
    expect(error.code).toBeNull();
    expect(error.messages).toEqual(['Invalid e-mail', 'Field is required']);
  });

  it('falls back to "something went wrong" for an unusable body', () => {
    expect(parseErrorBody(502, '').code).toBe('ERROR.SOMETHING_WENT_WRONG');
    expect(parseErrorBody(500, JSON.stringify({ foo: 1 })).code).toBe('ERROR.SOMETHING_WENT_WRONG');
  });
});

describe('fieldMessages', () => {
  const refusal = new ApiError(400, 'VALIDATION.FORM_HAS_ERRORS', ['Form has errors!'], {
    'profile.iban': ['Invalid IBAN', 'Too short'],
    iban: ['Also about the IBAN'],
    email: ['Invalid e-mail'],
    unknownToTheForm: ['Whatever'],
    empty: [],
  });

  it('gives the first message of each server field the form knows, under the form’s own field name', () => {
    const fieldOf = (name: string) => {
      const field = name.replace(/^profile\./, '');
      return field === 'iban' || field === 'email' || field === 'empty' ? field : null;
    };
    expect(fieldMessages(refusal, fieldOf)).toEqual({ iban: 'Invalid IBAN', email: 'Invalid e-mail' });
  });

  it('gives nothing for an error that is not the server’s answer', () => {
    expect(fieldMessages(new Error('offline'), (name) => name)).toEqual({});
    expect(fieldMessages(new ApiError(500, 'ERROR.UNKNOWN', []), (name) => name)).toEqual({});
  });
});

describe('describeError', () => {
  it('translates a known code in the UI language and keeps it 60 s', async () => {
    await i18n.changeLanguage('en');
    // The basket's texts, as the screens that offer the basket load them.
    await loadTextAreas(['basket']);
    const error = new ApiError(409, 'SHOPPING_CART.DOCUMENT_ALREADY_IN_BASKET', [
      'See dokument on juba ostukorvis!',
    ]);
    expect(describeError(error)).toEqual({
      texts: ['This document is already in the basket!'],
      durationMs: 60000,
    });
  });

  it('shows the server texts of an unknown code-less error, else the generic message', async () => {
    await i18n.changeLanguage('et');
    expect(describeError(new ApiError(400, null, ['a', 'b'])).texts).toEqual(['a', 'b']);
    expect(describeError(new TypeError('boom')).texts).toEqual([
      'Midagi läks valesti! Proovige uuesti või teatage probleemist klienditoele!',
    ]);
  });
});

describe('http', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('calls /api with the UI language and rejects with the parsed error', async () => {
    await i18n.changeLanguage('en');
    const fetch = vi.fn<typeof globalThis.fetch>(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({ statusCode: 404, code: 'DOCUMENT.NOT_FOUND', message: 'Document not found!' }),
          {
            status: 404,
          },
        ),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const failure = await http('/documents/nope', { query: { q: 'x', empty: '' } }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe('DOCUMENT.NOT_FOUND');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/documents/nope?q=x');
    expect(new Headers(init?.headers).get('Accept-Language')).toBe('en');
  });

  it('gives up after 5000 ms with a timeout error', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = http('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(4999);
    await vi.advanceTimersByTimeAsync(1);
    const failure = await pending;
    expect((failure as ApiError).code).toBe('ERROR.TIMEOUT');
  });
});

describe('http and the session', () => {
  afterEach(() => {
    sessionActions.signedOut();
  });

  it('sends the id token as bearer when signed in, and nothing otherwise', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(() => Promise.resolve(new Response('{}', { status: 200 })));
    vi.stubGlobal('fetch', fetch);
    await http('/documents');
    expect(new Headers(fetch.mock.calls[0]![1]?.headers).get('Authorization')).toBeNull();

    sessionActions.signedIn({
      idToken: 'id.token.x',
      accessToken: 'a',
      refreshToken: 'r',
      expiresAt: Date.now() + 60_000,
      authEmail: 'mari@example.ee',
    });
    await http('/user/read');
    expect(new Headers(fetch.mock.calls[1]![1]?.headers).get('Authorization')).toBe('Bearer id.token.x');
  });

  it('reports every 401 to the unauthorized handler (the app replaces the route with logout)', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        new Response(JSON.stringify({ statusCode: 401, code: 'AUTH.UNAUTHORIZED', message: 'x' }), {
          status: 401,
        }),
      ),
    );
    const handler = vi.fn();
    const unregister = onUnauthorized(handler);
    const failure = await http('/admin/users').catch((e: unknown) => e);
    expect((failure as ApiError).status).toBe(401);
    expect(handler).toHaveBeenCalledTimes(1);
    await http('/user/read', { handleUnauthorized: false }).catch(() => undefined);
    expect(handler).toHaveBeenCalledTimes(1);
    unregister();
    await http('/admin/users').catch(() => undefined);
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
