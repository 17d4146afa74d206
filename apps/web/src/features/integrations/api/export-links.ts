import { apiFetch } from '../../../lib';
import { downloadBlob, exportFilename } from '../../../lib/download';
import { apiMutationHook } from '../../../lib/use-api-mutation';

export type LinksExportFormat = 'csv' | 'json';

/** GET /api/links/export?format=csv|json, saved under the server's filename (or links-<time>.<ext>). */
export async function exportLinks(format: LinksExportFormat): Promise<string> {
  const res = await apiFetch('/api/links/export', { format });
  const filename = exportFilename(res.headers.get('content-disposition'), format, 'links');
  downloadBlob(await res.blob(), filename);
  return filename;
}

export const useExportLinks = apiMutationHook({
  mutationFn: exportLinks,
  success: (_file, format) => ['Export Successful', `All links exported as ${format.toUpperCase()}`],
  failure: ['Export Failed', 'Failed to export links. Please try again.'],
});
