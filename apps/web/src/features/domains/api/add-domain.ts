import type { DomainDto } from '@app/contracts';
import { apiSend } from '../../../lib';
import { apiMutationHook } from '../../../lib/use-api-mutation';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/domains {domain} */
export const useAddDomain = apiMutationHook({
  mutationFn: (domain: string) => apiSend<DomainDto>('POST', '/api/domains', { domain }),
  success: ['Success', 'Domain added successfully'],
  failure: ['Error', 'Failed to add domain'],
  invalidates: [queryKeys.domains.all],
});
