import type { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';

/** The monitoring card's connection timeout, 10 seconds (docs/product.md#system-monitoring). */
export const CHECK_TIMEOUT_MS = 10_000;

export interface ProbeResult {
  ok: boolean;
  error?: string;
}

/** Resolves with the promise's value, or rejects with `label timed out` after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, label: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label} did not answer within ${Math.round(ms / 1000)} seconds`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export const errorMessage = (err: unknown): string => (err instanceof Error ? err.message : String(err)) || 'unknown error';

/** `SELECT 1` on the pool, at most CHECK_TIMEOUT_MS. */
export async function probeDatabase(dataSource: DataSource, ms = CHECK_TIMEOUT_MS): Promise<ProbeResult> {
  if (!dataSource.isInitialized) return { ok: false, error: 'Database is not reachable: the connection pool is closed.' };
  try {
    await withTimeout(dataSource.query<unknown>('SELECT 1'), ms, 'Database');
    return { ok: true };
  } catch (err) {
    return { ok: false, error: `Database is not reachable: ${errorMessage(err)}` };
  }
}

/**
 * PING, at most CHECK_TIMEOUT_MS. A client that is not 'ready' is reported down at once: with
 * maxRetriesPerRequest null its commands would wait for the reconnect instead of failing.
 */
export async function probeRedis(redis: Redis, ms = CHECK_TIMEOUT_MS): Promise<ProbeResult> {
  if (redis.status !== 'ready') return { ok: false, error: `Redis is not reachable (connection ${redis.status}).` };
  try {
    await withTimeout(redis.ping(), ms, 'Redis');
    return { ok: true };
  } catch (err) {
    return { ok: false, error: `Redis is not reachable: ${errorMessage(err)}` };
  }
}
