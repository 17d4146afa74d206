import { Command } from '@nestjs/cqrs';
import type { Actor } from './actor.js';

/** Delete one of the caller's domains; refused while links use it. */
export class DeleteDomainCommand extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly domainId: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
