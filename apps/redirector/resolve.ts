import { LRUCache } from 'lru-cache';
import type { Redis } from 'ioredis';
import type { Pool } from 'pg';
import { DEFAULT_HOST_KEY, cachedControlsOf, type CachedLink } from '@app/contracts';
import { RedisStore } from '@app/queue';

export interface ResolverOptions {
  /** Entries in the in-process LRU. */
  lruMax?: number;
  /** A found link stays this long in the LRU: bounds the staleness after a lost invalidation. */
  lruTtlMs?: number;
  /** A miss stays this long in the LRU. */
  missTtlMs?: number;
  /** Lifetime of the Redis entries this process writes (cache-aside and misses). */
  redisTtlSec?: number;
  redisMissTtlSec?: number;
  /** Whether a link's destination is one of our own hosts: asked once, when the link enters the LRU (`leadsHome`). */
  leadsHome?: (link: CachedLink) => boolean;
}

export interface ResolverStats {
  lruHits: number;
  redisHits: number;
  dbHits: number;
  misses: number;
  redisErrors: number;
  invalidations: number;
}

/** Negative-cache marker. */
const MISS = Object.freeze({ miss: true });
type Entry = CachedLink | typeof MISS;

interface InFlight {
  promise: Promise<CachedLink | null>;
  invalidated: boolean;
}

const SELECT_DEFAULT = {
  name: 'lp-redirect-default',
  text: `SELECT id, original_url, og_title, og_description, og_image, controls, password_id IS NOT NULL AS has_password FROM links
         WHERE COALESCE(domain_id, '00000000-0000-0000-0000-000000000000'::uuid) = '00000000-0000-0000-0000-000000000000'::uuid
           AND short_code = $1`,
};
const SELECT_CUSTOM = {
  name: 'lp-redirect-custom',
  text: `SELECT l.id, l.original_url, l.og_title, l.og_description, l.og_image, l.controls, l.password_id IS NOT NULL AS has_password FROM domains d
         JOIN links l ON COALESCE(l.domain_id, '00000000-0000-0000-0000-000000000000'::uuid) = d.id AND l.short_code = $2
         WHERE lower(d.domain) = $1 AND d.is_active`,
};

/**
 * (host, code) → link: in-process LRU, then Redis, then Postgres (cache-aside), with misses cached too.
 * `cached()` answers synchronously from the LRU (the hot path); `load()` does the rest, one lookup per key at a time.
 * An invalidation drops the LRU entry and makes a lookup running at that moment not cache its (maybe stale) result.
 */
export class LinkResolver extends RedisStore {
  private readonly lru: LRUCache<string, Entry>;
  private readonly inFlight = new Map<string, InFlight>();
  private readonly counters: ResolverStats = { lruHits: 0, redisHits: 0, dbHits: 0, misses: 0, redisErrors: 0, invalidations: 0 };
  private readonly missTtlMs: number;
  private readonly redisTtlSec: number;
  private readonly redisMissTtlSec: number;
  private readonly leadsHome: ((link: CachedLink) => boolean) | undefined;

  constructor(
    redis: Redis,
    private readonly pg: Pool,
    prefix: string,
    opts: ResolverOptions = {},
  ) {
    super(redis, prefix);
    this.lru = new LRUCache<string, Entry>({ max: opts.lruMax ?? 100_000, ttl: opts.lruTtlMs ?? 60_000, ttlResolution: 100 });
    this.missTtlMs = opts.missTtlMs ?? 10_000;
    this.redisTtlSec = opts.redisTtlSec ?? 3600;
    this.redisMissTtlSec = opts.redisMissTtlSec ?? 30;
    this.leadsHome = opts.leadsHome;
  }

  /** The LRU answer: a link, null for a cached miss, undefined when not cached. */
  cached(hostKey: string, code: string): CachedLink | null | undefined {
    const entry = this.lru.get(hostKey + '/' + code);
    if (entry === undefined) return undefined;
    this.counters.lruHits++;
    return entry === MISS ? null : (entry as CachedLink);
  }

