import type { DomainDto } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend, notify, serverMessage } from '../../../lib';
import { domainsKey } from './get-domains';

/** PUT /api/domains/{id} {domain} */
export const updateDomain = ({ id, domain }: { id: string; domain: string }) => apiSend<DomainDto>('PUT', `/api/domains/${id}`, { domain });

export function useUpdateDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDomain,
    onSuccess: async () => {
      notify.success('Success', 'Domain updated successfully');
      // Short URLs of the domain's links change with its name.
      await Promise.all([queryClient.invalidateQueries({ queryKey: domainsKey }), queryClient.invalidateQueries({ queryKey: ['links'] })]);
    },
    onError: (error) => notify.error('Error', serverMessage(error) || 'Failed to update domain'),
  });
}
