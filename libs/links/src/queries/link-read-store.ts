import type { DataSource } from 'typeorm';
import { linkControlsDto, shortUrlFor, type LinkDto } from '@app/contracts';
import { SqlParams } from '@app/database';
import { addDays, localDateString, localMidnight, type Zone } from '@app/time';
import type { StoredControls } from '../model/link-controls.js';
import type { OwnerNames } from './owner-names.js';
import { linkFilterSql, type LinkFilter } from './link-list/link-filter.js';
import { linkOrderSql, NEWEST_FIRST, type LinkOrder } from './link-list/link-order.js';
import { statsSortFirstIds } from './link-list/stats-sort.js';

export interface LinkRow {
  id: string;
  name: string;
  short_code: string;
  original_url: string;
  domain_id: string | null;
  domain: string | null;
  og_title: string | null;
  og_description: string | null;
  og_image: string | null;
  created_at: Date;
  click_count: string;
  clicks_today: string;
  last_click_at: Date | null;
  owner_id: string;
  controls: StoredControls | null;
  has_password: boolean;
  tags: string[];
  archived: boolean;
  imported_clicks: number | null;
}

/** A link list as typed values: which links, in what order, which slice; how to show them. */
export interface LinkSelection {
  filter: LinkFilter;
  /** Default: newest first. */
  order?: LinkOrder;
  /** Absent: every matching link. */
  page?: { limit: number; offset: number };
  /** The caller's zone (timezoneOffset or IANA name): "today" is their local day. */
  zone: Zone;
  /** Admins see the owner of every link: their names come from identity through this (absent: no owner names). */
  ownerNames: OwnerNames | null;
  shortBaseUrl: string;
  now?: Date;
}

/**
 * Each link's columns with its totals from the worker's `link_stats` (0 / null when no click yet), joined once so a
 * sort by clicks or last click is one join and one sort, not a subquery per link.
 */
const LINK_COLUMNS = `SELECT l.id, l.owner_id, l.name, l.short_code, l.original_url, l.domain_id, l.og_title, l.og_description, l.og_image,
         l.created_at, l.controls, l.password_id IS NOT NULL AS has_password, l.tags, l.archived, l.imported_clicks,
         COALESCE(s.click_count, 0) AS click_count, s.last_click_at
    FROM links l LEFT JOIN link_stats s ON s.link_id = l.id`;

/** Sorts read from link_stats (their pages are chosen by `statsSortFirstIds`). */
const STATS_SORTS: ReadonlySet<string> = new Set(['clicks', 'lastClick']);

/** Whether a list order is of links' own columns (creation, name): `links` alone gives its order. */
export const ordersOnLinkColumns = (order: LinkOrder): boolean => !STATS_SORTS.has(order.sort);

/**
 * The statement of a selection. The filter, order and slice are applied first (inner query); only then the domain
 * name and clicksToday (summed from the 15-minute buckets of the caller's local day [00:00, 24:00)) are added, so a
 * page computes them for its own rows only.
 */
export function linkRowsSql(s: LinkSelection, p: SqlParams): string {
  const today = localDateString(s.now ?? new Date(), s.zone);
  const from = p.add(localMidnight(today, s.zone));
  const to = p.add(localMidnight(addDays(today, 1), s.zone));
  const where = linkFilterSql(s.filter, p);
  const sortedBy = s.order ?? NEWEST_FIRST;
  const order = linkOrderSql(sortedBy);
  const slice = s.page ? `ORDER BY ${order} LIMIT ${p.add(s.page.limit)} OFFSET ${p.add(s.page.offset)}` : '';
  // A page in an order of links' own columns (creation, name) is sliced on ids alone first: the skipped rows of a deep
  // page are index entries (an index-only scan), never joined to link_stats (docs/architecture.md "Link lists").
  const rows =
    s.page && ordersOnLinkColumns(sortedBy)
      ? `SELECT l.* FROM (${LINK_COLUMNS}) l WHERE l.id = ANY(ARRAY(SELECT l.id FROM links l WHERE ${where} ${slice}))`
      : `SELECT l.* FROM (${LINK_COLUMNS}) l WHERE ${where} ${slice}`;
  return `SELECT l.*, d.domain,
            COALESCE((SELECT sum(c.clicks) FROM link_clicks_15m c WHERE c.link_id = l.id AND c.bucket >= ${from} AND c.bucket < ${to}), 0) AS clicks_today
       FROM (${rows}) l
       LEFT JOIN domains d ON d.id = l.domain_id
      ORDER BY ${order}`;
}