  load(hostKey: string, code: string): Promise<CachedLink | null> {
    const key = hostKey + '/' + code;
    const running = this.inFlight.get(key);
    if (running) return running.promise;
    const flight: InFlight = { invalidated: false, promise: undefined as unknown as Promise<CachedLink | null> };
    flight.promise = this.lookup(hostKey, code, flight).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, flight);
    return flight.promise;
  }

  invalidate(hostKey: string, code: string): void {
    const key = hostKey + '/' + code;
    this.counters.invalidations++;
    this.lru.delete(key);
    const running = this.inFlight.get(key);
    if (running) running.invalidated = true;
  }

  /** After missed invalidations (subscriber reconnected), forget everything. */
  clear(): void {
    this.lru.clear();
    for (const f of this.inFlight.values()) f.invalidated = true;
  }

  /** Sets `leadsHome` on a link about to be cached (a copy when it is the object just written to Redis). */
  private marked(link: CachedLink): CachedLink {
    return this.leadsHome?.(link) ? { ...link, leadsHome: true } : link;
  }

  stats(): ResolverStats & { lruSize: number } {
    return { ...this.counters, lruSize: this.lru.size };
  }

  private async lookup(hostKey: string, code: string, flight: InFlight): Promise<CachedLink | null> {
    const key = hostKey + '/' + code;
    const linkKey = this.keys.link(hostKey, code);
    const missKey = this.keys.linkMiss(hostKey, code);
    let redisUp = true;
    try {
      const [cachedJson, missed] = await this.redis.mget(linkKey, missKey);
      if (cachedJson) {
        const link = this.marked(toSafeLink(JSON.parse(cachedJson) as CachedLink));
        this.counters.redisHits++;
        if (!flight.invalidated) this.lru.set(key, link);
        return link;
      }
      if (missed) {
        this.counters.misses++;
        if (!flight.invalidated) this.lru.set(key, MISS, { ttl: this.missTtlMs });
        return null;
      }
    } catch {
      redisUp = false;
      this.counters.redisErrors++;
    }
    const { rows } =
      hostKey === DEFAULT_HOST_KEY
        ? await this.pg.query({ ...SELECT_DEFAULT, values: [code] })
        : await this.pg.query({ ...SELECT_CUSTOM, values: [hostKey, code] });
    const row = rows[0] as LinkRow | undefined;
    if (flight.invalidated) return row ? this.marked(toSafeLink(fromRow(row))) : null;
    if (!row) {
      this.counters.misses++;
      this.lru.set(key, MISS, { ttl: this.missTtlMs });
      if (redisUp) this.redis.set(missKey, '1', 'EX', this.redisMissTtlSec).catch(() => undefined);
      return null;
    }
    this.counters.dbHits++;
    const link = fromRow(row);
    if (redisUp) this.redis.set(linkKey, JSON.stringify(link), 'EX', this.redisTtlSec).catch(() => undefined);
    const safe = this.marked(toSafeLink(link));
    this.lru.set(key, safe);
    return safe;
  }
}

interface LinkRow {
  id: string;
  original_url: string;
  og_title: string | null;
  og_description: string | null;
  og_image: string | null;
  controls: Parameters<typeof cachedControlsOf>[0];
  has_password: boolean;
}

function fromRow(row: LinkRow): CachedLink {
  const link: CachedLink = { id: row.id, url: row.original_url, ogTitle: row.og_title, ogDescription: row.og_description, ogImage: row.og_image };
  const x = cachedControlsOf(row.controls, row.has_password);
  if (x) link.x = x;
  return link;
}

/** A Location header takes visible ASCII only: percent-encode anything else once, when the link enters the cache. */
function toSafeLink(link: CachedLink): CachedLink {
  if (!/[^\x21-\x7e]/.test(link.url)) return link;
  try {
    return { ...link, url: new URL(link.url).href };
  } catch {
    return { ...link, url: encodeURI(link.url) };
  }
}
