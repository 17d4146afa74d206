import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { LinkDto } from '@app/contracts';
import type { Zone } from '@app/time';
import type { Actor } from '../commands/actor.js';
import { LinkReader } from './link-reader.js';

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
  constructor(private readonly links: LinkReader) {}

  execute(q: GetLinkQuery): Promise<LinkDto> {
    return this.links.one(q.actor, q.linkId, q.zone);
  }
}
