import { describe, expect, it } from '@jest/globals';
import { canApplyRange, customRangeError, initialCustomDates, periodRange } from './period';

const now = new Date(2026, 10, 22, 15, 30); // Nov 22, 2026 15:30 local

describe('link analytics period', () => {
  it('today is the start to the end of today', () => {
    const r = periodRange('today', now)!;
    expect(r.start).toEqual(new Date(2026, 10, 22, 0, 0, 0, 0));
    expect(r.end).toEqual(new Date(2026, 10, 22, 23, 59, 59, 999));
  });
  it('yesterday is the whole previous day', () => {
    const r = periodRange('yesterday', now)!;
    expect(r.start).toEqual(new Date(2026, 10, 21, 0, 0, 0, 0));
    expect(r.end).toEqual(new Date(2026, 10, 21, 23, 59, 59, 999));
  });
  it('last 7 days starts at the start of the day 7 days ago and ends at the end of today', () => {
    const r = periodRange('last7days', now)!;
    expect(r.start).toEqual(new Date(2026, 10, 15, 0, 0, 0, 0));
    expect(r.end).toEqual(new Date(2026, 10, 22, 23, 59, 59, 999));
  });
  it('custom has no range (no fetch) until both dates are set', () => {
    expect(periodRange('custom', now, { start: new Date(2026, 10, 1), end: null })).toBeNull();
    expect(periodRange('custom', now, { start: null, end: null })).toBeNull();
    const r = periodRange('custom', now, { start: new Date(2026, 10, 1, 12), end: new Date(2026, 10, 3, 8) })!;
    expect(r.start).toEqual(new Date(2026, 10, 1, 0, 0, 0, 0));
    expect(r.end).toEqual(new Date(2026, 10, 3, 23, 59, 59, 999));
  });
  it('choosing custom with no dates preselects 7 days ago .. now', () => {
    expect(initialCustomDates({ start: null, end: null }, now)).toEqual({ start: new Date(2026, 10, 15, 15, 30), end: now });
    const kept = { start: new Date(2026, 9, 1), end: new Date(2026, 9, 2) };
    expect(initialCustomDates(kept, now)).toBe(kept);
  });
  it('refuses future dates and an end before the start; Apply needs both', () => {
    expect(customRangeError('2026-11-23', '', now)).toBe('Start date cannot be in the future');
    expect(customRangeError('2026-11-20', '2026-11-23', now)).toBe('End date cannot be in the future');
    expect(customRangeError('2026-11-20', '2026-11-19', now)).toBe('End date cannot be before start date');
    expect(customRangeError('2026-11-20', '2026-11-22', now)).toBeNull();
    expect(canApplyRange('2026-11-20', '', now)).toBe(false);
    expect(canApplyRange('', '2026-11-20', now)).toBe(false);
    expect(canApplyRange('2026-11-20', '2026-11-20', now)).toBe(true);
    expect(canApplyRange('2026-11-21', '2026-11-20', now)).toBe(false);
  });
});
