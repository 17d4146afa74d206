import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { LINK_SEARCH_TOTAL_CAP, LINK_TOTAL_CAP, type LinkDto, type LinkPage } from '@app/contracts';
import type { Zone } from '@app/time';
import type { LinkFilter } from './link-list/link-filter.js';
import type { LinkOrder } from './link-list/link-order.js';
import { countLinks, firstLinkIds, ordersOnLinkColumns } from './link-read-store.js';
import { LinkReader } from './link-reader.js';

/** My Links (and the admins' every-link view): one page of a filtered, sorted list, with how many match in all. */
export class GetLinkPageQuery extends Query<LinkPage> {
  constructor(
    readonly filter: LinkFilter,
    readonly order: LinkOrder,
    readonly page: number,
    readonly limit: number,
    readonly zone: Zone,
    /** Admins see each link's owner. */
    readonly withOwners: boolean,
  ) {
    super();
  }
}

@QueryHandler(GetLinkPageQuery)
export class GetLinkPageHandler implements IQueryHandler<GetLinkPageQuery> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly links: LinkReader,
  ) {}

  async execute(q: GetLinkPageQuery): Promise<LinkPage> {
    const offset = (q.page - 1) * q.limit;
    const select = (filter: LinkFilter, page?: { limit: number; offset: number }) =>
      this.links.select({ filter, order: q.order, page, zone: q.zone }, q.withOwners);
    const answer = (data: LinkDto[], total: number, totalCapped: boolean): LinkPage => ({ data, total, totalCapped, page: q.page, limit: q.limit });
    // A search in an order of links' own columns: its first matches in that order are its count (up to the cap) and
    // hold its page, so its trigram candidates are read once, not once for the page and again for the count
    // (docs/architecture.md "Link lists").
    if (q.filter.search && ordersOnLinkColumns(q.order)) {
      const ids = await firstLinkIds(this.dataSource, q.filter, q.order, Math.max(LINK_SEARCH_TOTAL_CAP + 1, offset + q.limit));
      const data = await select({ scope: q.filter.scope, ids: ids.slice(offset, offset + q.limit) });
      return answer(data, Math.min(ids.length, LINK_SEARCH_TOTAL_CAP), ids.length > LINK_SEARCH_TOTAL_CAP);
    }
    const [data, count] = await Promise.all([
      select(q.filter, { limit: q.limit, offset }),
      countLinks(this.dataSource, q.filter, q.filter.search ? LINK_SEARCH_TOTAL_CAP : LINK_TOTAL_CAP),
    ]);
    return answer(data, count.total, count.capped);
  }
}
