import type { EnrichedClick } from '../enrichment/enriched-click.js';

/** A click really inserted, with its owner and time parts: the only input of every rollup. */
export interface InsertedClick extends EnrichedClick {
  ownerId: string;
  ms: number;
}

export const BUCKET_MS = 15 * 60 * 1000;
const bucketOf = (ms: number) => new Date(Math.floor(ms / BUCKET_MS) * BUCKET_MS).toISOString();
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const TECH_DIMENSIONS = ['browser', 'os', 'device', 'referrer'] as const;

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

/** Counts per key, rows sorted by their key string so concurrent transactions lock rows in the same order. */
class Tally<K extends unknown[]> {
  private readonly rows = new Map<string, Counted<K>>();
  add(key: K, ownerId: string): void {
    const id = key.join('\u0000');
    const row = this.rows.get(id);
    if (row) row.clicks++;
    else this.rows.set(id, { key, ownerId, clicks: 1 });
  }
  sorted(): Counted<K>[] {
    return [...this.rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, r]) => r);
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
  for (const c of clicks) {
    const bucket = bucketOf(c.ms);
    const day = dayOf(c.ms);
    links.add(c.linkId, c);
    per15m.add([c.linkId, bucket], c.ownerId);
    perDay.add([c.linkId, day], c.ownerId);
    const place = [c.countryCode ?? '', c.region ?? '', c.city ?? ''] as const;
    if (c.countryCode && c.country) countryNames.set(c.countryCode, c.country);
    geo15m.add([c.linkId, bucket, ...place], c.ownerId);
    geoDay.add([c.linkId, day, ...place], c.ownerId);
    for (const dim of TECH_DIMENSIONS) {
      tech15m.add([c.linkId, bucket, dim, c[dim] ?? ''], c.ownerId);
      techDay.add([c.linkId, day, dim, c[dim] ?? ''], c.ownerId);
    }
    ipLinks.add(`${c.ip}\u0000${c.linkId}`, c);
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
