/** docs/product.md#states-and-transitions: healthy/connected → success, unhealthy/disconnected → failure, anything else neutral. */
export type StatusTone = 'success' | 'failure' | 'neutral';

export function statusTone(value: string | null | undefined): StatusTone {
  const v = (value ?? '').toLowerCase();
  if (v === 'healthy' || v === 'connected') return 'success';
  if (v === 'unhealthy' || v === 'disconnected') return 'failure';
  return 'neutral';
}

export const TONE_PALETTE: Record<StatusTone, string> = { success: 'green', failure: 'red', neutral: 'gray' };
