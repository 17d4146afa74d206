import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { READ_DATA_SOURCE } from '@app/database';
import {
  AppError,
  inWorkspace,
  QR_REFERRER,
  shortUrlFor,
  UUID_PATTERN as UUID,
  type ClickFilters,
  type CountValue,
  type LinkAnalyticsDto,
  type LinkUtm,
} from '@app/contracts';
import { addDays, eachDate, localDateString, localMidnight, previousRange, type LocalRange, type Zone } from '@app/time';
import { ROLLUPS, localDaySql, rollupRangeSql, type RollupFamily } from '../rollup-range.js';
import { columnsApart, filteredLocalDaySql, filteredRangeSql } from '../filters/click-source.js';
import { clickFiltersOf, hasFilters, linkFilterSql, rawClickFilterSql } from '../filters/click-filters.js';
import type { Scope } from '../scope.js';
import { SqlParams } from '../sql-params.js';
import { iso, num } from '../rows.js';

export const RECENT_CLICKS = 50;
const notFound = () => new AppError(404, 'Link not found.');

/** The link the analytics are of (read from the primary). */
interface LinkRow {
  id: string;
  owner_id: string;
  name: string;
  created_at: Date;
  original_url: string;
  short_code: string;
  imported_clicks: number | null;
  domain: string | null;
  variants: { url: string; weight: number }[] | null;
  utm: LinkUtm | null;
}
/** One of the last clicks, as stored. */
interface RecentClickRow {
  id: string;
  country: string | null;
  country_code: string | null;
  city: string | null;
  region: string | null;
  ip: string;
  clicked_at: Date;
  user_agent: string;
  browser: string | null;
  os: string | null;
  device: string | null;
  referrer: string | null;
}
/** Clicks of a place: sums are bigint, so strings. */
interface GeoRow {
  country_code: string;
  country: string;
  city: string;
  clicks: string;
}

type TechRow = { dimension: string; value: string; clicks: string };
const TECH_COLUMNS = ['browser', 'os', 'device', 'referrer'];
/** What the reads below give for a link without a matching click. */
const NO_CLICKS: [
  RecentClickRow[],
  GeoRow[],
  Map<string, number>,
  TechRow[],
  { n: number }[],
  { variant: number; n: number }[],
  { value: string; n: number }[],
] = [[], [], new Map(), [], [{ n: 0 }], [], []];

/** Every local day from the link's creation to today, in `allTime` (the caller's zone): the "All time" period. */
export interface SinceCreation {
  allTime: Zone;
}

/** The local days from the link's creation (a creation date after today counts as today) to today. */
function sinceCreation(createdAt: Date, zone: Zone, now: Date): LocalRange {
  const endDate = localDateString(now, zone);
  const created = localDateString(createdAt, zone);
  const startDate = created < endDate ? created : endDate;
  return { startDate, endDate, from: localMidnight(startDate, zone), to: localMidnight(addDays(endDate, 1), zone), zone };
}

/**
 * One link's analytics for a range (or every day since its creation): last 50 clicks, geography, one entry per local
 * day, technology, languages; under filters, of the matching clicks only. `compare` adds the totals and days of the
 * period just before.
 */
export class GetLinkAnalyticsQuery extends Query<LinkAnalyticsDto> {
  constructor(
    readonly scope: Scope,
    readonly linkId: string,
    readonly period: LocalRange | SinceCreation,
    readonly shortBaseUrl: string,
    readonly filters: ClickFilters = {},
    readonly compare = false,
    readonly now: Date = new Date(),
  ) {
    super();
  }
}

@QueryHandler(GetLinkAnalyticsQuery)
export class GetLinkAnalyticsHandler implements IQueryHandler<GetLinkAnalyticsQuery> {
  constructor(
    /** The link itself from the primary: a link just created has analytics (empty) at once, not a 404. */
    private readonly primary: DataSource,
    @Inject(READ_DATA_SOURCE) private readonly dataSource: DataSource,
  ) {}

