// The keys a bench run left under its Redis prefix.

/** Every key under `prefix:`, in batches (SCAN, so a large keyspace never blocks Redis). */
export async function* keyBatchesUnder(redis, prefix) {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length) yield keys;
  } while (cursor !== '0');
}

/** Deletes every key under `prefix:`. */
export async function deleteKeysUnder(redis, prefix) {
  for await (const keys of keyBatchesUnder(redis, prefix)) await redis.del(...keys);
}
