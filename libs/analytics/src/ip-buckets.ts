import type { SqlParams } from './sql-params.js';

/**
 * `last_bucket` of ip_activity and ips (migration IpLastBucket) for an instant given as a SQL parameter: its UTC
 * 15-minute floor. The reads bound the indexed last_bucket with it, then last_seen itself.
 */
export const bucketOf = (param: string): string => `date_bin('15 minutes', ${param}::timestamptz, timestamptz 'epoch')`;

/**
 * Rows last seen at or after `since` (`prefix`: their alias and a dot, or ''): last_bucket bounds the index scan,
 * last_seen decides.
 */
export function seenSinceSql(prefix: string, p: SqlParams, since: Date): string {
  const at = p.add(since);
  return `${prefix}last_bucket >= ${bucketOf(at)} AND ${prefix}last_seen >= ${at}`;
}

/**
 * How many rows of `table` (alias `a`; `scope`: a condition on it, or TRUE) were last seen in [since, nextMidnight),
 * nextMidnight being a UTC midnight (so a bucket boundary): the buckets after since's own from the last_bucket index
 * alone (an index-only scan), plus the rows of since's bucket compared by last_seen.
 */
export function partialDayCountSql(table: string, scope: string, p: SqlParams, since: Date, nextMidnight: Date): string {
  const at = p.add(since);
  const first = bucketOf(at);
  return `(SELECT count(*) FROM ${table} a WHERE ${scope} AND a.last_bucket > ${first} AND a.last_bucket < ${p.add(nextMidnight)})
        + (SELECT count(*) FROM ${table} a WHERE ${scope} AND a.last_bucket = ${first} AND a.last_seen >= ${at})`;
}
