import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend, notify, serverMessage } from '../../../lib';
import { domainsKey } from './get-domains';

/** DELETE /api/domains/{id} */
export const deleteDomain = (id: string) => apiSend('DELETE', `/api/domains/${id}`);

export function useDeleteDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDomain,
    onSuccess: () => {
      notify.success('Success', 'Domain deleted successfully');
      return queryClient.invalidateQueries({ queryKey: domainsKey });
    },
    onError: (error) => notify.error('Error', serverMessage(error) || 'Failed to delete domain'),
  });
}
