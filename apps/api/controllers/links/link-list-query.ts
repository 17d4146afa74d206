import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsOptional, IsString } from 'class-validator';
import {
  AppError,
  ARCHIVED_FILTERS,
  DEFAULT_DOMAIN_FILTER,
  LINK_PAGE_LIMIT_MAX,
  LINK_SEARCH_MAX,
  LINK_SORTS,
  SORT_ORDERS,
  type ArchivedFilter,
  type LinkListFilter,
  type LinkSort,
  type SortOrder,
  type WorkspaceAccess,
} from '@app/contracts';
import { linkScopeOf, type LinkFilter, type LinkOrder } from '@app/links';
import { parseZone, type Zone } from '@app/time';
import { OffsetQueryDto } from '../analytics/analytics-query.dto.js';
import { intParam } from '../analytics/query-params.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The query string of `GET /api/links` (docs/architecture.md → "Link lists"); without `limit`, every link (streamed). */
export class LinkListQueryDto extends OffsetQueryDto {
  @ApiPropertyOptional({ description: `Links per page, 1 to ${LINK_PAGE_LIMIT_MAX}; absent: every link as one array, streamed.` })
  @IsOptional()
  @IsString()
  limit?: string;

  @ApiPropertyOptional({ description: 'Page, from 1 (with limit).' })
  @IsOptional()
  @IsString()
  page?: string;

  @ApiPropertyOptional({ description: 'Case-insensitive part of the name, short code or original URL.' })
  @IsOptional()
  @IsString()
  search?: string;

  @ApiPropertyOptional({ enum: LINK_SORTS, description: 'Default createdAt.' })
  @IsOptional()
  @IsString()
  sort?: string;

  @ApiPropertyOptional({ enum: SORT_ORDERS, description: 'Default desc.' })
  @IsOptional()
  @IsString()
  order?: string;

  @ApiPropertyOptional({ description: 'Links carrying this tag (repeat the parameter for any of several).' })
  @Allow()
  tag?: string | string[];

  @ApiPropertyOptional({ description: 'A custom domain id, or `default` for the default short host.' })
  @IsOptional()
  @IsString()
  domainId?: string;

  @ApiPropertyOptional({ enum: ARCHIVED_FILTERS, description: 'Default false (archived links hidden).' })
  @IsOptional()
  @IsString()
  archived?: string;

  @ApiPropertyOptional({ format: 'uuid', description: "Admins: one owner's links." })
  @IsOptional()
  @IsString()
  ownerId?: string;
}

export interface LinkListRequest {
  filter: LinkFilter;
  order: LinkOrder;
  /** Absent: the unpaged (streamed) form. */
  page?: { page: number; limit: number };
  zone: Zone;
}

const bad = (message: string) => new AppError(400, message);

function oneOf<T extends string>(raw: string | undefined, name: string, allowed: readonly T[], fallback: T): T {
  if (raw === undefined || raw === '') return fallback;
  if (!allowed.includes(raw as T)) throw bad(`${name} must be one of ${allowed.join(', ')}.`);
  return raw as T;
}

/** The filter part, shared by the list and a bulk action's `filter` (each bad field: a 400 naming it). */
export function parseLinkListFilter(q: { [K in keyof LinkListFilter]?: unknown }, ws: WorkspaceAccess, ownerId?: string): LinkFilter {
  const search = typeof q.search === 'string' ? q.search.trim() : undefined;
  if (q.search !== undefined && typeof q.search !== 'string') throw bad('search must be text.');
  if (search && search.length > LINK_SEARCH_MAX) throw bad(`search must be at most ${LINK_SEARCH_MAX} characters.`);
  const rawTags: unknown[] = q.tag === undefined ? [] : Array.isArray(q.tag) ? q.tag : [q.tag];
  if (rawTags.some((t) => typeof t !== 'string')) throw bad('tag must be text.');
  const tags = (rawTags as string[]).map((t) => t.trim()).filter((t) => t !== '');
  let domainId: string | null | undefined;
  if (q.domainId === undefined || q.domainId === '') domainId = undefined;
  else if (q.domainId === DEFAULT_DOMAIN_FILTER) domainId = null;
  else if (typeof q.domainId === 'string' && UUID.test(q.domainId)) domainId = q.domainId;
  else throw bad(`domainId must be a domain id or ${DEFAULT_DOMAIN_FILTER}.`);
  if (q.archived !== undefined && typeof q.archived !== 'string') throw bad(`archived must be one of ${ARCHIVED_FILTERS.join(', ')}.`);
  const archived: ArchivedFilter = oneOf(q.archived, 'archived', ARCHIVED_FILTERS, 'false');
  if (ownerId !== undefined && ownerId !== '') {
    if (!UUID.test(ownerId)) throw bad('ownerId must be a user id.');
    if (!ws.everyWorkspace && ownerId !== ws.workspaceId) throw new AppError(403, "Only administrators can list other users' links.");
  }
  return {
    scope: linkScopeOf(ws, ownerId || undefined),
    search: search || undefined,
    tags: tags.length ? tags : undefined,
    domainId,
    archived: archived === 'all' ? undefined : archived === 'true',
  };
}

export function parseLinkList(q: LinkListQueryDto, ws: WorkspaceAccess): LinkListRequest {
  const zone = parseZone(q);
  const sort: LinkSort = oneOf(q.sort, 'sort', LINK_SORTS, 'createdAt');
  const order: SortOrder = oneOf(q.order, 'order', SORT_ORDERS, 'desc');
  const filter = parseLinkListFilter(q, ws, q.ownerId);
  const paged = q.limit !== undefined && q.limit !== '';
  if (!paged && q.page !== undefined && q.page !== '') throw bad('page needs limit (1 to 100 links per page).');
  const page = paged ? { limit: intParam(q.limit, 'limit', 1, LINK_PAGE_LIMIT_MAX, 25), page: intParam(q.page, 'page', 1, 1_000_000, 1) } : undefined;
  return { filter, order: { sort, order }, page, zone };
}
