import { Command } from '@nestjs/cqrs';
import type { Actor } from './actor.js';
import type { DomainDto } from '@app/contracts';

/** Generate (or regenerate) a self-signed certificate and key for one of the caller's domains. */
export class RegenerateSslCommand extends Command<DomainDto> {
  constructor(
    readonly actor: Actor,
    readonly domainId: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
