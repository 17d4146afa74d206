import type { BulkCreateResponse } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import { refreshQueries } from '../../../lib/refresh-queries';

/** POST /api/links/bulk (docs/product.md#many-links): one link per URL; the invalid ones come back with their index. */
export function useCreateLinksBulk() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (urls: string[]) => apiSend<BulkCreateResponse>('POST', '/api/links/bulk', { links: urls.map((originalUrl) => ({ originalUrl })) }),
    onSuccess: () => refreshQueries(qc, ['links', 'tags', 'stats']),
  });
}
