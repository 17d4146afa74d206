import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { timezoneOffset } from '../../../lib/timezone';

export type ExportFormat = 'csv' | 'json' | 'html';

/** Filename from Content-Disposition, else 'performance-{timestamp}.{ext}'. */
export function exportFilename(disposition: string | null, format: ExportFormat, now = new Date()): string {
  const star = disposition && /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
  const plain = disposition && /filename="?([^";]+)"?/i.exec(disposition);
  if (plain) return plain[1].trim();
  return `performance-${now.toISOString().replace(/[:.]/g, '-')}.${format}`;
}

/** GET /api/export/{format} and save the file. */
export async function exportData(format: ExportFormat, startDate?: string, endDate?: string): Promise<string> {
  const res = await apiFetch(`/api/export/${format}`, { timezoneOffset: timezoneOffset(), startDate, endDate });
  const blob = await res.blob();
  const name = exportFilename(res.headers.get('Content-Disposition'), format);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
}

export function useExportData() {
  return useMutation({
    mutationFn: (v: { format: ExportFormat; startDate?: string; endDate?: string }) => exportData(v.format, v.startDate, v.endDate),
  });
}