/** The links of a selection as every link response carries them. */
export async function selectLinks(dataSource: DataSource, s: LinkSelection): Promise<LinkDto[]> {
  // A page by clicks or last click: its links are among the first ones read in index order (stats-sort.ts).
  const first = s.page && (await statsSortFirstIds(dataSource, s.filter, s.order ?? NEWEST_FIRST, s.page.offset + s.page.limit));
  const selection = first ? { ...s, filter: { scope: s.filter.scope, ids: first } } : s;
  const p = new SqlParams();
  const rows = await dataSource.query<LinkRow[]>(linkRowsSql(selection, p), p.values);
  return linkDtos(rows, s);
}

/**
 * How many links a filter matches (every page), counted up to `cap`: the count stops reading at `cap + 1` matches,
 * so a broad search costs a bounded read, not one of every match (docs/architecture.md → "Link lists").
 */
export async function countLinks(dataSource: DataSource, filter: LinkFilter, cap: number): Promise<{ total: number; capped: boolean }> {
  const p = new SqlParams();
  const [row] = await dataSource.query<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM links l WHERE ${linkFilterSql(filter, p)} LIMIT ${p.add(cap + 1)}) matching`,
    p.values,
  );
  return row.n > cap ? { total: cap, capped: true } : { total: row.n, capped: false };
}

/**
 * The ids of the first `n` links of a filter in an order of links' own columns (`ordersOnLinkColumns`), read over
 * `links` alone: a search's count (up to its cap) and its page from one read (docs/architecture.md "Link lists").
 */
export async function firstLinkIds(dataSource: DataSource, filter: LinkFilter, order: LinkOrder, n: number): Promise<string[]> {
  const p = new SqlParams();
  const rows = await dataSource.query<{ id: string }[]>(
    `SELECT l.id FROM links l WHERE ${linkFilterSql(filter, p)} ORDER BY ${linkOrderSql(order)} LIMIT ${p.add(n)}`,
    p.values,
  );
  return rows.map((r) => r.id);
}

/** Rows → DTOs, with the owners' names resolved in one call when the selection asks for them. */
export async function linkDtos(rows: LinkRow[], s: Pick<LinkSelection, 'ownerNames' | 'shortBaseUrl'>): Promise<LinkDto[]> {
  const names = s.ownerNames ? await s.ownerNames([...new Set(rows.map((r) => r.owner_id))]) : null;
  return rows.map((r) => toDto(r, s.shortBaseUrl, names));
}

function toDto(r: LinkRow, shortBaseUrl: string, names: Map<string, string> | null): LinkDto {
  const dto: LinkDto = {
    id: r.id,
    name: r.name,
    shortCode: r.short_code,
    originalUrl: r.original_url,
    domain: r.domain,
    domainId: r.domain_id,
    shortUrl: shortUrlFor(shortBaseUrl, r.domain, r.short_code),
    clickCount: Number(r.click_count),
    clicksToday: Number(r.clicks_today),
    createdAt: r.created_at.toISOString(),
    lastClick: r.last_click_at ? r.last_click_at.toISOString() : null,
    ogTitle: r.og_title,
    ogDescription: r.og_description,
    ogImage: r.og_image,
    ...linkControlsDto(r.controls, r.has_password, r.tags),
    archived: r.archived,
    importedClicks: r.imported_clicks,
  };
  if (names) dto.ownerUsername = names.get(r.owner_id) ?? '';
  return dto;
}
