import { Command } from '@nestjs/cqrs';
import type { BulkCreateResponse, CreateLinkRequest } from '@app/contracts';
import type { Actor } from '../commands/actor.js';

/**
 * `POST /api/links/bulk`: the requests at their indexes; `invalid` holds the indexes whose shape the api already
 * refused (with the message). The rest are created as imports create links (createLinksBatch: the same rules,
 * aggregate and events per link, one transaction for all): each one is created whole or reported, never half-made.
 */
export class BulkCreateLinksCommand extends Command<BulkCreateResponse> {
  constructor(
    readonly actor: Actor,
    readonly requests: { index: number; request: CreateLinkRequest }[],
    readonly invalid: { index: number; message: string }[],
    readonly requestId?: string,
  ) {
    super();
  }
}
