/** Host shown in the Domain column: the custom domain, else the host of the default short URL. */
export function linkDomain(link: { domain: string | null; shortUrl: string }): string {
  if (link.domain) return link.domain;
  try {
    return new URL(link.shortUrl).host;
  } catch {
    return window.location.host;
  }
}
