import { Command } from '@nestjs/cqrs';
import type { Actor } from './actor.js';
import type { DomainDto } from '@app/contracts';

/** Verify now: look the domain's TXT record up at once (docs/product.md#domain-ownership). */
export class VerifyDomainCommand extends Command<DomainDto> {
  constructor(
    readonly actor: Actor,
    readonly domainId: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
