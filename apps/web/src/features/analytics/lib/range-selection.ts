import { MAX_RANGE_DAYS } from '@app/contracts';
import { daysInclusive, endOfDay, startOfDay } from '../../../lib/dates';
import type { DateRange } from './date-range';

/** The picker's draft: nothing picked yet, or a start and end (equal after one click). */
export interface RangeDraft {
  start: Date | null;
  end: Date | null;
}

export const EMPTY_DRAFT: RangeDraft = { start: null, end: null };

/**
 * One click on a day. docs/product.md#analytics: a single click sets start and end to the same day. A second click extends that
 * one-day range (before → new start, after → new end). A click once a multi-day range is chosen starts over.
 */
export function clickDay(draft: RangeDraft, day: Date): RangeDraft {
  const d = startOfDay(day);
  if (!draft.start || !draft.end) return { start: d, end: d };
  const single = draft.start.getTime() === draft.end.getTime();
  if (!single) return { start: d, end: d };
  if (d < draft.start) return { start: d, end: draft.end };
  return { start: draft.start, end: d };
}

/** True when the draft spans more days than the server accepts (MAX_RANGE_DAYS). */
export function isTooLong(draft: RangeDraft): boolean {
  if (!draft.start || !draft.end) return false;
  const [a, b] = draft.start <= draft.end ? [draft.start, draft.end] : [draft.end, draft.start];
  return daysInclusive(a, b) > MAX_RANGE_DAYS;
}

/** Apply is enabled only when both dates are chosen and the range is one the server accepts. */
export function canApply(draft: RangeDraft): boolean {
  return draft.start !== null && draft.end !== null && !isTooLong(draft);
}

/** The applied range: whole days, start ≤ end. */
export function draftToRange(draft: RangeDraft): DateRange | null {
  if (!draft.start || !draft.end) return null;
  const [a, b] = draft.start <= draft.end ? [draft.start, draft.end] : [draft.end, draft.start];
  return { start: startOfDay(a), end: endOfDay(b) };
}

/** Future days cannot be picked. */
export function isSelectable(day: Date, now = new Date()): boolean {
  return startOfDay(day) <= startOfDay(now);
}

export function isInDraft(draft: RangeDraft, day: Date): boolean {
  if (!draft.start || !draft.end) return false;
  const t = startOfDay(day).getTime();
  return t >= draft.start.getTime() && t <= draft.end.getTime();
}
