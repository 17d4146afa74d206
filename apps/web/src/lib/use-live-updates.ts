import { LIVE_EVENT_CLICKS, LIVE_NAMESPACE, type LiveClicksEvent } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { readSessionId } from './session-storage';

/** Query-key roots refreshed when clicks arrive (first element of each feature's keys). */
export const LIVE_QUERY_ROOTS = ['stats', 'links', 'trends', 'daily-summary', 'link-analytics', 'analytics', 'ip-summary', 'recent-ip-activity'];

/**
 * Subscribe to socket.io `/live` (auth {sessionId}) and invalidate the click-driven queries on each `clicks` event,
 * so a click shows within a second. `onClicks` gets the event too. socket.io-client is loaded lazily.
 */
export function useLiveUpdates(enabled = true, onClicks?: (event: LiveClicksEvent) => void): void {
  const queryClient = useQueryClient();
  const handler = useRef(onClicks);
  handler.current = onClicks;
  useEffect(() => {
    const sessionId = readSessionId();
    if (!enabled || !sessionId) return;
    let closed = false;
    let disconnect: (() => void) | undefined;
    void import('socket.io-client').then(({ io }) => {
      if (closed) return;
      const socket = io(LIVE_NAMESPACE, { auth: { sessionId }, transports: ['websocket', 'polling'] });
      socket.on(LIVE_EVENT_CLICKS, (event: LiveClicksEvent) => {
        for (const root of LIVE_QUERY_ROOTS) void queryClient.invalidateQueries({ queryKey: [root] });
        handler.current?.(event);
      });
      disconnect = () => socket.disconnect();
    }).catch(() => undefined);
    return () => {
      closed = true;
      disconnect?.();
    };
  }, [enabled, queryClient]);
}
