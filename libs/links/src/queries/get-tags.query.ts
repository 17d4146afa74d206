import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { TagDto } from '@app/contracts';

/** GET /api/tags: the caller's own tags (admins too: their own links) with link counts, by name. */
export class GetTagsQuery extends Query<TagDto[]> {
  constructor(readonly ownerId: string) {
    super();
  }
}

@QueryHandler(GetTagsQuery)
export class GetTagsHandler implements IQueryHandler<GetTagsQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute(q: GetTagsQuery): Promise<TagDto[]> {
    const rows = await this.dataSource.query<{ tag: string; n: string }[]>(
      `SELECT t.tag, count(*) AS n FROM links l CROSS JOIN LATERAL unnest(l.tags) AS t(tag)
        WHERE l.owner_id = $1 GROUP BY t.tag ORDER BY lower(t.tag), t.tag`,
      [q.ownerId],
    );
    return rows.map((r) => ({ tag: r.tag, linkCount: Number(r.n) }));
  }
}
