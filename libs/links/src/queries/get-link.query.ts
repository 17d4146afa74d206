import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@app/config';
import type { LinkDto } from '@app/contracts';
import type { Zone } from '@app/time';
import type { Actor } from '../commands/actor.js';
import { isUuid } from '../commands/link-store.js';
import { LinksErrors } from '../model/links.errors.js';
import { linkScopeOf } from './link-list/link-scope.js';
import { selectLinks } from './link-read-store.js';
import { OWNER_NAMES, type OwnerNames } from './owner-names.js';

/** One link the caller may see (archived or not), or 404: `GET /api/links/{id}` and the read-back of a change. */
export class GetLinkQuery extends Query<LinkDto> {
  constructor(
    readonly actor: Actor,
    readonly linkId: string,
    readonly zone: Zone = 0,
  ) {
    super();
  }
}

@QueryHandler(GetLinkQuery)
export class GetLinkHandler implements IQueryHandler<GetLinkQuery> {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(OWNER_NAMES) private readonly ownerNames: OwnerNames,
  ) {}

  async execute(q: GetLinkQuery): Promise<LinkDto> {
    if (!isUuid(q.linkId)) throw LinksErrors.linkNotFound();
    const [link] = await selectLinks(this.dataSource, {
      filter: { scope: linkScopeOf(q.actor), ids: [q.linkId] },
      zone: q.zone,
      ownerNames: q.actor.everyWorkspace ? this.ownerNames : null,
      shortBaseUrl: this.config.shortBaseUrl,
    });
    if (!link) throw LinksErrors.linkNotFound();
    return link;
  }
}
