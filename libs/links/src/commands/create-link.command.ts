import { Command } from '@nestjs/cqrs';
import type { CreateLinkRequest, LinkDto } from '@app/contracts';
import type { LinkImportFacts } from '../model/link.events.js';
import type { Actor } from './actor.js';

/** Shorten URL. An empty short code is generated here (8 of the 62 letters and digits, retried on collision). */
export class CreateLinkCommand extends Command<LinkDto> {
  constructor(
    readonly actor: Actor,
    readonly request: CreateLinkRequest,
    readonly requestId?: string,
    /** A caller-chosen id (an import's row: the same row always yields the same link, so a rerun cannot duplicate it). */
    readonly linkId?: string,
    /** An import's row: the creation date and click total the link had in its source (a link-imported event). */
    readonly imported?: LinkImportFacts,
  ) {
    super();
  }
}
