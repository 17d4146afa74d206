import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import { refreshQueries } from '../../../lib/refresh-queries';

export function deleteLink(id: string): Promise<void> {
  return apiSend<void>('DELETE', `/api/links/${encodeURIComponent(id)}`);
}

/** DELETE /api/links/{id}; then the links list and stats refresh. */
export function useDeleteLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteLink,
    onSuccess: () => refreshQueries(qc, ['links', 'tags', 'stats']),
  });
}
