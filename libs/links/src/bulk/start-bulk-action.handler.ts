import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Queue } from 'bullmq';
import { AppError, BULK_ACTIONS, BULK_IDS_MAX, UUID_PATTERN, type BulkAction } from '@app/contracts';
import { checkControls } from '../model/link-controls.js';
import { queueBulkAction, type BulkActionJob } from './bulk-action-job.js';
import { StartBulkActionCommand } from './start-bulk-action.command.js';
import { LINK_ACTIONS_QUEUE, type BulkActionInput } from './bulk-action-input.js';

const bad = (message: string) => new AppError(400, message);

function targets(input: BulkActionInput): Pick<BulkActionJob, 'ids' | 'filter'> {
  if ((input.ids === undefined) === (input.filter === undefined)) throw bad('Send exactly one of ids and filter.');
  if (input.filter) return { filter: input.filter };
  const ids = input.ids;
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > BULK_IDS_MAX) throw bad(`ids must be a list of 1 to ${BULK_IDS_MAX} link ids.`);
  if (ids.some((id) => typeof id !== 'string' || !UUID_PATTERN.test(id))) throw bad('ids must be link ids.');
  return { ids: [...new Set(ids as string[])] };
}

function checkAction(action: unknown): BulkAction {
  if (!BULK_ACTIONS.includes(action as BulkAction)) throw bad(`action must be one of ${BULK_ACTIONS.join(', ')}.`);
  return action as BulkAction;
}

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
