import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { LINK_SEARCH_TOTAL_CAP, LINK_TOTAL_CAP, type LinkPage } from '@app/contracts';
import type { Zone } from '@app/time';
import type { LinkFilter } from './link-list/link-filter.js';
import type { LinkOrder } from './link-list/link-order.js';
import { countLinks } from './link-read-store.js';
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
    const [data, count] = await Promise.all([
      this.links.select({ filter: q.filter, order: q.order, page: { limit: q.limit, offset: (q.page - 1) * q.limit }, zone: q.zone }, q.withOwners),
      countLinks(this.dataSource, q.filter, q.filter.search ? LINK_SEARCH_TOTAL_CAP : LINK_TOTAL_CAP),
    ]);
    return { data, total: count.total, totalCapped: count.capped, page: q.page, limit: q.limit };
  }
}
