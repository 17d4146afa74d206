import { Command } from '@nestjs/cqrs';
import type { ApiKeyScope, CreatedApiKeyDto, WorkspaceAccess } from '@app/contracts';

/**
 * Create an API key bound to the caller's workspace (the request was validated by the api's DTO: name, known scopes,
 * future expiry). The key acts as its maker, with their role, in that workspace only.
 */
export class CreateApiKeyCommand extends Command<CreatedApiKeyDto> {
  constructor(
    readonly access: WorkspaceAccess,
    readonly name: string,
    readonly scopes: ApiKeyScope[],
    readonly expiresAt: Date | null,
  ) {
    super();
  }
}
