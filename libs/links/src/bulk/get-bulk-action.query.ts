import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Queue } from 'bullmq';
import { UUID_PATTERN, type BulkActionDto } from '@app/contracts';
import type { Actor } from '../commands/actor.js';
import { LinksErrors } from '../model/links.errors.js';
import { readBulkAction, type BulkActionJob } from './bulk-action-job.js';
import { LINK_ACTIONS_QUEUE } from './bulk-action-input.js';

/** `GET /api/links/bulk-actions/{id}`: the caller's own action in the call's workspace (else a 404, like a missing one). */
export class GetBulkActionQuery extends Query<BulkActionDto> {
  constructor(
    readonly actor: Actor,
    readonly id: string,
  ) {
    super();
  }
}

@QueryHandler(GetBulkActionQuery)
export class GetBulkActionHandler implements IQueryHandler<GetBulkActionQuery> {
  constructor(@Inject(LINK_ACTIONS_QUEUE) private readonly queue: Queue<BulkActionJob>) {}

  async execute(q: GetBulkActionQuery): Promise<BulkActionDto> {
    const action = UUID_PATTERN.test(q.id) ? await readBulkAction(this.queue, q.id, q.actor) : null;
    if (!action) throw LinksErrors.bulkActionNotFound();
    return action;
  }
}
