import type { DomainDto } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../lib/api-client';
import { withQueryError } from '../lib/query-error';

export const domainsKey = ['domains'] as const;

/** GET /api/domains */
export function getDomains(): Promise<DomainDto[]> {
  return withQueryError('Failed to fetch domains', () => apiGet<DomainDto[]>('/api/domains'));
}

/** Every domain of the caller (Custom Domains screen). */
export function useDomains() {
  return useQuery({ queryKey: domainsKey, queryFn: getDomains });
}

/** The same list reduced to the domains a link may use (docs/product.md#validation: only isActive). */
export function useActiveDomains() {
  return useQuery({ queryKey: domainsKey, queryFn: getDomains, select: (list) => list.filter((d) => d.isActive) });
}
