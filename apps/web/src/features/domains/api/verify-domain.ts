import type { DomainDto } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend, notify, serverMessage } from '../../../lib';
import { domainsKey } from '../../../api/get-domains';

/** POST /api/domains/{id}/verify: looks the TXT record up now; the domain back, verified or still pending with why. */
export const verifyDomain = (id: string) => apiSend<DomainDto>('POST', `/api/domains/${id}/verify`);

export function useVerifyDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyDomain,
    onSuccess: (domain) => {
      if (domain.isActive) notify.success('Domain verified', `${domain.domain} is verified and active.`);
      else notify.error('Not verified yet', domain.verification.error ?? 'The TXT record was not found yet.');
      return queryClient.invalidateQueries({ queryKey: domainsKey });
    },
    onError: (error) => notify.error('Error', serverMessage(error) || 'Failed to verify domain'),
  });
}
