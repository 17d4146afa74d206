import { LINK_LIMITS } from '@app/contracts';

/** Adds a tag typed by the user: trimmed, 1–32 chars, no duplicate (case-insensitive). Returns the error or the new list. */
export function addTag(tags: string[], raw: string): { tags: string[]; error?: string } {
  const tag = raw.trim();
  if (!tag) return { tags };
  if (tag.length > LINK_LIMITS.tagMax) return { tags, error: `A tag is at most ${LINK_LIMITS.tagMax} characters.` };
  if (tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return { tags };
  if (tags.length >= LINK_LIMITS.tagsMax) return { tags, error: `At most ${LINK_LIMITS.tagsMax} tags.` };
  return { tags: [...tags, tag] };
}
