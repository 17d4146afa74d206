import type { DomainDto } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib';

export const domainsKey = ['domains'] as const;

/** GET /api/domains */
export async function getDomains(): Promise<DomainDto[]> {
  try {
    return await apiGet<DomainDto[]>('/api/domains');
  } catch {
    throw new Error('Failed to fetch domains');
  }
}

export function useDomains() {
  return useQuery({ queryKey: domainsKey, queryFn: getDomains });
}
