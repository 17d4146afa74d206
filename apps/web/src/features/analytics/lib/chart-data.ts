import type { TrendPointDto } from '@app/contracts';
import { clicksPerLink } from '../../../lib/clicks-per-link';
import { chartColor } from '../../../components/ui/chart-colors';

export const CHART_COLORS = (['blue', 'green', 'yellow', 'red', 'purple'] as const).map(chartColor);

/** Total clicks per day across links (the Overview chart). */
export function dailyTotals(points: TrendPointDto[]): { date: string; clicks: number }[] {
  return points.map((p) => ({ date: p.date, clicks: p.linkData.reduce((s, l) => s + l.clicks, 0) }));
}

/** One series per link for the top `limit` links by clicks in the range; rows keyed by link id. */
export function trendSeries(points: TrendPointDto[], limit = 5) {
  const top = [...clicksPerLink(points).entries()]
    .filter(([, t]) => t.clicks > 0)
    .sort((a, b) => b[1].clicks - a[1].clicks)
    .slice(0, limit);
  const series = top.map(([id, t], i) => ({ id, name: t.name, color: CHART_COLORS[i % CHART_COLORS.length] }));
  const rows = points.map((p) => {
    const row: Record<string, string | number> = { date: p.date };
    for (const s of series) row[s.id] = p.linkData.find((l) => l.linkId === s.id)?.clicks ?? 0;
    return row;
  });
  return { series, rows };
}
