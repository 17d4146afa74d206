import type { DomainDto } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../lib/api-client';
import { withQueryError } from '../lib/query-error';

export const domainsKey = ['domains'] as const;

/** GET /api/domains */
export function getDomains(): Promise<DomainDto[]> {
  return withQueryError('Failed to fetch domains', () => apiGet<DomainDto[]>('/api/domains'));
}

/** Every domain of the caller (Custom Domains screen; Shorten URL shows the inactive ones disabled). */
export function useDomains() {
  return useQuery({ queryKey: domainsKey, queryFn: getDomains });
}
