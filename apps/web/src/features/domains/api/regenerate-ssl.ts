import type { DomainDto } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend, notify, serverMessage } from '../../../lib';
import { domainsKey } from './get-domains';

/** POST /api/domains/{id}/ssl/regenerate → the domain with its new certificate label. */
export const regenerateSsl = ({ id }: { id: string; domain: string }) => apiSend<DomainDto>('POST', `/api/domains/${id}/ssl/regenerate`);

export function useRegenerateSsl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateSsl,
    onSuccess: (updated, { domain }) => {
      notify.success('SSL Certificate Generated', `SSL certificate for ${updated?.domain ?? domain} has been generated successfully`);
      return queryClient.invalidateQueries({ queryKey: domainsKey });
    },
    onError: (error) => notify.error('SSL Generation Failed', serverMessage(error) || 'Failed to generate SSL certificate'),
  });
}
