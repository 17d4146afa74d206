import type { Redis } from 'ioredis';
import type { Pool } from 'pg';
import { RedisStore } from '@app/queue';

/**
 * maxClicks, exact across redirector processes: one Redis counter per link (`{prefix}:uses:{linkId}`, a single
 * key, so it works on Redis Cluster) moved only by this script, atomically. It takes a use only while the counter
 * is below the limit (a refused visit never moves it), so raising the limit later works. A missing key (first use,
 * or Redis lost its data) returns -1 and the caller seeds it from Postgres (link_stats.click_count: the link's
 * stored non-bot clicks), SET only if still missing.
 */
const TAKE = `
local v = redis.call('GET', KEYS[1])
if not v then
  if ARGV[2] == '' then return -1 end
  v = ARGV[2]
end
v = tonumber(v)
if v >= tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], v)
  return 0
end
redis.call('SET', KEYS[1], v + 1)
return 1`;

export type LimitAnswer = 'ok' | 'used-up';

export class ClickLimiter extends RedisStore {
  constructor(
    redis: Redis,
    private readonly pg: Pool,
    prefix: string,
  ) {
    super(redis, prefix);
    redis.defineCommand('lpTakeUse', { numberOfKeys: 1, lua: TAKE });
  }

  /** Takes one use of the link's limit; 'used-up' when the limit is reached. Throws when Redis is unavailable. */
  async take(linkId: string, max: number): Promise<LimitAnswer> {
    const key = this.keys.linkUses(linkId);
    const run = (seed: string) =>
      (this.redis as unknown as { lpTakeUse(k: string, max: number, seed: string): Promise<number> }).lpTakeUse(key, max, seed);
    let r = await run('');
    if (r === -1) r = await run(String(await this.seed(linkId)));
    return r === 1 ? 'ok' : 'used-up';
  }

  /** Whether a use is left, without taking one (HEAD, bots, the password form). */
  async left(linkId: string, max: number): Promise<boolean> {
    const v = await this.redis.get(this.keys.linkUses(linkId));
    return (v === null ? await this.seed(linkId) : Number(v)) < max;
  }

  /** Gives a use back: the redirect it was taken for was never sent (the visitor had gone). */
  async giveBack(linkId: string): Promise<void> {
    await this.redis.decr(this.keys.linkUses(linkId));
  }

  private async seed(linkId: string): Promise<number> {
    const { rows } = await this.pg.query('SELECT click_count FROM link_stats WHERE link_id = $1', [linkId]);
    return rows.length ? Number(rows[0].click_count) : 0;
  }
}
