import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { workspaceScopeSql, type TagDto, type WorkspaceScope } from '@app/contracts';

/** GET /api/tags: the tags of the workspace's links with link counts, by name. */
export class GetTagsQuery extends Query<TagDto[]> {
  constructor(readonly scope: WorkspaceScope) {
    super();
  }
}

@QueryHandler(GetTagsQuery)
export class GetTagsHandler implements IQueryHandler<GetTagsQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute(q: GetTagsQuery): Promise<TagDto[]> {
    const rows = await this.dataSource.query<{ tag: string; n: string }[]>(
      `SELECT t.tag, count(*) AS n FROM links l CROSS JOIN LATERAL unnest(l.tags) AS t(tag)
        WHERE ${workspaceScopeSql(q.scope, () => '$1', 'l.owner_id')} GROUP BY t.tag ORDER BY lower(t.tag), t.tag`,
      q.scope.everyWorkspace ? [] : [q.scope.workspaceId],
    );
    return rows.map((r) => ({ tag: r.tag, linkCount: Number(r.n) }));
  }
}
