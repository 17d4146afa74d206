import type { Redis } from 'ioredis';
import type { Logger } from '@app/config';
import type { LinkResolver } from './resolve.js';

/**
 * Drops LRU entries on the links API's invalidation messages (JSON {host, code}); `{domains: true}` says the active
 * custom domains changed, and `onDomainsChanged` reloads them (the loop guard's own hosts). After a reconnect the
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
    try {
      const { host, code, domains } = JSON.parse(message) as { host?: unknown; code?: unknown; domains?: unknown };
      if (domains === true) onDomainsChanged();
      else if (typeof host === 'string' && typeof code === 'string') resolver.invalidate(host.toLowerCase(), code);
    } catch {
      log.warn('ignored a malformed invalidation message', { message: message.slice(0, 200) });
    }
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
