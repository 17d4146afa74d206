import { describe, expect, it } from '@jest/globals';
import { summarizeDays } from './daily-summary';

const day = (date: string, totalClicks: number) => ({ date, formattedDate: date, totalClicks });

describe('daily clicks summary', () => {
  const view = summarizeDays([day('2026-11-20', 4), day('2026-11-22', 1), day('2026-11-19', 2), day('2026-11-21', 4)]);

  it('computes the tiles: total, rounded average, highest and lowest day', () => {
    expect(view.total).toBe(11);
    expect(view.average).toBe(3); // 2.75 rounded
    expect(view.highest).toEqual(day('2026-11-20', 4));
    expect(view.lowest).toEqual(day('2026-11-22', 1));
  });

  it('lists newest first with the trend and difference from the previous day', () => {
    expect(view.rows.map((r) => [r.date, r.trend, r.difference])).toEqual([
      ['2026-11-22', 'down', -3],
      ['2026-11-21', 'flat', 0],
      ['2026-11-20', 'up', 2],
      ['2026-11-19', 'flat', 0],
    ]);
  });

  it('highlights days above the average', () => {
    expect(view.rows.map((r) => r.aboveAverage)).toEqual([false, true, true, false]);
  });

  it('is empty without days', () => {
    expect(summarizeDays([])).toEqual({ total: 0, average: 0, highest: null, lowest: null, rows: [] });
  });
});
