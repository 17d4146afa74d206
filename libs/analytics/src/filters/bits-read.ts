import { OWNER_DIMENSIONS } from '@app/clicks';
import type { ClickFilters } from '@app/contracts';
import type { SqlParams } from '../sql-params.js';
import { CLICK_FILTER_COLUMN, clickFilterSql } from './click-filters.js';

/**
 * What the reads of the click bitmaps share, by day (link-bits.ts) and by month (link-months.ts): the read, which
 * dimensions it groups by and filters on, and how a filter picks a dimension's values.
 */

const DIMENSIONS: readonly string[] = OWNER_DIMENSIONS;

/** What a read asks: the caller's links (SQL over `link_id`), its click filters, the columns it selects. */
export interface BitsRead {
  links: string;
  filters: ClickFilters;
  columns: string[];
}

/** The click filters that look at `column`, alone. */
export const filtersOn = (filters: ClickFilters, column: string): ClickFilters =>
  Object.fromEntries(
    Object.entries(filters).filter(([name, v]) => v !== undefined && CLICK_FILTER_COLUMN[name as keyof typeof CLICK_FILTER_COLUMN] === column),
  ) as ClickFilters;

/** SQL: the values of `dimension` a read's filters on it take (`value` their column), TRUE without one. */
export const valuesOf = (read: BitsRead, dimension: string, p: SqlParams, value: string): string =>
  clickFilterSql(filtersOn(read.filters, dimension), p, () => value);

/**
 * The dimensions a read groups by (the country's name rides with its code) and those it only filters on. Reads of the
 * links alone come from the link rollups (sourceFor): every bits read has a bitmap to count.
 */
export function dimensionsOf({ filters, columns }: BitsRead): { grouped: string[]; filtered: string[] } {
  const grouped = DIMENSIONS.filter((d) => columns.includes(d) || (d === 'country_code' && columns.includes('country')));
  const filtered = DIMENSIONS.filter((d) => !grouped.includes(d) && Object.keys(filtersOn(filters, d)).length > 0);
  if (!grouped.length && !filtered.length) throw new Error('the link bits answer reads of a click dimension only');
  return { grouped, filtered };
}

/** A bitmap padded to `n` bits (an open day's bitmap ends at its last click, a month's at its last day's end). */
export const padded = (bits: string, n: string) => `(${bits} || repeat('0', ${n} - length(${bits}))::varbit)`;
