import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib';
import { withQueryError } from '../../../lib/query-error';
import type { ApiKeyDto } from '@app/contracts';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/api-keys (never the key itself). */
export function getApiKeys(): Promise<ApiKeyDto[]> {
  return withQueryError('Failed to fetch API keys', () => apiGet<ApiKeyDto[]>('/api/api-keys'));
}

export function useApiKeys() {
  return useQuery({ queryKey: queryKeys.apiKeys.all, queryFn: getApiKeys });
}
