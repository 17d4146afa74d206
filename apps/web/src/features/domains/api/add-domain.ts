import type { DomainDto } from '@app/contracts';
import { apiSend } from '../../../lib';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/domains {domain} */
export const addDomain = (domain: string) => apiSend<DomainDto>('POST', '/api/domains', { domain });

export function useAddDomain() {
  return useApiMutation({
    mutationFn: addDomain,
    success: ['Success', 'Domain added successfully'],
    failure: ['Error', 'Failed to add domain'],
    invalidates: [queryKeys.domains.all],
  });
}
