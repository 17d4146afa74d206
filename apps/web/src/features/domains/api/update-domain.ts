import type { DomainDto } from '@app/contracts';
import { apiSend } from '../../../lib';
import { apiMutationHook } from '../../../lib/use-api-mutation';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /api/domains/{id} {domain} */
export const useUpdateDomain = apiMutationHook({
  mutationFn: ({ id, domain }: { id: string; domain: string }) => apiSend<DomainDto>('PUT', `/api/domains/${id}`, { domain }),
  success: ['Success', 'Domain updated successfully'],
  failure: ['Error', 'Failed to update domain'],
  // Short URLs of the domain's links change with its name.
  invalidates: [queryKeys.domains.all, queryKeys.links.all],
});
