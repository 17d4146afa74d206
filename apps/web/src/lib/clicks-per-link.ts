import type { TrendPointDto } from '@app/contracts';

/** Each link's name (its id when the answer names none) and its clicks summed over the trend points, keyed by link id (in order of first appearance). */
export function clicksPerLink(points: TrendPointDto[]): Map<string, { name: string; clicks: number }> {
  const totals = new Map<string, { name: string; clicks: number }>();
  for (const point of points) {
    for (const l of point.linkData) {
      const t = totals.get(l.linkId) ?? { name: l.linkName ?? l.linkId, clicks: 0 };
      t.clicks += l.clicks;
      totals.set(l.linkId, t);
    }
  }
  return totals;
}
