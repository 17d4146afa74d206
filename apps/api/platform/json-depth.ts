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

/** Most fields one object of a request body may have: the widest DTO has a few dozen, and none is a map. */
export const MAX_JSON_FIELDS = 100;
const COLON = 0x3a;

/**
 * True when one object of the JSON text has more than `max` fields. Validation answers each unknown field with an
 * error of its own: 9,000 of them held the event loop ~250 ms and wrote a 296 kB message. One pass, a counter per
 * open object (arrays count nothing: a wide list of tags is not a wide object).
 */
export function hasObjectWiderThan(buf: Uint8Array, max = MAX_JSON_FIELDS): boolean {
  const fields: number[] = []; // per open bracket: fields so far, or -1 for an array
  let inString = false;
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i];
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === 0x7b) {
      fields.push(0);
    } else if (c === 0x5b) {
      fields.push(-1);
    } else if (CLOSE.has(c)) {
      fields.pop();
    } else if (c === COLON && fields.length > 0 && ++fields[fields.length - 1] > max) {
      return true;
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
 * express.json `verify`: refuses a body that is too deep (type `entity.too.deep`), is not one JSON object (type
 * `entity.not.object`) or has an object of too many fields (type `entity.too.wide`) with a 400 the ErrorFilter words, before it is parsed.
 */
export function verifyJsonBody(_req: unknown, _res: unknown, buf: Buffer): void {
  if (nestsDeeperThan(buf)) throw refused('entity.too.deep');
  if (isNotAnObject(buf)) throw refused('entity.not.object');
  if (hasObjectWiderThan(buf)) throw refused('entity.too.wide');
}
