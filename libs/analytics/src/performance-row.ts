import type { LinkDto } from '@app/contracts';

/** A link of the performance table and exports: the link plus its clicks in the requested range. */
export interface PerformanceRowDto extends LinkDto {
  clicksInRange: number;
}

/** The fields of a performance row that are counts and the link's public short address, not its content. */
const COUNTED = [
  'id',
  'shortCode',
  'shortUrl',
  'domain',
  'domainId',
  'clickCount',
  'clicksToday',
  'clicksInRange',
  'createdAt',
  'lastClick',
  'archived',
] as const;

/**
 * What a caller who may read analytics but not links (an `analytics:read` API key without `links:read`) sees of a link
 * (docs/security.md#api-keys): which link (id, short code, short URL) and its counts; `name` and `originalUrl` null, and
 * the rest of its content (rule and variant destinations, expiry page, UTM, preview, tags, owner) left out.
 */
export type PerformanceCountsDto = Pick<PerformanceRowDto, (typeof COUNTED)[number]> & { name: null; originalUrl: null };

/** A row as a report shows it: a whole link, or its counts only. */
export type ReportRow = PerformanceRowDto | PerformanceCountsDto;

export function countsOnly(row: PerformanceRowDto): PerformanceCountsDto {
  const counts = Object.fromEntries(COUNTED.map((k) => [k, row[k]])) as Pick<PerformanceRowDto, (typeof COUNTED)[number]>;
  return { ...counts, name: null, originalUrl: null };
}
