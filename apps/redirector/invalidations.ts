import type { Redis } from 'ioredis';
import type { Logger } from '@app/config';
import { parseInvalidation } from '@app/contracts';
import type { LinkResolver } from './resolve.js';

/**
 * Drops LRU entries on the links API's invalidation messages (InvalidationMessage in contracts); on a domains message
 * `onDomainsChanged` reloads the active custom domains (the loop guard's own hosts). After a reconnect the
 * messages sent meanwhile are lost, so the whole LRU is cleared and the domains reloaded then.
 */
export async function subscribeInvalidations(
  subscriber: Redis,
  channel: string,
  resolver: LinkResolver,
  log: Logger,
  onDomainsChanged: () => void = () => undefined,
): Promise<void> {
  subscriber.on('message', (ch: string, message: string) => {
    if (ch !== channel) return;
    const m = parseInvalidation(message);
    if (m === null) log.warn('ignored a malformed invalidation message', { message: message.slice(0, 200) });
    else if (m.kind === 'domains') onDomainsChanged();
    else resolver.invalidate(m.host.toLowerCase(), m.code);
  });
  let wasDown = false;
  subscriber.on('close', () => (wasDown = true));
  subscriber.on('ready', () => {
    if (!wasDown) return;
    wasDown = false;
    resolver.clear();
    onDomainsChanged();
    log.info('Redis is back: link cache cleared (invalidations may have been missed)');
  });
  await subscriber.subscribe(channel);
}
