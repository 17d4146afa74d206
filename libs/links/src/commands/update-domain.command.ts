import { Command } from '@nestjs/cqrs';
import type { Actor } from './actor.js';
import type { DomainDto } from '@app/contracts';

/** Rename one of the caller's domains; its links move to the new host, which is pending until verified. */
export class UpdateDomainCommand extends Command<DomainDto> {
  constructor(
    readonly actor: Actor,
    readonly domainId: string,
    readonly domain: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
