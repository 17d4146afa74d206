import { AppError } from '@app/contracts';

/** A whole number in [min, max] from a query string, or the default when absent. */
export function intParam(raw: string | undefined, name: string, min: number, max: number, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,6}$/.test(raw.trim()) || Number(raw) < min || Number(raw) > max) {
    throw new AppError(400, `${name} must be a whole number from ${min} to ${max}.`);
  }
  return Number(raw);
}

const RECENT_IP_WINDOWS = [7, 14, 30];

export function daysParam(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 7;
  const n = Number(raw);
  if (!RECENT_IP_WINDOWS.includes(n) || !/^\d+$/.test(raw)) throw new AppError(400, 'days must be 7, 14 or 30.');
  return n;
}
