import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, Query, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Queue } from 'bullmq';
import { AppError, BULK_ACTIONS, BULK_IDS_MAX, UUID_PATTERN, type BulkAction, type BulkActionDto } from '@app/contracts';
import type { Actor } from '../commands/actor.js';
import { checkControls } from '../model/link-controls.js';
import { LinksErrors } from '../model/links.errors.js';
import type { LinkFilter } from '../queries/link-list/link-filter.js';
import { queueBulkAction, readBulkAction, type BulkActionJob } from './bulk-action-job.js';

/** Nest token of the `link-actions` queue producer. */
export const LINK_ACTIONS_QUEUE = Symbol('LINK_ACTIONS_QUEUE');

export interface BulkActionInput {
  action: unknown;
  ids?: unknown;
  /** Already parsed from the request's `filter` (the list's own parser: same 400s). */
  filter?: LinkFilter;
  tags?: unknown;
  expiresAt?: unknown;
}

/** `POST /api/links/bulk-actions`: checked now (a bad request is a 400 and nothing is queued), run by the worker. */
export class StartBulkActionCommand extends Command<{ id: string }> {
  constructor(
    readonly actor: Actor,
    readonly input: BulkActionInput,
    readonly requestId?: string,
  ) {
    super();
  }
}

const bad = (message: string) => new AppError(400, message);

@CommandHandler(StartBulkActionCommand)
export class StartBulkActionHandler implements ICommandHandler<StartBulkActionCommand> {
  constructor(@Inject(LINK_ACTIONS_QUEUE) private readonly queue: Queue<BulkActionJob>) {}

  async execute({ actor, input, requestId }: StartBulkActionCommand): Promise<{ id: string }> {
    const job: BulkActionJob = { id: randomUUID(), actor, action: checkAction(input.action), requestId, ...targets(input) };
    if (job.action === 'addTags' || job.action === 'removeTags') {
      if (input.tags === undefined) throw bad(`tags: ${job.action} needs the tags (1 to 10).`);
      const tags = checkControls({ tags: input.tags as string[] }, () => false).tags;
      if (!tags || tags.length === 0) throw bad(`tags: ${job.action} needs the tags (1 to 10).`);
      job.tags = tags;
    }
    if (job.action === 'setExpiry') {
      if (input.expiresAt === undefined) throw bad('expiresAt: setExpiry needs an ISO 8601 date-time, or null to clear it.');
      job.expiresAt = checkControls({ expiresAt: input.expiresAt as string | null }, () => false).expiresAt ?? null;
    }
    await queueBulkAction(this.queue, job);
    return { id: job.id };
  }
}

function checkAction(action: unknown): BulkAction {
  if (!BULK_ACTIONS.includes(action as BulkAction)) throw bad(`action must be one of ${BULK_ACTIONS.join(', ')}.`);
  return action as BulkAction;
}

function targets(input: BulkActionInput): Pick<BulkActionJob, 'ids' | 'filter'> {
  if ((input.ids === undefined) === (input.filter === undefined)) throw bad('Send exactly one of ids and filter.');
  if (input.filter) return { filter: input.filter };
  const ids = input.ids;
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > BULK_IDS_MAX) throw bad(`ids must be a list of 1 to ${BULK_IDS_MAX} link ids.`);
  if (ids.some((id) => typeof id !== 'string' || !UUID_PATTERN.test(id))) throw bad('ids must be link ids.');
  return { ids: [...new Set(ids as string[])] };
}

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
