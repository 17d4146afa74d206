import { canApply, clickDay, draftToRange, EMPTY_DRAFT, isSelectable } from './range-selection';
import { lastDays, quickRangeOf, ymdParams } from './date-range';

const day = (d: number, m = 10) => new Date(2026, m, d, 15, 30);

describe('range picker rules', () => {
  it('cannot apply before a day is chosen', () => {
    expect(canApply(EMPTY_DRAFT)).toBe(false);
  });
  it('one click is a one-day range that can be applied', () => {
    const draft = clickDay(EMPTY_DRAFT, day(12));
    expect(canApply(draft)).toBe(true);
    expect(ymdParams(draftToRange(draft)!)).toEqual({ startDate: '2026-11-12', endDate: '2026-11-12' });
    expect(draftToRange(draft)!.end.getHours()).toBe(23);
  });
  it('a second click extends the one-day range either way', () => {
    const one = clickDay(EMPTY_DRAFT, day(12));
    expect(ymdParams(draftToRange(clickDay(one, day(20)))!)).toEqual({ startDate: '2026-11-12', endDate: '2026-11-20' });
    expect(ymdParams(draftToRange(clickDay(one, day(3)))!)).toEqual({ startDate: '2026-11-03', endDate: '2026-11-12' });
  });
  it('a click after a full range starts a new one-day range', () => {
    const full = clickDay(clickDay(EMPTY_DRAFT, day(1)), day(9));
    expect(ymdParams(draftToRange(clickDay(full, day(5)))!)).toEqual({ startDate: '2026-11-05', endDate: '2026-11-05' });
  });
  it('future days are not selectable', () => {
    const now = day(22);
    expect(isSelectable(day(22), now)).toBe(true);
    expect(isSelectable(day(23), now)).toBe(false);
  });
});

describe('quick ranges', () => {
  it('last N days ends today and spans N calendar days', () => {
    const now = day(22);
    const r = lastDays(30, now);
    expect(ymdParams(r)).toEqual({ startDate: '2026-10-24', endDate: '2026-11-22' });
    expect(quickRangeOf(r, now)).toBe(30);
    expect(quickRangeOf(lastDays(7, now), now)).toBe(7);
  });
});
