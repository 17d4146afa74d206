/** Host of a Referer header, lowercased and without `www.`; null when empty or not a URL. */
export function referrerHost(referer: string): string | null {
  const value = referer.trim();
  if (!value) return null;
  try {
    const host = new URL(value).hostname
      .toLowerCase()
      .replace(/^www\./, '')
      .replace(/\.$/, '');
    return host || null;
  } catch {
    return null;
  }
}
