/**
 * Filters of every analytics, link-analytics, performance and export call (docs/architecture.md, "Analytics
 * filters"): query parameters of the same names, combined with AND. Each figure equals the count of the stored
 * non-bot clicks that match.
 */
export const CLICK_FILTER_NAMES = [
  'country',
  'region',
  'city',
  'device',
  'browser',
  'os',
  'referrer',
  'language',
  'qr',
  'tag',
  'linkId',
  'utmSource',
  'utmMedium',
  'utmCampaign',
] as const;
export type ClickFilterName = (typeof CLICK_FILTER_NAMES)[number];
/** Parsed filters: country is ISO alpha-2 upper case, referrer a lowercase host or `direct`, qr `true`/`false`. */
export type ClickFilters = Partial<Record<ClickFilterName, string>>;

/** Devices a filter may name. */
export const FILTER_DEVICES = ['desktop', 'mobile', 'tablet'] as const;
/** The referrer filter's value for clicks without a referrer. */
export const DIRECT_REFERRER = 'direct';

/** Dimensions of `GET /api/analytics/breakdown`: every filter but qr, with `link` for `linkId`, in the filters' order. */
export type BreakdownDimension = Exclude<ClickFilterName, 'qr' | 'linkId'> | 'link';
export const BREAKDOWN_DIMENSIONS: readonly BreakdownDimension[] = CLICK_FILTER_NAMES.flatMap((name) =>
  name === 'qr' ? [] : [name === 'linkId' ? 'link' : name],
);
/** Items listed by a breakdown (the top by clicks, ties by value); `total` counts every value. */
export const BREAKDOWN_LIMIT = 50;

export interface BreakdownItemDto {
  /** What a filter of the same name takes (a country code, a link id, `direct`); '' for unknown. */
  value: string;
  /** What a person reads (the country's name, the link's name, `Direct`, `Unknown`). */
  label: string;
  clicks: number;
}
export interface BreakdownDto {
  dimension: BreakdownDimension;
  total: number;
  items: BreakdownItemDto[];
}

/** The period of the same length just before a range (`compare=previous`). */
export interface PreviousPeriod {
  startDate: string;
  endDate: string;
}
