import type { LinkDto } from '@app/contracts';

/** Case-insensitive match on name, short code or original URL. */
export function filterLinks(links: LinkDto[], search: string): LinkDto[] {
  const q = search.trim().toLowerCase();
  if (!q) return links;
  return links.filter((l) => [l.name, l.shortCode, l.originalUrl].some((v) => (v ?? '').toLowerCase().includes(q)));
}

export const hasOwners = (links: LinkDto[]) => links.some((l) => Boolean(l.ownerUsername));
