import type { DomainDto } from '@app/contracts';
import { apiSend } from '../../../lib';
import { queryKeys } from '../../../lib/query-keys';
import { apiMutationHook } from '../../../lib/use-api-mutation';

/** POST /api/domains/{id}/verify: looks the TXT record up now; the domain back, verified or still pending with why. */
export const useVerifyDomain = apiMutationHook({
  mutationFn: (id: string) => apiSend<DomainDto>('POST', `/api/domains/${id}/verify`),
  success: (domain) =>
    domain.isActive
      ? ['Domain verified', `${domain.domain} is verified and active.`]
      : ['Not verified yet', domain.verification.error ?? 'The TXT record was not found yet.', 'error'],
  failure: ['Error', 'Failed to verify domain'],
  invalidates: [queryKeys.domains.all],
});
