import type { Redis } from 'ioredis';

const SUBSCRIBE_COMMANDS = ['subscribe', 'psubscribe', 'ssubscribe'] as const;

/**
 * A pub/sub connection duplicated from `redis` that can be closed at any moment. After a reconnect ioredis
 * resubscribes by itself (autoResubscribe) and drops that promise; if the client is closed during the reconnect's
 * ready check, QUIT goes out first and the resubscribe rejects with "Connection is closed." unhandled, which ends a
 * Node process. Every subscribe promise of this client gets a handler; callers that await one still see its error.
 */
export function duplicateSubscriber(redis: Redis): Redis {
  const sub = redis.duplicate();
  sub.on('error', () => undefined); // reconnects by itself; callers see failures as rejected commands
  return handleResubscribeRejections(sub);
}

/** What `duplicateSubscriber` does, for a subscriber connection opened on its own (the redirector's). */
export function handleResubscribeRejections(sub: Redis): Redis {
  for (const name of SUBSCRIBE_COMMANDS) {
    const command = sub[name].bind(sub) as (...args: unknown[]) => Promise<unknown>;
    Object.defineProperty(sub, name, {
      value: (...args: unknown[]) => {
        const reply = command(...args);
        reply.catch(() => undefined);
        return reply;
      },
    });
  }
  return sub;
}
