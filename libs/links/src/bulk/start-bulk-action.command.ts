import { Command } from '@nestjs/cqrs';
import type { Actor } from '../commands/actor.js';
import { type BulkActionInput } from './bulk-action-input.js';

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
