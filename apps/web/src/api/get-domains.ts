import type { DomainDto } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../lib/api-client';
import { withQueryError } from '../lib/query-error';
import { queryKeys } from '../lib/query-keys';

/** GET /api/domains */
export function getDomains(): Promise<DomainDto[]> {
  return withQueryError('Failed to fetch domains', () => apiGet<DomainDto[]>('/api/domains'));
}

/** Every domain of the caller (Custom Domains screen; Shorten URL shows the inactive ones disabled). */
export function useDomains() {
  return useQuery({ queryKey: queryKeys.domains.all, queryFn: getDomains });
}

/** The domains a link may use (docs/product.md#validation: only isActive), for the import's optional domain. */
export function useActiveDomains() {
  return useQuery({ queryKey: queryKeys.domains.all, queryFn: getDomains, select: (list) => list.filter((d) => d.isActive) });
}
