import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Redis } from 'ioredis';
import { RedisStore } from './redis-store.js';
import { countInWindow } from './window-counter.js';

/** Tries of one address group (an IPv4 address, an IPv6 /64) on one link (or shared stats page) per window. */
export const PASSWORD_TRIES = 5;
/** Tries on one link from all addresses together per window: forged X-Forwarded-For or a /64 of addresses gain nothing. */
export const PASSWORD_TRIES_PER_LINK = 20;
export const PASSWORD_WINDOW_SEC = 15 * 60;

/**
 * A right password gives its try back: a decrement only of a counter still open and above 0 (a plain DECR of an
 * expired key would leave a -1 without expiry, an extra try forever).
 */
const GIVE_BACK = `
for _, k in ipairs(KEYS) do
  if tonumber(redis.call('GET', k) or '0') > 0 then redis.call('DECR', k) end
end
return 1`;

/** The address group a try counts against: IPv4 as it is, IPv6 by its /64 (one subscriber's whole allocation). */
export function addressGroup(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const parsed = ipaddr.parse(ip.replace(/%.*$/, '')) as ipaddr.IPv6;
  if (parsed.isIPv4MappedAddress()) return parsed.toIPv4Address().toString();
  return (
    parsed.parts
      .slice(0, 4)
      .map((p) => p.toString(16))
      .join(':') + '::/64'
  );
}

/**
 * Password tries per protected thing (a link's id; a shared stats page's `share:{id}`), counted BEFORE the password is verified (docs/security.md "Password links"): each try is
 * one atomic increment of the fixed-window counter (`countInWindow`) whose result decides, so 40 simultaneous tries
 * get the counts 1…40 and only the first 5 are verified (a read-then-count check let all 40 through). The link's
 * counter is counted only for a try its address may make, so one address hammering the link spends only its own.
 */
export class PasswordTries extends RedisStore {
  constructor(redis: Redis, prefix: string) {
    super(redis, prefix);
    redis.defineCommand('lpGiveTryBack', { numberOfKeys: 2, lua: GIVE_BACK });
  }

  /** Takes a try for this address on this link; false when the address or the link has none left. */
  async take(linkId: string, ip: string): Promise<boolean> {
    if ((await countInWindow(this.redis, this.keys.passwordTries(linkId, addressGroup(ip)), PASSWORD_WINDOW_SEC)) > PASSWORD_TRIES) return false;
    return (await countInWindow(this.redis, this.keys.passwordTriesOfLink(linkId), PASSWORD_WINDOW_SEC)) <= PASSWORD_TRIES_PER_LINK;
  }

  /** The password was right: the try is given back to both counters. */
  async giveBack(linkId: string, ip: string): Promise<void> {
    const redis = this.redis as unknown as { lpGiveTryBack(addressKey: string, linkKey: string): Promise<number> };
    await redis.lpGiveTryBack(this.keys.passwordTries(linkId, addressGroup(ip)), this.keys.passwordTriesOfLink(linkId));
  }
}
