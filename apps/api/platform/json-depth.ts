/** Deepest nesting a request body may have: the api's DTOs are at most 2 levels deep. */
export const MAX_JSON_DEPTH = 32;

/** Most fields one object of a request body may have: the widest DTO has a few dozen, and none is a map. */
export const MAX_JSON_FIELDS = 100;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE = new Set([0x5d, 0x7d]); // ] }
const COLON = 0x3a;

/**
 * The first limit the raw JSON text breaks, reading it once with no recursion (brackets and colons inside strings do
 * not count), before JSON.parse and class-transformer ever see it: nesting deeper than `maxDepth`, or one object
 * with more than `maxFields` fields (validation answered each unknown field with an error of its own: 9,000 of them
 * held the event loop ~250 ms and wrote a 296 kB message; arrays count no fields, a wide list of tags is not a wide
 * object).
 */
export function brokenLimit(buf: Uint8Array, maxDepth = MAX_JSON_DEPTH, maxFields = MAX_JSON_FIELDS): 'depth' | 'fields' | null {
  const fields: number[] = []; // per open bracket: the object's fields so far, or -1 for an array
  let inString = false;
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i];
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (fields.push(c === OPEN_OBJECT ? 0 : -1) > maxDepth) return 'depth';
    } else if (CLOSE.has(c)) {
      fields.pop();
    } else if (c === COLON && fields.length > 0 && ++fields[fields.length - 1] > maxFields) {
      return 'fields';
    }
  }
  return null;
}

/** True when the raw JSON text nests arrays/objects deeper than `max`. */
export const nestsDeeperThan = (buf: Uint8Array, max = MAX_JSON_DEPTH): boolean => brokenLimit(buf, max, Infinity) === 'depth';

/** True when one object of the JSON text has more than `max` fields. */
export const hasObjectWiderThan = (buf: Uint8Array, max = MAX_JSON_FIELDS): boolean => brokenLimit(buf, Infinity, max) === 'fields';

/** A body the api refuses before any route sees it: the ErrorFilter words each `type` as a 400. */
export const refused = (type: string) => Object.assign(new Error(type), { status: 400, statusCode: 400, type });

/**
 * express.json `verify`: refuses a body that is too deep (type `entity.too.deep`) or has an object of too many fields
 * (type `entity.too.wide`) before it is parsed.
 */
export function verifyJsonBody(_req: unknown, _res: unknown, buf: Buffer): void {
  const broken = brokenLimit(buf);
  if (broken === 'depth') throw refused('entity.too.deep');
  if (broken === 'fields') throw refused('entity.too.wide');
}
