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

/** express.json `verify`: refuses a too-deep body with a 400 the ErrorFilter words (type `entity.too.deep`). */
export function verifyJsonDepth(_req: unknown, _res: unknown, buf: Buffer): void {
  if (nestsDeeperThan(buf)) throw Object.assign(new Error('JSON nested too deeply'), { status: 400, statusCode: 400, type: 'entity.too.deep' });
}
