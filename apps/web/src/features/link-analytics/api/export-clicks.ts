import type { ClickFilters } from '@app/contracts';
import { apiFetch } from '../../../lib/api-client';
import { downloadBlob, exportFilename } from '../../../lib/download';
import { timezoneOffset } from '../../../lib/timezone';
import { useApiMutation } from '../../../lib/use-api-mutation';

export type ClicksFormat = 'csv' | 'json';

/**
 * GET /api/links/{id}/clicks: this link's raw clicks of the range (YYYY-MM-DD; without dates, all of them) under the
 * filters, saved as a file.
 */
export async function exportClicks(
  id: string,
  format: ClicksFormat,
  startDate: string | undefined,
  endDate: string | undefined,
  filters: ClickFilters,
): Promise<string> {
  const res = await apiFetch(`/api/links/${encodeURIComponent(id)}/clicks`, {
    format,
    timezoneOffset: timezoneOffset(),
    startDate,
    endDate,
    ...filters,
  });
  const filename = exportFilename(res.headers.get('content-disposition'), format, `clicks-${id}`);
  downloadBlob(await res.blob(), filename);
  return filename;
}

export function useExportClicks(id: string) {
  return useApiMutation({
    mutationFn: (v: { format: ClicksFormat; startDate?: string; endDate?: string; filters: ClickFilters }) =>
      exportClicks(id, v.format, v.startDate, v.endDate, v.filters),
    success: (_file, { format }) => ['Export Successful', `This link's clicks exported as ${format.toUpperCase()}`],
    failure: ['Export Failed', "Failed to export this link's clicks. Please try again."],
  });
}
