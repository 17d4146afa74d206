import type { WebhookDeliveryDto } from '@app/contracts';

export interface DeliveryLook {
  color: 'green' | 'red' | 'orange' | 'gray';
  label: string;
  /** When a failed attempt is tried again (ISO), for the line under the badge. */
  nextAttemptAt: string | null;
}

/**
 * Badge colour and words of a delivery: delivered green; failed for good red; a failed attempt that will be tried
 * again red too, with the time of the next try (it did fail: "Pending" hid that); not tried yet orange; held while
 * its webhook is paused gray ("Paused": Resume on the webhook sends it).
 */
export function deliveryStatus(d: Pick<WebhookDeliveryDto, 'status' | 'attempts' | 'nextAttemptAt'>): DeliveryLook {
  if (d.status === 'delivered') return { color: 'green', label: 'Delivered', nextAttemptAt: null };
  if (d.status === 'failed') return { color: 'red', label: 'Failed', nextAttemptAt: null };
  if (d.status === 'paused') return { color: 'gray', label: 'Paused', nextAttemptAt: null };
  if (d.attempts > 0) return { color: 'red', label: 'Failed, will retry', nextAttemptAt: d.nextAttemptAt ?? null };
  return { color: 'orange', label: 'Pending', nextAttemptAt: null };
}
