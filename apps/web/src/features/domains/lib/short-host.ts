/** Our real short host: the host of a default-domain link's short URL, else the host this app is served from. */
export function shortHost(links: { domain: string | null; shortUrl: string }[] | undefined, fallback: string): string {
  for (const l of links ?? []) {
    if (l.domain) continue;
    try {
      return new URL(l.shortUrl).hostname;
    } catch {
      /* try the next */
    }
  }
  return fallback;
}
