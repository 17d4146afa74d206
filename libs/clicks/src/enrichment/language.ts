/**
 * Primary subtags of an Accept-Language header in the visitor's order, lowercased, ranges with q=0 left out
 * (`fr-CH, fr;q=0.9, en;q=0` → fr, fr). `*` and anything that is not a language subtag (2–8 letters) is skipped.
 */
export function languageTags(header: string | undefined): string[] {
  if (!header) return [];
  const tags: string[] = [];
  for (const part of header.split(',')) {
    const [range, ...params] = part.trim().split(';');
    if (params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/i.test(p))) continue;
    const primary = range.trim().split('-')[0].toLowerCase();
    if (/^[a-z]{2,8}$/.test(primary)) tags.push(primary);
  }
  return tags;
}

/** The click's language (docs/architecture.md, Analytics filters): the primary tag of the visitor's first accepted language, or null. */
export function primaryLanguage(header: string | undefined): string | null {
  return languageTags(header)[0] ?? null;
}
