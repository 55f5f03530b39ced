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
 * Most members an object or an array of a JSON body may have. Our largest body has about twenty fields
 * and one list of at most 500 ids (a SEPA batch); the bound keeps hostile bodies cheap for what runs
 * after parsing (class-transformer removes duplicate keys in time quadratic in an object's size: a flat
 * object of 8,000 keys cost 240 ms of the event loop).
 */
export const MAX_JSON_OBJECT_KEYS = 200;
export const MAX_JSON_ARRAY_ITEMS = 1000;

export interface JsonShapeLimits {
  readonly depth: number;
  readonly objectKeys: number;
  readonly arrayItems: number;
}

export const JSON_SHAPE_LIMITS: JsonShapeLimits = {
  depth: MAX_JSON_DEPTH,
  objectKeys: MAX_JSON_OBJECT_KEYS,
  arrayItems: MAX_JSON_ARRAY_ITEMS,
};

/**
 * What a JSON text breaks of `limits`, in one pass over its characters (strings skipped, escapes
 * honoured), stopping as soon as a limit is passed, so a hostile body costs no more than its length:
 * 'depth' for nesting, 'size' for an object with too many keys or an array with too many items, null
 * when it keeps them. Members are counted by the commas of their container (a malformed text is left
 * for the parser to refuse).
 */
export function jsonShapeExceeds(text: string, limits: JsonShapeLimits): 'depth' | 'size' | null {
  const isObject: boolean[] = [];
  const members: number[] = [];
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > limits.depth) return 'depth';
      isObject[depth] = c === 0x7b;
      members[depth] = 1;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
    else if (c === 0x2c /* , */ && depth > 0) {
      const count = (members[depth] ?? 1) + 1;
      members[depth] = count;
      if (count > (isObject[depth] ? limits.objectKeys : limits.arrayItems)) return 'size';
    }
  }
  return null;
}

type ParserDone = (error: Error | null, body?: unknown) => void;

/**
 * Replaces the framework's body parsers: JSON is checked for depth and size before it is parsed (then parsed by
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
      const exceeded = jsonShapeExceeds(text, JSON_SHAPE_LIMITS);
      if (exceeded !== null) {
        done(new ApiError(400, exceeded === 'depth' ? 'ERROR.JSON_TOO_DEEP' : 'ERROR.JSON_TOO_LARGE'));
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
