import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib';
import { withQueryError } from '../../../lib/query-error';
import type { WebhookDeliveryDto } from '@app/contracts';
import { queryKeys } from '../../../lib/query-keys';

/** How often an open deliveries view refreshes. */
export const DELIVERIES_REFRESH_MS = 3000;

/** GET /api/webhooks/{id}/deliveries → the last 50, newest first. */
export function getWebhookDeliveries(id: string): Promise<WebhookDeliveryDto[]> {
  return withQueryError('Failed to fetch deliveries', () => apiGet<WebhookDeliveryDto[]>(`/api/webhooks/${encodeURIComponent(id)}/deliveries`));
}

export function useWebhookDeliveries(id: string) {
  return useQuery({
    queryKey: queryKeys.webhookDeliveries(id),
    queryFn: () => getWebhookDeliveries(id),
    refetchInterval: DELIVERIES_REFRESH_MS,
    staleTime: 0,
  });
}
