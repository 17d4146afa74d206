import { AppError } from '@app/contracts';
import { offsetAt, type Zone } from '@app/time';
import type { ReportRow } from '../performance-row.js';
import { toCsv } from './csv.js';
import { toHtmlReport } from './html-report.js';
import type { PerformanceReport } from './report.js';

export type { PerformanceReport } from './report.js';

export const EXPORT_FORMATS = ['csv', 'json', 'html'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export function parseExportFormat(raw: string): ExportFormat {
  if ((EXPORT_FORMATS as readonly string[]).includes(raw)) return raw as ExportFormat;
  const shown = raw.length > 20 ? raw.slice(0, 20) + '…' : raw;
  throw new AppError(400, `Unknown export format "${shown}": use csv, json or html.`);
}

export function buildReport(links: ReportRow[], range: { startDate: string; endDate: string; zone: Zone }, now: Date): PerformanceReport {
  const lastClick = links.reduce<string | null>((m, l) => (l.lastClick && (!m || l.lastClick > m) ? l.lastClick : m), null);
  return {
    generatedAt: now.toISOString(),
    startDate: range.startDate,
    endDate: range.endDate,
    timezoneOffset: offsetAt(now, range.zone),
    timeZone: typeof range.zone === 'string' ? range.zone : null,
    totals: {
      links: links.length,
      clicksInRange: links.reduce((s, l) => s + l.clicksInRange, 0),
      clickCount: links.reduce((s, l) => s + l.clickCount, 0),
      lastClick,
    },
    links,
  };
}

const CSV_HEADER = [
  'Link Name',
  'Short URL',
  'Original URL',
  'Domain',
  'Owner',
  'Clicks in Range',
  'Total Clicks',
  'Clicks Today',
  'Last Click',
  'Created',
];

/** The file body and content type of a report in one format. */
export function renderReport(report: PerformanceReport, format: ExportFormat): { body: string; contentType: string } {
  if (format === 'json') return { body: JSON.stringify(report, null, 2), contentType: 'application/json; charset=utf-8' };
  if (format === 'html') return { body: toHtmlReport(report), contentType: 'text/html; charset=utf-8' };
  const rows = report.links.map((l) => [
    l.name ?? '',
    l.shortUrl,
    l.originalUrl ?? '',
    l.domain ?? '',
    ('ownerUsername' in l && l.ownerUsername) || '',
    l.clicksInRange,
    l.clickCount,
    l.clicksToday,
    l.lastClick ?? '',
    l.createdAt,
  ]);
  return { body: toCsv([CSV_HEADER, ...rows]), contentType: 'text/csv; charset=utf-8' };
}
