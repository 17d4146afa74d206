import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Redis } from 'ioredis';
import { redisKeys } from '@app/contracts';

/** Tries of one address group (an IPv4 address, an IPv6 /64) on one link per window. */
export const PASSWORD_TRIES = 5;
/** Tries on one link from all addresses together per window: forged X-Forwarded-For or a /64 of addresses gain nothing. */
export const PASSWORD_TRIES_PER_LINK = 20;
export const PASSWORD_WINDOW_SEC = 15 * 60;

/**
 * Takes a try from both counters in one step, or none when either is spent (then returns 0): the check and the count
 * are one Lua script, so 40 simultaneous tries cannot all pass a check made before any of them counted. Both keys
 * carry the link's hash tag (one Redis Cluster slot). A refused try does not count, so the window ends 15 minutes
 * after the first try whatever an attacker keeps sending.
 */
const TAKE_TRY = `
local a = tonumber(redis.call('GET', KEYS[1]) or '0')
local l = tonumber(redis.call('GET', KEYS[2]) or '0')
if a >= tonumber(ARGV[1]) or l >= tonumber(ARGV[2]) then return 0 end
redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], ARGV[3], 'NX')
redis.call('INCR', KEYS[2])
redis.call('EXPIRE', KEYS[2], ARGV[3], 'NX')
return 1`;

/** A right password gives its try back, so a visitor who knows it is never locked out by their own visits. */
const GIVE_BACK = `
for _, k in ipairs(KEYS) do
  if tonumber(redis.call('GET', k) or '0') > 0 then redis.call('DECR', k) end
end
return 1`;

/** The address group a try counts against: IPv4 as it is, IPv6 by its /64 (one subscriber's whole allocation). */
export function addressGroup(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const parsed = ipaddr.parse(ip.replace(/%.*$/, ''));
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) return (parsed as ipaddr.IPv6).toIPv4Address().toString();
  return (
    (parsed as ipaddr.IPv6).parts
      .slice(0, 4)
      .map((p) => p.toString(16))
      .join(':') + '::/64'
  );
}

type TriesCommands = {
  lpTakeTry(addressKey: string, linkKey: string, perAddress: number, perLink: number, windowSec: number): Promise<number>;
  lpGiveTryBack(addressKey: string, linkKey: string): Promise<number>;
};

/** Password tries per link: counted before the password is verified (docs/security.md "Password links"). */
export class PasswordTries {
  private readonly keys: ReturnType<typeof redisKeys>;

  constructor(
    private readonly redis: Redis,
    prefix: string,
  ) {
    this.keys = redisKeys(prefix);
    redis.defineCommand('lpTakeTry', { numberOfKeys: 2, lua: TAKE_TRY });
    redis.defineCommand('lpGiveTryBack', { numberOfKeys: 2, lua: GIVE_BACK });
  }

  /** Takes a try for this address on this link; false when the address or the link has none left. */
  async take(linkId: string, ip: string): Promise<boolean> {
    const r = await this.commands.lpTakeTry(
      this.keys.passwordTries(linkId, addressGroup(ip)),
      this.keys.passwordTriesOfLink(linkId),
      PASSWORD_TRIES,
      PASSWORD_TRIES_PER_LINK,
      PASSWORD_WINDOW_SEC,
    );
    return r === 1;
  }

  /** The password was right: the try is given back to both counters. */
  async giveBack(linkId: string, ip: string): Promise<void> {
    await this.commands.lpGiveTryBack(this.keys.passwordTries(linkId, addressGroup(ip)), this.keys.passwordTriesOfLink(linkId));
  }

  private get commands(): TriesCommands {
    return this.redis as unknown as TriesCommands;
  }
}
