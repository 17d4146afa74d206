import { Command } from '@nestjs/cqrs';

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
