import type { DomainDto } from '@app/contracts';
import { apiSend } from '../../../lib';
import { apiMutationHook } from '../../../lib/use-api-mutation';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/domains/{id}/ssl/regenerate → the domain with its new certificate label. */
export const useRegenerateSsl = apiMutationHook({
  mutationFn: ({ id }: { id: string; domain: string }) => apiSend<DomainDto>('POST', `/api/domains/${id}/ssl/regenerate`),
  success: (updated, { domain }) => ['SSL Certificate Generated', `SSL certificate for ${updated?.domain ?? domain} has been generated successfully`],
  failure: ['SSL Generation Failed', 'Failed to generate SSL certificate'],
  invalidates: [queryKeys.domains.all],
});
