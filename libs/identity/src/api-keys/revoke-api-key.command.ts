import { Command } from '@nestjs/cqrs';

/** Revoke at once: the row goes, so the next request with the key gets 401. */
export class RevokeApiKeyCommand extends Command<void> {
  constructor(
    readonly workspaceId: string,
    readonly keyId: string,
  ) {
    super();
  }
}
