import { LIVE_NAMESPACE } from '@app/contracts';
import { useEffect, useRef } from 'react';
import { readSessionId } from './session-storage';

/**
 * Subscribe to one event of the socket.io `/live` namespace (auth {sessionId}) while `enabled`; `onEvent` gets each
 * payload. socket.io-client is loaded lazily.
 */
export function useLiveEvent<T>(event: string, enabled: boolean, onEvent: (payload: T) => void): void {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    const sessionId = readSessionId();
    if (!enabled || !sessionId) return;
    let closed = false;
    let disconnect: (() => void) | undefined;
    void import('socket.io-client')
      .then(({ io }) => {
        if (closed) return;
        const socket = io(LIVE_NAMESPACE, { auth: { sessionId }, transports: ['websocket', 'polling'] });
        socket.on(event, (payload: T) => handler.current(payload));
        disconnect = () => socket.disconnect();
      })
      .catch(() => undefined);
    return () => {
      closed = true;
      disconnect?.();
    };
  }, [event, enabled]);
}
