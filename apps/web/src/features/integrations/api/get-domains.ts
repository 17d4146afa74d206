import type { DomainDto } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { withQueryError } from '../../../lib/query-error';

export const domainsKey = ['domains'] as const;

export function getDomains(): Promise<DomainDto[]> {
  return withQueryError('Failed to fetch domains', () => apiGet<DomainDto[]>('/api/domains'));
}

/** GET /api/domains for the import's optional domain, reduced to the ones a link may use (docs/product.md#validation: only isActive). */
export function useActiveDomains() {
  return useQuery({ queryKey: domainsKey, queryFn: getDomains, select: (list) => list.filter((d) => d.isActive) });
}
