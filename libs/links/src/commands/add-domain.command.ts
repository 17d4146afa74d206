import { Command } from '@nestjs/cqrs';
import type { Actor } from './actor.js';
import type { DomainDto } from '@app/contracts';

/** Add Custom Domain: pending until its DNS TXT record proves ownership (active at once with DOMAIN_VERIFICATION=off). */
export class AddDomainCommand extends Command<DomainDto> {
  constructor(
    readonly actor: Actor,
    readonly domain: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
