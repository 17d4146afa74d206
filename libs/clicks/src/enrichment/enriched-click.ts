import type { ClickEvent } from '@app/contracts';

/** A click after enrichment: what the ingest transaction writes. `ip` is already anonymised when configured. */
export interface EnrichedClick extends ClickEvent {
  countryCode: string | null;
  country: string | null;
  region: string | null;
  city: string | null;
  browser: string | null;
  os: string | null;
  /** 'desktop' when the user agent names no device type, else mobile, tablet, smarttv, console, wearable, embedded… */
  device: string | null;
  /** Lowercased host of the Referer without `www.`; null for direct traffic or an unreadable Referer. */
  referrer: string | null;
  /** Primary tag of the visitor's Accept-Language (`en`, `pt`), lowercased; null when none was sent. */
  language: string | null;
  isBot: boolean;
}
