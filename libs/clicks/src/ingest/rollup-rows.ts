import type { EnrichedClick } from '../enrichment/enriched-click.js';

/** A click really inserted, with its owner and time parts: the only input of every rollup. */
export interface InsertedClick extends EnrichedClick {
  ownerId: string;
  ms: number;
}

export const BUCKET_MS = 15 * 60 * 1000;
const TECH_DIMENSIONS = ['browser', 'os', 'device', 'referrer'] as const;
const SEP = '\u0000';

/** ISO bucket start per 15-minute bucket number, computed once per batch (a batch spans few buckets). */
function bucketNamer() {
  const names = new Map<number, string>();
  return (ms: number) => {
    const n = Math.floor(ms / BUCKET_MS);
    let name = names.get(n);
    if (name === undefined) names.set(n, (name = new Date(n * BUCKET_MS).toISOString()));
    return name;
  };
}

export interface Counted<K> {
  key: K;
  ownerId: string;
  clicks: number;
}
export interface Activity {
  ownerId: string;
  clicks: number;
  first: InsertedClick;
  last: InsertedClick;
}

/** Counts per key (parts joined by NUL), rows sorted by key so concurrent transactions lock rows in the same order. */
class Tally<K extends string[]> {
  private readonly rows = new Map<string, { ownerId: string; clicks: number }>();
  add(id: string, ownerId: string): void {
    const row = this.rows.get(id);
    if (row) row.clicks++;
    else this.rows.set(id, { ownerId, clicks: 1 });
  }
  sorted(): Counted<K>[] {
    return [...this.rows.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([id, r]) => ({ key: id.split(SEP) as K, ownerId: r.ownerId, clicks: r.clicks }));
  }
}

class Activities {
  private readonly rows = new Map<string, Activity>();
  add(id: string, c: InsertedClick): void {
    const row = this.rows.get(id);
    if (!row) {
      this.rows.set(id, { ownerId: c.ownerId, clicks: 1, first: c, last: c });
      return;
    }
    row.clicks++;
    if (c.ms < row.first.ms) row.first = c;
    if (c.ms >= row.last.ms) row.last = c;
  }
  sorted(): [string, Activity][] {
    return [...this.rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }
}

/** Everything the ingest transaction adds to the rollups for one set of inserted clicks, aggregated in memory. */
export function buildRollups(clicks: InsertedClick[]) {
  const links = new Activities();
  const per15m = new Tally<[string, string]>();
  const perDay = new Tally<[string, string]>();
  const geo15m = new Tally<[string, string, string, string, string]>();
  const geoDay = new Tally<[string, string, string, string, string]>();
  const tech15m = new Tally<[string, string, string, string]>();
  const techDay = new Tally<[string, string, string, string]>();
  const countryNames = new Map<string, string>();
  const ipLinks = new Activities();
  const ips = new Activities();
  const bucketOf = bucketNamer();
  for (const c of clicks) {
    const bucket = bucketOf(c.ms);
    const linkBucket = c.linkId + SEP + bucket;
    const linkDay = c.linkId + SEP + bucket.slice(0, 10);
    links.add(c.linkId, c);
    per15m.add(linkBucket, c.ownerId);
    perDay.add(linkDay, c.ownerId);
    const place = SEP + (c.countryCode ?? '') + SEP + (c.region ?? '') + SEP + (c.city ?? '');
    if (c.countryCode && c.country) countryNames.set(c.countryCode, c.country);
    geo15m.add(linkBucket + place, c.ownerId);
    geoDay.add(linkDay + place, c.ownerId);
    for (const dim of TECH_DIMENSIONS) {
      const value = SEP + dim + SEP + (c[dim] ?? '');
      tech15m.add(linkBucket + value, c.ownerId);
      techDay.add(linkDay + value, c.ownerId);
    }
    ipLinks.add(c.ip + SEP + c.linkId, c);
    ips.add(c.ip, c);
  }
  return {
    links: links.sorted(),
    per15m: per15m.sorted(),
    perDay: perDay.sorted(),
    geo15m: geo15m.sorted(),
    geoDay: geoDay.sorted(),
    tech15m: tech15m.sorted(),
    techDay: techDay.sorted(),
    countryName: (code: string) => countryNames.get(code) ?? '',
    ipLinks: ipLinks.sorted(),
    ips: ips.sorted(),
  };
}
export type Rollups = ReturnType<typeof buildRollups>;
