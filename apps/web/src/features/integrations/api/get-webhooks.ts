import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib';
import { withQueryError } from '../../../lib/query-error';
import type { WebhookDto } from '@app/contracts';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/webhooks (never the secret). */
export function getWebhooks(): Promise<WebhookDto[]> {
  return withQueryError('Failed to fetch webhooks', () => apiGet<WebhookDto[]>('/api/webhooks'));
}

export function useWebhooks() {
  return useQuery({ queryKey: queryKeys.webhooks.all, queryFn: getWebhooks });
}
