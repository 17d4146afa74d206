import { LINK_LIMITS } from '@app/contracts';
import type { ImportRow } from './import-row.js';

/** The first `max` UTF-16 units of a text, never cutting a character in two. */
function shorten(value: string, max: number): string {
  let out = '';
  for (const ch of value) {
    if (out.length + ch.length > max) break;
    out += ch;
  }
  return out.trimEnd();
}

/**
 * Trim-and-report instead of drop (docs/architecture.md "Imports"): a title past the name limit is shortened, a tag
 * past the tag limit is shortened, repeated tags are merged, and past 10 tags the first 10 are kept, each with a
 * note for the row. Everything else is judged by the link rules when the link is created (a skipped row, its reason).
 */
export function normalizeRow(row: ImportRow, note: (text: string) => void): ImportRow {
  const out: ImportRow = { ...row };
  if (out.code !== undefined) out.code = out.code.trim() || undefined;
  if (out.name && out.name.length > LINK_LIMITS.nameMax) {
    note(`title shortened from ${[...out.name].length} to ${LINK_LIMITS.nameMax} characters.`);
    out.name = shorten(out.name, LINK_LIMITS.nameMax);
  }
  if (out.tags) {
    const tags: string[] = [];
    for (const raw of out.tags) {
      let tag = raw.trim();
      if (tag.length > LINK_LIMITS.tagMax) {
        const short = shorten(tag, LINK_LIMITS.tagMax);
        note(`tag "${tag}" shortened to "${short}" (tags have at most ${LINK_LIMITS.tagMax} characters).`);
        tag = short;
      }
      if (tag && !tags.includes(tag)) tags.push(tag);
    }
    if (tags.length > LINK_LIMITS.tagsMax) {
      const dropped = tags.splice(LINK_LIMITS.tagsMax);
      note(`${tags.length + dropped.length} tags: the first ${LINK_LIMITS.tagsMax} kept, ${dropped.join(', ')} dropped.`);
    }
    out.tags = tags.length ? tags : undefined;
  }
  return out;
}
