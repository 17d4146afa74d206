import { describe, expect, it } from '@jest/globals';
import { expiryFromDate, isExpired } from './expiry';

describe('API key expiry', () => {
  const now = new Date(2026, 10, 23, 15, 0, 0);

  it('no date means no expiry', () => {
    expect(expiryFromDate('', now)).toEqual({});
  });

  it('a day from today on is the end of that local day', () => {
    expect(expiryFromDate('2026-11-23', now)).toEqual({ expiresAt: new Date(2026, 10, 23, 23, 59, 59, 999).toISOString() });
    expect(expiryFromDate('2027-01-31', now)).toEqual({ expiresAt: new Date(2027, 0, 31, 23, 59, 59, 999).toISOString() });
  });

  it('refuses past days and impossible dates', () => {
    expect(expiryFromDate('2026-11-22', now)).toEqual({ error: 'Expiry must be today or later' });
    expect(expiryFromDate('2027-02-30', now)).toEqual({ error: 'Expiry must be a date' });
    expect(expiryFromDate('next week', now)).toEqual({ error: 'Expiry must be a date' });
  });

  it('isExpired only for a past expiry', () => {
    expect(isExpired(null, now)).toBe(false);
    expect(isExpired(new Date(2026, 10, 23, 14).toISOString(), now)).toBe(true);
    expect(isExpired(new Date(2026, 10, 24).toISOString(), now)).toBe(false);
  });
});
