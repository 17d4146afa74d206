import type { RecoverResultDto } from '@app/contracts';
import { apiSend } from '../../../lib';
import { queryKeys } from '../../../lib/query-keys';
import { apiMutationHook } from '../../../lib/use-api-mutation';

/** POST /api/admin/recover: re-check and reconnect; then health refreshes. */
export const useForceRecover = apiMutationHook({
  mutationFn: () => apiSend<RecoverResultDto>('POST', '/api/admin/recover'),
  success: ['Recovery Complete', 'System recovery check completed successfully'],
  failure: ['Recovery Failed', 'Failed to perform recovery check'],
  invalidates: [queryKeys.health.all],
});
