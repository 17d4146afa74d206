import countries from 'i18n-iso-countries';
import { CHART_SURFACE } from '../../../components/ui/chart-colors';

/** Countries with no clicks. */
export const NO_CLICKS_FILL = CHART_SURFACE.empty;

/** Where `count` clicks sit between the fewest (0) and the busiest country's `max` (100), in percent. */
export function shadeLevel(count: number, max: number): number {
  if (!count || count <= 0 || max <= 0) return 0;
  // Square root so one busy country does not leave every other one at the lightest shade.
  const t = max <= 1 ? 1 : Math.sqrt((count - 1) / (max - 1));
  return Math.round(Math.min(1, Math.max(0, t)) * 100);
}

/**
 * Fill for `count` clicks when the busiest country has `max`: the theme's map colours mixed from "fewer" (1 click)
 * to "more" (the max): darker blue on the light theme, brighter on the dark one, so more clicks always stand out.
 */
export function shade(count: number, max: number): string {
  if (!count || count <= 0 || max <= 0) return NO_CLICKS_FILL;
  return `color-mix(in srgb, ${CHART_SURFACE.mapMore} ${shadeLevel(count, max)}%, ${CHART_SURFACE.mapFewer})`;
}

export interface CountryClicks {
  country: string;
  countryCode: string;
  count: number;
}
export interface MapCountry {
  name: string;
  code: string;
  count: number;
}

/**
 * Clicks keyed by the ISO 3166 numeric code world-atlas uses for its features ("826" for GB), summed per country;
 * rows without a known alpha-2 code are left off the map (they stay in the lists).
 */
export function clicksByNumericId(rows: CountryClicks[]): Map<string, MapCountry> {
  const byId = new Map<string, MapCountry>();
  for (const row of rows) {
    const code = (row.countryCode ?? '').toUpperCase();
    const id = code ? countries.alpha2ToNumeric(code) : undefined;
    if (!id || row.count <= 0) continue;
    const prev = byId.get(id);
    byId.set(id, { name: prev?.name ?? row.country ?? code, code, count: (prev?.count ?? 0) + row.count });
  }
  return byId;
}
