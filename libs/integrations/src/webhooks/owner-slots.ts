import type { Redis } from 'ioredis';
import { redisKeys } from '@app/contracts';

/**
 * Takes a slot: drops leases that ended, then adds this delivery's lease when fewer than `limit` are held (or renews
 * it when the delivery holds one already). One key: atomic, and on a Redis Cluster it lands on the key's own slot.
 */
const TAKE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
local ends = tonumber(ARGV[1]) + tonumber(ARGV[2])
if redis.call('ZSCORE', KEYS[1], ARGV[4]) or redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[3]) then
  redis.call('ZADD', KEYS[1], ends, ARGV[4])
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0`;

/**
 * Delivery slots per owner (workspace), shared by every worker (docs/security.md#webhooks): a delivery is sent only
 * while its workspace holds fewer than `limit` deliveries in flight, so one workspace's endpoints that never answer
 * hold at most `limit` of the worker's slots and everyone else's deliveries go on. A slot is a lease that ends on its
 * own after `leaseMs` (a worker that died holding one does not keep it).
 */
export class OwnerSlots {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly limit: number,
    private readonly leaseMs: number,
  ) {}

  async take(ownerId: string, deliveryId: string): Promise<boolean> {
    const key = redisKeys(this.prefix).webhookOwnerSlots(ownerId);
    return (await this.redis.eval(TAKE, 1, key, Date.now(), this.leaseMs, this.limit, deliveryId)) === 1;
  }

  async release(ownerId: string, deliveryId: string): Promise<void> {
    await this.redis.zrem(redisKeys(this.prefix).webhookOwnerSlots(ownerId), deliveryId);
  }
}
