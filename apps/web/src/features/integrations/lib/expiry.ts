/**
 * The optional expiry date from a `<input type="date">` value: the end of that local day as an ISO instant.
 * Empty → no expiry; a day before today → an error message.
 */
export function expiryFromDate(value: string, now = new Date()): { expiresAt?: string; error?: string } {
  if (!value) return {};
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return { error: 'Expiry must be a date' };
  const end = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59, 999);
  if (Number.isNaN(end.getTime()) || end.getDate() !== Number(match[3])) return { error: 'Expiry must be a date' };
  if (end.getTime() <= now.getTime()) return { error: 'Expiry must be today or later' };
  return { expiresAt: end.toISOString() };
}

/** True when `expiresAt` is in the past. */
export const isExpired = (expiresAt: string | null, now = new Date()) => !!expiresAt && new Date(expiresAt).getTime() <= now.getTime();
