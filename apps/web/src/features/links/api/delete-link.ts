import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';

export function deleteLink(id: string): Promise<void> {
  return apiSend<void>('DELETE', `/api/links/${encodeURIComponent(id)}`);
}

/** DELETE /api/links/{id}; then the links list and stats refresh. */
export function useDeleteLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteLink,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['links'] });
      void qc.invalidateQueries({ queryKey: ['stats'] });
    },
  });
}
