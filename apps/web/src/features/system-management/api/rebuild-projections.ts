import type { RebuildProjectionsResultDto } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend, notify, serverMessage } from '../../../lib';

/** POST /api/admin/system/rebuild-projections: read models rebuilt from the event store. */
export const rebuildProjections = () => apiSend<RebuildProjectionsResultDto>('POST', '/api/admin/system/rebuild-projections');

export const rebuiltMessage = (r: RebuildProjectionsResultDto) =>
  `Replayed ${r.events} ${r.events === 1 ? 'event' : 'events'} into ${r.projections.length} ${r.projections.length === 1 ? 'projection' : 'projections'}${r.projections.length ? ` (${r.projections.join(', ')})` : ''}.`;

export function useRebuildProjections() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rebuildProjections,
    onSuccess: (r) => {
      notify.success('Projections Rebuilt', rebuiltMessage(r));
      // Every read model may have been rewritten.
      return queryClient.invalidateQueries();
    },
    onError: (error) => notify.error('Rebuild Failed', serverMessage(error) || 'Failed to rebuild projections'),
  });
}
