import type { AppFastify } from './fastify-types';
import { ApiError } from '../errors/api-error';

/** Request bodies are at most this large (JSON and forms alike); 413 ERROR.PAYLOAD_TOO_LARGE beyond. */
export const BODY_LIMIT_BYTES = 100 * 1024;

/**
 * Deepest nesting of arrays and objects a JSON body may have. Our forms are two levels deep; 32 leaves
 * room for any honest client while keeping validation (recursive in class-transformer and
 * class-validator) far from the stack limit.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * The nesting depth of a JSON text, in one pass over its characters (strings skipped, escapes
 * honoured), stopping as soon as `limit` is passed, so a hostile body costs no more than its length.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
  }
  return false;
}

type ParserDone = (error: Error | null, body?: unknown) => void;

/**
 * Replaces the framework's body parsers: JSON is checked for depth before it is parsed (then parsed by
 * Fastify's own prototype-poisoning-safe parser), and form bodies are parsed for the pages outside
 * /api that receive them (the payment provider's returns). What /api accepts is decided by
 * content-type-policy.ts, before any parser runs.
 */
export function registerBodyParsers(fastify: AppFastify): void {
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
    (request, body: string | Buffer, done: ParserDone) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
        done(new ApiError(400, 'ERROR.JSON_TOO_DEEP'));
        return;
      }
      void parseJson(request, text, done);
    },
  );
  fastify.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
    (_request, body: string | Buffer, done: ParserDone) => {
      const form: Record<string, string | string[]> = {};
      for (const [key, value] of new URLSearchParams(typeof body === 'string' ? body : body.toString())) {
        const earlier = form[key];
        form[key] =
          earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [earlier]), value];
      }
      done(null, form);
    },
  );
}
