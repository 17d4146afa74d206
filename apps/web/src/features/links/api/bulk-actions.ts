import type { BulkActionDto, BulkActionRequest } from '@app/contracts';
import { apiGet, apiSend } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { LINK_CHANGES } from '../../../lib/query-keys';

const POLL_MS = 400;

/** POST /api/links/bulk-actions, then GET /api/links/bulk-actions/{id} until it is done (docs/product.md#many-links). */
export async function runBulkAction(body: BulkActionRequest, onProgress?: (p: BulkActionDto) => void): Promise<BulkActionDto> {
  const { id } = await apiSend<{ id: string }>('POST', '/api/links/bulk-actions', body);
  for (;;) {
    const state = await apiGet<BulkActionDto>(`/api/links/bulk-actions/${encodeURIComponent(id)}`);
    onProgress?.(state);
    if (state.status !== 'running') return state;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

export function useBulkAction(onProgress?: (p: BulkActionDto) => void) {
  // Refreshed also when it failed part way: the links it reached have changed.
  return useApiMutation({ mutationFn: (body: BulkActionRequest) => runBulkAction(body, onProgress), invalidates: LINK_CHANGES });
}
