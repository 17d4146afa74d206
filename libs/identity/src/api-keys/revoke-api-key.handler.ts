import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { ApiKeyErrors } from '../model/identity.errors.js';
import { deleteApiKey } from './api-key-store.js';
import { RevokeApiKeyCommand } from './revoke-api-key.command.js';

@CommandHandler(RevokeApiKeyCommand)
export class RevokeApiKeyHandler implements ICommandHandler<RevokeApiKeyCommand> {
  constructor(private readonly dataSource: DataSource) {}
  async execute(cmd: RevokeApiKeyCommand): Promise<void> {
    if (!/^[0-9a-f-]{36}$/i.test(cmd.keyId) || !(await deleteApiKey(this.dataSource, cmd.workspaceId, cmd.keyId))) throw ApiKeyErrors.notFound();
  }
}