  async execute({ scope, linkId, period, shortBaseUrl, filters: given, compare, now }: GetLinkAnalyticsQuery): Promise<LinkAnalyticsDto> {
    if (!UUID.test(linkId)) throw notFound();
    // The link filters (tag, UTM) are asked of this one link with the link itself (`matches`): a link that does not
    // match them has no matching click (nothing to read: the reads below found none only by visiting every click of
    // the link, 90,000 heap blocks at 11M clicks), one that does leaves the click filters alone, or no filter at all
    // (the rollups). A given linkId gives way to this page's link, as it always has (`{ ...given, linkId }`).
    const p = new SqlParams();
    const id = p.add(linkId);
    const linkFilters = linkFilterSql({ ...given, linkId: undefined }, p);
    const [link] = await this.primary.query<(LinkRow & { matches: boolean | null })[]>(
      `SELECT l.id, l.owner_id, l.name, l.created_at, l.original_url, l.short_code, l.imported_clicks, d.domain, l.controls->'variants' AS variants,
              l.controls->'utm' AS utm, ${linkFilters.length ? linkFilters.join(' AND ') : 'TRUE'} AS matches
         FROM links l LEFT JOIN domains d ON d.id = l.domain_id WHERE l.id = ${id}`,
      p.values,
    );
    if (!link || !inWorkspace(scope, link.owner_id)) throw notFound();
    const range = 'allTime' in period ? sinceCreation(link.created_at, period.allTime, now) : period;
    const matches = link.matches === true;
    const clickFilters = clickFiltersOf(given);
    const filters: ClickFilters | null = hasFilters(clickFilters) ? { ...clickFilters, linkId } : null;
    const [raw, rawParams] = this.rawWhere(scope, linkId, range, filters);

    const [clicks, geo, days, tech, [bots], perVariant, languages] = !matches
      ? NO_CLICKS
      : await Promise.all([
          this.dataSource.query<RecentClickRow[]>(
            `SELECT id, country, country_code, city, region, ip, clicked_at, user_agent, browser, os, device, referrer
           FROM clicks WHERE ${raw} AND NOT is_bot
          ORDER BY clicked_at DESC, id LIMIT ${RECENT_CLICKS}`,
            rawParams,
          ),
          this.grouped(
            ROLLUPS.linkGeo,
            range,
            linkId,
            'country_code, country, city',
            // A place's country is the same name on every row, compared bytewise: max() by the database's collation was
            // half of this read (20,737 rows over 90 days at 11M clicks, 19.6 -> 13.6 ms, docs/performance-history.md).
            'country_code, max(country COLLATE "C") AS country, city',
            `country_code <> ''`,
            scope,
            filters,
          ),
          this.perDay(range, linkId, scope, filters),
          this.technology(range, linkId, scope, filters),
          // Bot clicks are counted from the partial index of bot clicks (clicks_bots); the A/B split from the link's own
          // clicks (index clicks_link_time).
          this.dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM clicks WHERE ${raw} AND is_bot`, rawParams),
          link.variants
            ? this.dataSource.query<{ variant: number; n: number }[]>(
                `SELECT variant, count(*)::int AS n FROM clicks WHERE ${raw} AND NOT is_bot AND variant IS NOT NULL GROUP BY variant`,
                rawParams,
              )
            : Promise.resolve([]),
          this.languages(range, linkId, scope, filters),
        ]);
    const variantClicks = new Map(perVariant.map((r) => [Number(r.variant), r.n]));
    const variants = (link.variants ?? []) as { url: string; weight: number }[];

    const countries = new Map<string, { country: string; countryCode: string; count: number }>();
    const cities: { city: string; country: string; count: number }[] = [];
    for (const g of geo) {
      const c = countries.get(g.country_code) ?? { country: g.country, countryCode: g.country_code, count: 0 };
      c.count += num(g.clicks);
      countries.set(g.country_code, c);
      if (g.city) cities.push({ city: g.city, country: g.country, count: num(g.clicks) });
    }
    const byCount = <T extends { count: number }>(a: T, b: T) => b.count - a.count;
    const overTime = (r: LocalRange, perDay: Map<string, number>) =>
      eachDate(r.startDate, r.endDate).map((date) => ({ date, timestamp: localMidnight(date, r.zone).toISOString(), clicks: perDay.get(date) ?? 0 }));
    const clicksOverTime = overTime(range, days);
    const before = compare ? previousRange(range) : null;
    const previousDays = before ? overTime(before, matches ? await this.perDay(before, linkId, scope, filters) : new Map()) : [];
    return {
      link: {
        id: link.id,
        name: link.name,
        createdAt: iso(link.created_at)!,
        originalUrl: link.original_url,
        domain: link.domain ?? null,
        shortCode: link.short_code,
        shortUrl: shortUrlFor(shortBaseUrl, link.domain ?? null, link.short_code),
        importedClicks: link.imported_clicks ?? null,
        utm: link.utm ?? null,
      },
      clicks: clicks.map((c) => ({
        id: c.id,
        country: c.country || null,
        countryCode: c.country_code || null,
        city: c.city || null,
        region: c.region || null,
        ipAddress: c.ip,
        clickedAt: iso(c.clicked_at)!,
        userAgent: c.user_agent,
        browser: c.browser || null,
        os: c.os || null,
        device: c.device || null,
        referrer: c.referrer || null,
      })),
      clicksByCountry: [...countries.values()].sort(byCount),
      clicksByCity: cities.sort(byCount),
      clicksOverTime,
      clicksByBrowser: breakdown(tech, 'browser', 'Unknown'),
      clicksByOs: breakdown(tech, 'os', 'Unknown'),
      clicksByDevice: breakdown(tech, 'device', 'Unknown'),
      clicksByReferrer: breakdown(tech, 'referrer', 'Direct'),
      clicksByLanguage: languages.map((r) => ({ name: r.value || 'Unknown', count: r.n })),
      totalClicks: clicksOverTime.reduce((s, d) => s + d.clicks, 0),
      botClicks: bots?.n ?? 0,
      qrScans: tech
        .filter((r: { dimension: string; value: string }) => r.dimension === 'referrer' && r.value === QR_REFERRER)
        .reduce((s: number, r: { clicks: string }) => s + num(r.clicks), 0),
      variantSplit: variants.map((v, i) => ({ variant: i, url: v.url, weight: v.weight, clicks: variantClicks.get(i) ?? 0 })),
      range: { startDate: range.startDate, endDate: range.endDate },
      ...(before
        ? {
            previous: {
              startDate: before.startDate,
              endDate: before.endDate,
              totalClicks: previousDays.reduce((s, d) => s + d.clicks, 0),
              clicksOverTime: previousDays,
            },
          }
        : {}),
    };
  }

  /**
   * The link's clicks in the range: `link_id = $1` and the range, plus the filters over the raw columns, with its
   * parameters (the last 50, bot clicks and the A/B split read the clicks themselves).
   */
  private rawWhere(scope: Scope, linkId: string, range: LocalRange, filters: ClickFilters | null): [string, unknown[]] {
    const p = new SqlParams();
    const where = `link_id = ${p.add(linkId)} AND clicked_at >= ${p.add(range.from)} AND clicked_at < ${p.add(range.to)}`;
    return [filters ? `${where} AND ${rawClickFilterSql(filters, p)}` : where, p.values];
  }

  /** Clicks in the range grouped by `cols` (country follows its code), largest first. */
  private grouped(
    family: RollupFamily,
    range: LocalRange,
    linkId: string,
    cols: string,
    select: string,
    filter: string,
    scope: Scope,
    filters: ClickFilters | null,
  ) {
    const p = new SqlParams();
    const key = cols
      .split(', ')
      .filter((c) => c !== 'country')
      .join(', ');
    return this.dataSource.query<GeoRow[]>(
      `SELECT ${select}, sum(clicks) AS clicks
         FROM (${filters ? filteredRangeSql(range, p, cols, scope, filters) : rollupRangeSql(family, range, p, cols, `link_id = ${p.add(linkId)}`)}) r
        WHERE ${filter} GROUP BY ${key} ORDER BY sum(clicks) DESC, ${key}`,
      p.values,
    );
  }

  /**
   * Clicks in the range per (dimension, value), largest first. The rows are combinations of browser, os, device and
   * referrer; a NULL column is one a row from before the TechCombinations migration does not speak of.
   */
  private technology(range: LocalRange, linkId: string, scope: Scope, filters: ClickFilters | null): Promise<TechRow[]> {
    const p = new SqlParams();
    const cols = TECH_COLUMNS.join(', ');
    if (filters && columnsApart(cols, filters)) {
      // From the link's bitmaps: each column's values apart (columnsApart).
      const each = TECH_COLUMNS.map(
        (c) => `SELECT '${c}' AS dimension, ${c} AS value, clicks FROM (${filteredRangeSql(range, p, c, scope, filters)}) ${c}`,
      );
      return this.dataSource.query<TechRow[]>(
        `SELECT dimension, value, sum(clicks) AS clicks FROM (${each.join(' UNION ALL ')}) r
          GROUP BY dimension, value HAVING sum(clicks) > 0 ORDER BY sum(clicks) DESC, dimension, value`,
        p.values,
      );
    }
    return this.dataSource.query<TechRow[]>(
      // Each combination summed first (49 of them for 4,404 rows over 90 days at 11M clicks), then split by dimension.
      `SELECT d.dimension, d.value, sum(r.clicks) AS clicks
         FROM (SELECT ${cols}, sum(clicks) AS clicks FROM (${filters ? filteredRangeSql(range, p, cols, scope, filters) : rollupRangeSql(ROLLUPS.linkTech, range, p, cols, `link_id = ${p.add(linkId)}`)}) c
                GROUP BY ${cols}) r
        CROSS JOIN LATERAL (VALUES ('browser', r.browser), ('os', r.os), ('device', r.device), ('referrer', r.referrer)) AS d(dimension, value)
        WHERE d.value IS NOT NULL GROUP BY d.dimension, d.value HAVING sum(r.clicks) > 0 ORDER BY sum(r.clicks) DESC, d.dimension, d.value`,
      p.values,
    );
  }

  /**
   * Clicks in the range per language ('' for unknown), largest first: from the link_lang family (decision 0008); under
   * filters, from the source that holds the language and the filtered columns (the link's per-day languages under a
   * link filter or a language, its raw clicks under another click filter).
   */
  private languages(range: LocalRange, linkId: string, scope: Scope, filters: ClickFilters | null) {
    const p = new SqlParams();
    const rows = filters
      ? filteredRangeSql(range, p, 'language', scope, filters)
      : rollupRangeSql(ROLLUPS.linkLang, range, p, 'language', `link_id = ${p.add(linkId)}`);
    return this.dataSource.query<{ value: string; n: number }[]>(
      `SELECT language AS value, sum(clicks)::int AS n FROM (${rows}) r GROUP BY 1 HAVING sum(clicks) > 0 ORDER BY 2 DESC, 1`,
      p.values,
    );
  }

  private async perDay(range: LocalRange, linkId: string, scope: Scope, filters: ClickFilters | null): Promise<Map<string, number>> {
    const p = new SqlParams();
    const rowsSql = filters
      ? filteredLocalDaySql(range, p, '', scope, filters)
      : localDaySql(ROLLUPS.linkClicks, range, p, '', `link_id = ${p.add(linkId)}`);
    const rows = await this.dataSource.query<{ d: string; clicks: string }[]>(
      `SELECT to_char(d, 'YYYY-MM-DD') AS d, sum(clicks) AS clicks
         FROM (${rowsSql}) r GROUP BY d`,
      p.values,
    );
    return new Map(rows.map((r) => [r.d, num(r.clicks)]));
  }
}

function breakdown(rows: TechRow[], dimension: string, unknown: string): CountValue[] {
  return rows.filter((r) => r.dimension === dimension).map((r) => ({ name: r.value || unknown, count: num(r.clicks) }));
}
