import type { DomainDto } from '@app/contracts';
import { apiSend } from '../../../lib';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/domains/{id}/ssl/regenerate → the domain with its new certificate label. */
export const regenerateSsl = ({ id }: { id: string; domain: string }) => apiSend<DomainDto>('POST', `/api/domains/${id}/ssl/regenerate`);

export function useRegenerateSsl() {
  return useApiMutation({
    mutationFn: regenerateSsl,
    success: (updated, { domain }) => [
      'SSL Certificate Generated',
      `SSL certificate for ${updated?.domain ?? domain} has been generated successfully`,
    ],
    failure: ['SSL Generation Failed', 'Failed to generate SSL certificate'],
    invalidates: [queryKeys.domains.all],
  });
}
