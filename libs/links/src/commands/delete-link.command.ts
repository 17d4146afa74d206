import { Command } from '@nestjs/cqrs';
import type { Actor } from './actor.js';

/** Deletes a link, its clicks and rollups; the redirector stops answering for it at once. */
export class DeleteLinkCommand extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly linkId: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
