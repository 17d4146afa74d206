import { LIVE_EVENT_CLICKS, type LiveClicksEvent } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { refreshQueries } from './refresh-queries';
import { useLiveEvent } from './use-live-event';

/** Query-key roots refreshed when clicks arrive (first element of each feature's keys). */
export const LIVE_QUERY_ROOTS = ['stats', 'links', 'trends', 'daily-summary', 'link-analytics', 'analytics', 'ip-summary', 'recent-ip-activity'];

/**
 * Invalidate the click-driven queries on each `clicks` event of socket.io `/live`, so a click shows within a second.
 * `onClicks` gets the event too.
 */
export function useLiveUpdates(enabled = true, onClicks?: (event: LiveClicksEvent) => void): void {
  const queryClient = useQueryClient();
  useLiveEvent<LiveClicksEvent>(LIVE_EVENT_CLICKS, enabled, (event) => {
    refreshQueries(queryClient, LIVE_QUERY_ROOTS);
    onClicks?.(event);
  });
}
