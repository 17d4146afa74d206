import type { LinkDto } from '@app/contracts';

/** A link of the performance table and exports: the link plus its clicks in the requested range. */
export interface PerformanceRowDto extends LinkDto {
  clicksInRange: number;
}
