import { Command } from '@nestjs/cqrs';
import type { DomainDto } from '@app/contracts';

/** Add Custom Domain: active at once, unique across all users. */
export class AddDomainCommand extends Command<DomainDto> {
  constructor(
    readonly ownerId: string,
    readonly domain: string,
    readonly requestId?: string,
  ) {
    super();
  }
}

/** Rename one of the caller's domains; its links move to the new host. */
export class UpdateDomainCommand extends Command<DomainDto> {
  constructor(
    readonly ownerId: string,
    readonly domainId: string,
    readonly domain: string,
    readonly requestId?: string,
  ) {
    super();
  }
}

/** Delete one of the caller's domains; refused while links use it. */
export class DeleteDomainCommand extends Command<void> {
  constructor(
    readonly ownerId: string,
    readonly domainId: string,
    readonly requestId?: string,
  ) {
    super();
  }
}

/** Generate (or regenerate) a self-signed certificate and key for one of the caller's domains. */
export class RegenerateSslCommand extends Command<DomainDto> {
  constructor(
    readonly ownerId: string,
    readonly domainId: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
