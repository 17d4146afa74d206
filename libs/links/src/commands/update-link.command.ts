import { Command } from '@nestjs/cqrs';
import type { LinkDto, UpdateLinkRequest } from '@app/contracts';
import type { Zone } from '@app/time';
import type { Actor } from './actor.js';

/** Edit Link: name, original URL and the §1 controls (the short code and domain never change). */
export class UpdateLinkCommand extends Command<LinkDto> {
  constructor(
    readonly actor: Actor,
    readonly linkId: string,
    readonly request: UpdateLinkRequest,
    readonly timezoneOffset: Zone = 0,
    readonly requestId?: string,
  ) {
    super();
  }
}
