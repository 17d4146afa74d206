import type { DomainDto } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend, notify, serverMessage } from '../../../lib';
import { domainsKey } from './get-domains';

/** POST /api/domains {domain} */
export const addDomain = (domain: string) => apiSend<DomainDto>('POST', '/api/domains', { domain });

export function useAddDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addDomain,
    onSuccess: () => {
      notify.success('Success', 'Domain added successfully');
      return queryClient.invalidateQueries({ queryKey: domainsKey });
    },
    onError: (error) => notify.error('Error', serverMessage(error) || 'Failed to add domain'),
  });
}
