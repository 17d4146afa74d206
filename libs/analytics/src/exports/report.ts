import type { ReportRow } from '../performance-row.js';

/** The performance export's content, rendered as CSV, JSON or HTML. */
export interface PerformanceReport {
  generatedAt: string;
  startDate: string;
  endDate: string;
  timezoneOffset: number;
  /** The IANA zone the days were counted in, when the caller sent one. */
  timeZone: string | null;
  totals: { links: number; clicksInRange: number; clickCount: number; lastClick: string | null };
  /** Whole links, or their counts only for a caller who may not read links. */
  links: ReportRow[];
}
