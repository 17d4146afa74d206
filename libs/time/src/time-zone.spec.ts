import { addDays, eachDate, formatDate, localDateString, localDayOf, localMidnight, offsetAt, startOfLocalWeek } from './time-zone.js';
import { parseDateParam, parseTimezoneOffset, parseZone, resolveRange } from './date-range.js';

describe('time zones (offset = UTC minus local, minutes)', () => {
  const instant = new Date('2026-11-22T20:00:00Z');
  it('finds the local date of an instant', () => {
    expect(localDateString(instant, 0)).toBe('2026-11-22');
    expect(localDateString(instant, -330)).toBe('2026-11-23'); // 01:30 next day in India
    expect(localDateString(instant, -345)).toBe('2026-11-23'); // Nepal
    expect(localDateString(instant, 480)).toBe('2026-11-22'); // 12:00 in California
    expect(localDateString(new Date('2026-11-22T05:00:00Z'), 480)).toBe('2026-11-21');
    expect(localDateString(instant, 720)).toBe('2026-11-22');
  });
  it('maps a local midnight to its UTC instant', () => {
    expect(localMidnight('2026-11-23', -330).toISOString()).toBe('2026-11-22T18:30:00.000Z');
    expect(localMidnight('2026-11-22', 480).toISOString()).toBe('2026-11-22T08:00:00.000Z');
    expect(localMidnight('2026-11-22', -345).toISOString()).toBe('2026-11-21T18:15:00.000Z');
  });
  it('gives a local day its calendar length: 25 hours when Berlin leaves summer time', () => {
    const day = localDayOf(new Date('2026-10-25T11:00:00Z'), 'Europe/Berlin');
    expect([day.from.toISOString(), day.to.toISOString()]).toEqual(['2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z']);
    const fixed = localDayOf(new Date('2026-11-22T20:00:00Z'), -330);
    expect([fixed.from.toISOString(), fixed.to.toISOString()]).toEqual(['2026-11-22T18:30:00.000Z', '2026-11-23T18:30:00.000Z']);
  });
  it('starts weeks on Monday', () => {
    // 2026-11-22 is a Sunday: its week began Monday 2026-11-16.
    expect(startOfLocalWeek(new Date('2026-11-22T12:00:00Z'), 0).toISOString()).toBe('2026-11-16T00:00:00.000Z');
    // 2026-11-22T20:00Z is already Monday 2026-11-23 in India.
    expect(startOfLocalWeek(instant, -330).toISOString()).toBe('2026-11-22T18:30:00.000Z');
  });
  it('walks dates across month ends and formats them', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(eachDate('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(formatDate('2026-11-02')).toBe('Nov 2, 2026');
  });
});

describe('request parameters', () => {
  it('validates timezoneOffset', () => {
    expect(parseTimezoneOffset(undefined)).toBe(0);
    expect(parseTimezoneOffset('-330')).toBe(-330);
    expect(() => parseTimezoneOffset('abc')).toThrow('timezoneOffset must be a whole number');
    expect(() => parseTimezoneOffset('7')).toThrow('multiple of 15');
    expect(() => parseTimezoneOffset('100000')).toThrow();
  });
  it('reads dates and ISO instants as local dates', () => {
    expect(parseDateParam('2026-11-22', 'startDate', -330)).toBe('2026-11-22');
    expect(parseDateParam('2026-11-22T18:30:00.000Z', 'startDate', -330)).toBe('2026-11-23');
    expect(() => parseDateParam('2026-02-30', 'startDate', 0)).toThrow('startDate must be a date');
    expect(() => parseDateParam('yesterday', 'endDate', 0)).toThrow('endDate must be a date');
  });
  it('resolves ranges with defaults and refuses bad ones', () => {
    const now = new Date('2026-11-22T20:00:00Z');
    const r = resolveRange({}, -330, 30, now);
    expect(r.endDate).toBe('2026-11-23');
    expect(r.startDate).toBe('2026-10-25');
    expect(r.to.toISOString()).toBe('2026-11-23T18:30:00.000Z');
    expect(() => resolveRange({ startDate: '2026-11-22', endDate: '2026-11-01' }, 0, 30)).toThrow('endDate must not be before startDate.');
    expect(() => resolveRange({ startDate: '2024-01-01', endDate: '2026-01-01' }, 0, 30)).toThrow('at most one year');
    expect(() => resolveRange({ startDate: '2026-11-22' }, 0, 30)).toThrow('Give both');
  });
});

describe('named zones across daylight-saving changes (Europe/Berlin, 2026-10-25 03:00 CEST → 02:00 CET)', () => {
  const Z = 'Europe/Berlin';
  it('finds the local date and offset on both sides of the change', () => {
    expect(offsetAt(new Date('2026-10-24T22:30:00Z'), Z)).toBe(-120);
    expect(offsetAt(new Date('2026-10-25T22:30:00Z'), Z)).toBe(-60);
    expect(localDateString(new Date('2026-10-24T21:30:00Z'), Z)).toBe('2026-10-24');
    expect(localDateString(new Date('2026-10-24T22:30:00Z'), Z)).toBe('2026-10-25');
    expect(localDateString(new Date('2026-10-25T22:30:00Z'), Z)).toBe('2026-10-25');
    expect(localDateString(new Date('2026-10-25T23:30:00Z'), Z)).toBe('2026-10-26');
  });
  it('gives each local day its own midnight (the 25th lasts 25 hours, 29 March 23 hours)', () => {
    expect(localMidnight('2026-10-25', Z).toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(localMidnight('2026-10-26', Z).toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(localMidnight('2026-03-29', Z).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(localMidnight('2026-03-30', Z).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(localMidnight('2026-11-23', 'Asia/Kolkata').toISOString()).toBe('2026-11-22T18:30:00.000Z');
  });
  it('a 7-day range across the change is 7 days, from ISO instants too', () => {
    const r = resolveRange({ startDate: '2026-10-21T22:00:00.000Z', endDate: '2026-10-28T22:59:59.999Z' }, Z, 30);
    expect([r.startDate, r.endDate]).toEqual(['2026-10-22', '2026-10-28']);
    expect([r.from.toISOString(), r.to.toISOString()]).toEqual(['2026-10-21T22:00:00.000Z', '2026-10-28T23:00:00.000Z']);
    // The offset now (-60) alone reads the start as the 21st: 8 days.
    expect(resolveRange({ startDate: '2026-10-21T22:00:00.000Z', endDate: '2026-10-28T22:59:59.999Z' }, -60, 30).startDate).toBe('2026-10-21');
  });
  it('validates the zone name and keeps timezoneOffset alone working', () => {
    expect(parseZone({ timeZone: 'Europe/Berlin', timezoneOffset: '-60' })).toBe('Europe/Berlin');
    expect(parseZone({ timezoneOffset: '-330' })).toBe(-330);
    expect(parseZone({})).toBe(0);
    expect(() => parseZone({ timeZone: 'Mars/Olympus' })).toThrow('timeZone must be an IANA time zone name like Europe/Berlin, got "Mars/Olympus".');
    expect(() => parseZone({ timeZone: "x'; drop" })).toThrow('timeZone');
    expect(() => parseZone({ timeZone: 'Europe/Berlin', timezoneOffset: 'abc' })).toThrow('timezoneOffset');
  });
});
