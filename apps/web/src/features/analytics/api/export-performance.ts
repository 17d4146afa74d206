import type { ClickFilters } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch, notify, timezoneOffset } from '../../../lib';
import { ymdParams, type DateRange } from '../lib/date-range';
import { downloadBlob, exportFilename } from '../../../lib/download';

export type ExportFormat = 'csv' | 'json' | 'html';

/** GET /api/export/{csv|json|html}?timezoneOffset&startDate&endDate, saved under the server's filename. */
export async function exportPerformance(format: ExportFormat, range: DateRange, filters: ClickFilters = {}): Promise<string> {
  const res = await apiFetch(`/api/export/${format}`, { timezoneOffset: timezoneOffset(), ...ymdParams(range), ...filters });
  const filename = exportFilename(res.headers.get('content-disposition'), format, 'performance');
  downloadBlob(await res.blob(), filename);
  return filename;
}

export function useExportPerformance() {
  return useMutation({
    mutationFn: ({ format, range, filters }: { format: ExportFormat; range: DateRange; filters?: ClickFilters }) =>
      exportPerformance(format, range, filters),
    onSuccess: (_file, { format }) => notify.success('Export Successful', `Performance data exported as ${format.toUpperCase()} format`),
    onError: () => notify.error('Export Failed', 'Failed to export performance data. Please try again.'),
  });
}
