import { LIVE_EVENT_CLICKS, type LiveClicksEvent } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';
import { refreshQueries } from './use-api-mutation';
import { useLiveEvent } from './use-live-event';

/** The query families refreshed when clicks arrive. */
export const LIVE_QUERY_FAMILIES = [
  queryKeys.stats.all,
  queryKeys.links.all,
  queryKeys.trends.all,
  queryKeys.dailySummary.all,
  queryKeys.linkAnalytics.all,
  queryKeys.analytics.all,
  queryKeys.ipSummary.all,
  queryKeys.recentIpActivity.all,
];

/**
 * Invalidate the click-driven queries on each `clicks` event of socket.io `/live`, so a click shows within a second.
 * `onClicks` gets the event too.
 */
export function useLiveUpdates(enabled = true, onClicks?: (event: LiveClicksEvent) => void): void {
  const queryClient = useQueryClient();
  useLiveEvent<LiveClicksEvent>(LIVE_EVENT_CLICKS, enabled, (event) => {
    void refreshQueries(queryClient, LIVE_QUERY_FAMILIES);
    onClicks?.(event);
  });
}
