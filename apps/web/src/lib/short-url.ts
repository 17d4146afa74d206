import type { LinkDto } from '@app/contracts';

/** The link's short URL: the server's shortUrl, else http://{domain}/{code} (as the api builds it) or {origin}/s/{code}. */
export function shortUrlOf(link: Pick<LinkDto, 'shortUrl' | 'domain' | 'shortCode'>): string {
  if (link.shortUrl) return link.shortUrl;
  if (link.domain) return `http://${link.domain}/${link.shortCode}`;
  return `${window.location.origin}/s/${link.shortCode}`;
}
