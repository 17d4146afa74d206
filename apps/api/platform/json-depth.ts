/** Deepest nesting a request body may have: the api's DTOs are at most 2 levels deep. */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = new Set([0x5b, 0x7b]); // [ {
const CLOSE = new Set([0x5d, 0x7d]); // ] }

/**
 * True when the raw JSON text nests arrays/objects deeper than `max` (brackets inside strings do not count). One
 * pass over the bytes, no recursion: run before JSON.parse and class-transformer ever see the body.
 */
export function nestsDeeperThan(buf: Uint8Array, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i];
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (OPEN.has(c)) {
      if (++depth > max) return true;
    } else if (CLOSE.has(c)) {
      depth--;
    }
  }
  return false;
}

const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

/**
 * True when the JSON text is not an object (an array, a string, a number...): every route's body is one DTO. A top-level
 * array of 50,000 items was turned into 50,000 "property N should not exist" errors, ~400 ms of event loop each.
 */
export function isNotAnObject(buf: Uint8Array): boolean {
  let i = 0;
  while (i < buf.length && WHITESPACE.has(buf[i])) i++;
  return i < buf.length && buf[i] !== 0x7b;
}

const refused = (type: string) => Object.assign(new Error(type), { status: 400, statusCode: 400, type });

/**
 * express.json `verify`: refuses a body that is too deep (type `entity.too.deep`) or is not one JSON object (type
 * `entity.not.object`) with a 400 the ErrorFilter words, before it is parsed.
 */
export function verifyJsonBody(_req: unknown, _res: unknown, buf: Buffer): void {
  if (nestsDeeperThan(buf)) throw refused('entity.too.deep');
  if (isNotAnObject(buf)) throw refused('entity.not.object');
}
