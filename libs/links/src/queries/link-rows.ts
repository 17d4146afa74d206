import type { DataSource } from 'typeorm';
import { linkControlsDto, shortUrlFor, type LinkDto } from '@app/contracts';
import type { StoredControls } from '../model/link-controls.js';
import type { OwnerNames } from './owner-names.js';
import { addDays, localDateString, localMidnight, type Zone } from '@app/time';

interface LinkRow {
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
  imported_clicks: number | null;
}

export interface LinkSelection {
  /** SQL condition on links l, parameters from $3 on. */
  where: string;
  params: unknown[];
  /** The caller's zone (timezoneOffset or IANA name): "today" is their local day. */
  offset: Zone;
  /** Admins see the owner of every link: their names come from identity through this (absent: no owner names). */
  ownerNames: OwnerNames | null;
  shortBaseUrl: string;
  now?: Date;
}

/**
 * Links with totals from the worker's `link_stats` (0 / null when no click yet) and clicksToday summed from the
 * 15-minute buckets of the caller's local day [00:00, 24:00). Newest first.
 */
export async function selectLinks(dataSource: DataSource, s: LinkSelection): Promise<LinkDto[]> {
  const today = localDateString(s.now ?? new Date(), s.offset);
  const from = localMidnight(today, s.offset);
  const to = localMidnight(addDays(today, 1), s.offset);
  const rows = await dataSource.query<LinkRow[]>(
    `SELECT l.id, l.name, l.short_code, l.original_url, l.domain_id, d.domain, l.og_title, l.og_description, l.og_image,
            l.created_at, l.controls, l.password_id IS NOT NULL AS has_password, l.tags, l.imported_clicks, COALESCE(s.click_count, 0) AS click_count, s.last_click_at, l.owner_id,
            COALESCE((SELECT sum(c.clicks) FROM link_clicks_15m c WHERE c.link_id = l.id AND c.bucket >= $1 AND c.bucket < $2), 0) AS clicks_today
     FROM links l
     LEFT JOIN domains d ON d.id = l.domain_id
     LEFT JOIN link_stats s ON s.link_id = l.id
     WHERE ${s.where}
     ORDER BY l.created_at DESC, l.id`,
    [from, to, ...s.params],
  );
  const names = s.ownerNames ? await s.ownerNames(rows.map((r) => r.owner_id)) : null;
  return rows.map((r) => toDto(r, s, names));
}

function toDto(r: LinkRow, s: LinkSelection, names: Map<string, string> | null): LinkDto {
  const dto: LinkDto = {
    id: r.id,
    name: r.name,
    shortCode: r.short_code,
    originalUrl: r.original_url,
    domain: r.domain,
    domainId: r.domain_id,
    shortUrl: shortUrlFor(s.shortBaseUrl, r.domain, r.short_code),
    clickCount: Number(r.click_count),
    clicksToday: Number(r.clicks_today),
    createdAt: r.created_at.toISOString(),
    lastClick: r.last_click_at ? r.last_click_at.toISOString() : null,
    ogTitle: r.og_title,
    ogDescription: r.og_description,
    ogImage: r.og_image,
    ...linkControlsDto(r.controls, r.has_password, r.tags),
    importedClicks: r.imported_clicks,
  };
  if (names) dto.ownerUsername = names.get(r.owner_id) ?? '';
  return dto;
}
