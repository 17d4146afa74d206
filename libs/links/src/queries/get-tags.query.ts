import { Query } from '@nestjs/cqrs';
import { workspaceScopeSql, type TagDto, type WorkspaceScope } from '@app/contracts';
import { readHandler } from '@app/database';

/** GET /api/tags: the tags of the workspace's links with link counts, by name. */
export class GetTagsQuery extends Query<TagDto[]> {
  constructor(readonly scope: WorkspaceScope) {
    super();
  }
}

export const GetTagsHandler = readHandler(GetTagsQuery, async (db, { scope }) => {
  const rows = await db.query<{ tag: string; n: string }[]>(
    `SELECT t.tag, count(*) AS n FROM links l CROSS JOIN LATERAL unnest(l.tags) AS t(tag)
      WHERE ${workspaceScopeSql(scope, () => '$1', 'l.owner_id')} GROUP BY t.tag ORDER BY lower(t.tag), t.tag`,
    scope.everyWorkspace ? [] : [scope.workspaceId],
  );
  return rows.map((r) => ({ tag: r.tag, linkCount: Number(r.n) }));
});
