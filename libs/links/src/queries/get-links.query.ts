import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { workspaceScopeSql, type LinkDto } from '@app/contracts';
import type { Zone } from '@app/time';
import type { Actor } from '../commands/actor.js';
import { LinksErrors } from '../model/links.errors.js';
import { isUuid } from '../commands/link-store.js';
import { selectLinks } from './link-rows.js';
import { OWNER_NAMES, type OwnerNames } from './owner-names.js';

/** My Links: the workspace's links, or every link with its owner in the admin's every-workspace view. `linkId` narrows to one (404 if not visible). */
export class GetLinksQuery extends Query<LinkDto[]> {
  constructor(
    readonly actor: Actor,
    readonly timezoneOffset: Zone,
    readonly linkId?: string,
    /** `?tag=`: only links carrying this tag. */
    readonly tag?: string,
  ) {
    super();
  }
}

@QueryHandler(GetLinksQuery)
export class GetLinksHandler implements IQueryHandler<GetLinksQuery> {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(OWNER_NAMES) private readonly ownerNames: OwnerNames,
  ) {}

  async execute(q: GetLinksQuery): Promise<LinkDto[]> {
    const conditions: string[] = [];
    const params: unknown[] = [];
    conditions.push(workspaceScopeSql(q.actor, (v) => `$${params.push(v) + 2}`, 'l.owner_id'));
    if (q.linkId !== undefined) {
      if (!isUuid(q.linkId)) throw LinksErrors.linkNotFound();
      params.push(q.linkId);
      conditions.push(`l.id = $${params.length + 2}`);
    }
    if (q.tag !== undefined) {
      params.push(q.tag.trim());
      conditions.push(`l.tags @> ARRAY[$${params.length + 2}::text]`);
    }
    const links = await selectLinks(this.dataSource, {
      where: conditions.length ? conditions.join(' AND ') : 'TRUE',
      params,
      offset: q.timezoneOffset,
      ownerNames: q.actor.everyWorkspace ? this.ownerNames : null,
      shortBaseUrl: this.config.shortBaseUrl,
    });
    if (q.linkId !== undefined && links.length === 0) throw LinksErrors.linkNotFound();
    return links;
  }
}
