import type { LinkDto } from '@app/contracts';
import type { PerformanceCountsDto } from './counts-only.js';

/** A link of the performance table and exports: the link plus its clicks in the requested range. */
export interface PerformanceRowDto extends LinkDto {
  clicksInRange: number;
}

/** A row as a report shows it: a whole link, or its counts only. */
export type ReportRow = PerformanceRowDto | PerformanceCountsDto;
