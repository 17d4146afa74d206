import { formatCount } from '../../../lib/numbers';
import type { TrendPointDto } from '@app/contracts';
import { clicksPerLink } from '../../../lib/clicks-per-link';
import { chartColor } from '../../../components/ui/chart-colors';

/** Fixed 5-colour palette of the Click Trends chart. */
export const TREND_COLORS = (['blue', 'green', 'orange', 'purple', 'red'] as const).map(chartColor);
export const TREND_TOP_LINKS = 5;

export interface TrendSeries {
  linkId: string;
  linkName: string;
  color: string;
  total: number;
}
export type TrendRow = { date: string } & Record<string, number | string>;

/** One line per link for the top 5 links by total clicks in the range; rows keyed by linkId. */
export function buildTrendSeries(points: TrendPointDto[]): { series: TrendSeries[]; rows: TrendRow[] } {
  const series = [...clicksPerLink(points).entries()]
    .sort((a, b) => b[1].clicks - a[1].clicks || a[1].name.localeCompare(b[1].name))
    .slice(0, TREND_TOP_LINKS)
    .map(([linkId, t], i) => ({ linkId, linkName: t.name, total: t.clicks, color: TREND_COLORS[i] }));
  const rows = [...points]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((point) => {
      const row: TrendRow = { date: point.date };
      for (const s of series) row[s.linkId] = point.linkData.find((l) => l.linkId === s.linkId)?.clicks ?? 0;
      return row;
    });
  return { series, rows };
}

/** Tooltip line '{link}: {n} clicks'. */
export function trendTooltipLine(linkName: string, clicks: number): string {
  return `${linkName}: ${formatCount(clicks)} clicks`;
}
