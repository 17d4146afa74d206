import type { DailySummaryItemDto } from '@app/contracts';

export type Trend = 'up' | 'down' | 'flat';

export interface DailyRow extends DailySummaryItemDto {
  trend: Trend;
  /** Clicks minus the previous day's (0 for the oldest day). */
  difference: number;
  aboveAverage: boolean;
}

export interface DailySummaryView {
  total: number;
  /** Rounded daily average. */
  average: number;
  highest: DailySummaryItemDto | null;
  lowest: DailySummaryItemDto | null;
  /** Newest first. */
  rows: DailyRow[];
}

/** Tiles and rows of the Daily Clicks Summary card (docs/product.md#dashboard). */
export function summarizeDays(items: DailySummaryItemDto[]): DailySummaryView {
  const oldestFirst = [...items].sort((a, b) => a.date.localeCompare(b.date));
  const total = oldestFirst.reduce((sum, d) => sum + d.totalClicks, 0);
  const exactAverage = oldestFirst.length ? total / oldestFirst.length : 0;
  let highest: DailySummaryItemDto | null = null;
  let lowest: DailySummaryItemDto | null = null;
  for (const day of oldestFirst) {
    if (!highest || day.totalClicks > highest.totalClicks) highest = day;
    if (!lowest || day.totalClicks < lowest.totalClicks) lowest = day;
  }
  const rows = oldestFirst.map((day, i): DailyRow => {
    const difference = i === 0 ? 0 : day.totalClicks - oldestFirst[i - 1].totalClicks;
    return { ...day, difference, trend: difference > 0 ? 'up' : difference < 0 ? 'down' : 'flat', aboveAverage: day.totalClicks > exactAverage };
  });
  return { total, average: Math.round(exactAverage), highest, lowest, rows: rows.reverse() };
}

/** Card title: last 30 days by default, else the range or a single date. */
export function dailySummaryTitle(startLabel?: string, endLabel?: string): string {
  if (!startLabel || !endLabel) return 'Daily Clicks Summary (Last 30 Days)';
  if (startLabel === endLabel) return `Daily Clicks Summary (${startLabel})`;
  return `Daily Clicks Summary (${startLabel} - ${endLabel})`;
}

export function dailySummarySubtitle(hasRange: boolean): string {
  return hasRange ? 'Total clicks per day for the selected range based on your timezone' : 'Total clicks per day based on your timezone';
}
