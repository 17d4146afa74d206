import type { QrFormat } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const qrPath = (id: string) => `/api/links/${encodeURIComponent(id)}/qr`;

/** GET /api/links/{id}/qr?format=svg as a data: URL (the api's CSP allows data: images, not blob:). */
export function useQrSvg(id: string | null) {
  return useQuery({
    queryKey: queryKeys.linkQr(id, 'svg'),
    enabled: id !== null,
    queryFn: async () => {
      const svg = await (await apiFetch(qrPath(id!), { format: 'svg' })).text();
      return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
    },
    staleTime: Infinity,
  });
}

/** Fetches the QR image (with the session header) and saves it as `{code}-qr.{format}`. */
export async function downloadQr(id: string, code: string, format: QrFormat, size = 1024): Promise<void> {
  const blob = await (await apiFetch(qrPath(id), { format, size })).blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${code}-qr.${format}`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
