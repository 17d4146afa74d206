import { addDays, toYmd } from '../../../lib/dates';

/** The periods a visitor picks from (local days, today included), or their own first and last day. */
export const SHARE_PERIODS = [
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
  { value: '365', label: 'Last 365 days' },
  { value: 'custom', label: 'Custom range' },
] as const;
export const DEFAULT_SHARE_PERIOD = '30';

export interface ShareRange {
  startDate: string;
  endDate: string;
}

/** The local days of a period ending today; a custom range as given (the api refuses a bad one with a readable 400). */
export function shareRangeOf(period: string, custom: ShareRange, now = new Date()): ShareRange {
  if (period === 'custom' && custom.startDate && custom.endDate) return custom;
  const days = Number(period) || Number(DEFAULT_SHARE_PERIOD);
  return { startDate: toYmd(addDays(now, -(days - 1))), endDate: toYmd(now) };
}
