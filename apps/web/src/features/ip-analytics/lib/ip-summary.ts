import type { IpSummaryDto } from '@app/contracts';

export const TOP_LIMIT = 8;

/** Top countries and cities by unique IPs (docs/product.md#constants-and-limits: 8 each). */
export function topByIps<T extends { ipCount: number; clickCount: number }>(rows: T[], limit = TOP_LIMIT): T[] {
  return [...rows].sort((a, b) => b.ipCount - a.ipCount || b.clickCount - a.clickCount).slice(0, limit);
}

/** Bars of the daily new IPs chart, scaled to the maximum day (percent of full height). */
export function scaledBars(days: IpSummaryDto['dailyNewIPs']): { date: string; newIPs: number; percent: number }[] {
  const max = Math.max(0, ...days.map((d) => d.newIPs));
  return days.map((d) => ({ ...d, percent: max === 0 ? 0 : Math.round((d.newIPs / max) * 1000) / 10 }));
}
