import type { PerformanceLink } from '../api/get-performance';

/** The 'Total Summary' row: link count, summed clicks and the latest click. */
export function performanceSummary(links: PerformanceLink[]) {
  let latest: string | null = null;
  for (const l of links) if (l.lastClick && (!latest || new Date(l.lastClick) > new Date(latest))) latest = l.lastClick;
  return {
    links: links.length,
    clicksInRange: links.reduce((s, l) => s + (l.clicksInRange ?? 0), 0),
    totalClicks: links.reduce((s, l) => s + l.clickCount, 0),
    lastClick: latest,
  };
}

/** Host shown in the Domain column: the custom domain, else the host of the default short URL. */
export function linkDomain(link: { domain: string | null; shortUrl: string }): string {
  if (link.domain) return link.domain;
  try {
    return new URL(link.shortUrl).host;
  } catch {
    return window.location.host;
  }
}
