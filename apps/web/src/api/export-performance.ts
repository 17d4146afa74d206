import type { ClickFilters } from '@app/contracts';
import { apiFetch } from '../lib/api-client';
import { downloadBlob, exportFilename } from '../lib/download';
import { timezoneOffset } from '../lib/timezone';
import { apiMutationHook } from '../lib/use-api-mutation';

export type ExportFormat = 'csv' | 'json' | 'html';

export interface PerformanceExport {
  format: ExportFormat;
  /** YYYY-MM-DD, local; both absent: the api's default range. */
  startDate?: string;
  endDate?: string;
  filters?: ClickFilters;
}

/** GET /api/export/{csv|json|html}?timezoneOffset&startDate&endDate&filters…, saved under the server's filename. */
export async function exportPerformance({ format, startDate, endDate, filters = {} }: PerformanceExport): Promise<string> {
  const res = await apiFetch(`/api/export/${format}`, { timezoneOffset: timezoneOffset(), startDate, endDate, ...filters });
  const filename = exportFilename(res.headers.get('content-disposition'), format, 'performance');
  downloadBlob(await res.blob(), filename);
  return filename;
}

/** The Analytics and Link Analytics screens' Export Data. */
export const useExportPerformance = apiMutationHook({
  mutationFn: exportPerformance,
  success: (_file, { format }) => ['Export Successful', `Performance data exported as ${format.toUpperCase()} format`],
  failure: ['Export Failed', 'Failed to export performance data. Please try again.'],
});
