import type { WebhookDeliveryStatus } from '@app/contracts';

/** Badge colour and words of a delivery status: delivered green, failed (all attempts used) red, pending orange. */
export const DELIVERY_STATUS: Record<WebhookDeliveryStatus, { color: 'green' | 'red' | 'orange'; label: string }> = {
  delivered: { color: 'green', label: 'Delivered' },
  failed: { color: 'red', label: 'Failed' },
  pending: { color: 'orange', label: 'Pending' },
};

export const deliveryStatus = (status: WebhookDeliveryStatus) => DELIVERY_STATUS[status] ?? { color: 'orange' as const, label: String(status) };
