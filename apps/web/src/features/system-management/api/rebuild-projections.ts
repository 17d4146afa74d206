import type { RebuildProjectionsResultDto } from '@app/contracts';
import { apiSend } from '../../../lib';
import { apiMutationHook } from '../../../lib/use-api-mutation';

/** POST /api/admin/system/rebuild-projections: read models rebuilt from the event store. */
export const rebuildProjections = () => apiSend<RebuildProjectionsResultDto>('POST', '/api/admin/system/rebuild-projections');

export const rebuiltMessage = (r: RebuildProjectionsResultDto) =>
  `Replayed ${r.events} ${r.events === 1 ? 'event' : 'events'} into ${r.projections.length} ${r.projections.length === 1 ? 'projection' : 'projections'}${r.projections.length ? ` (${r.projections.join(', ')})` : ''}.`;

export const useRebuildProjections = apiMutationHook({
  mutationFn: rebuildProjections,
  success: (r) => ['Projections Rebuilt', rebuiltMessage(r)],
  failure: ['Rebuild Failed', 'Failed to rebuild projections'],
  // Every read model may have been rewritten.
  invalidates: 'all',
});
