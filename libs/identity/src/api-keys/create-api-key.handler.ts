import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { CreatedApiKeyDto } from '@app/contracts';
import { insertApiKey } from './api-key-store.js';
import { CreateApiKeyCommand } from './create-api-key.command.js';

@CommandHandler(CreateApiKeyCommand)
export class CreateApiKeyHandler implements ICommandHandler<CreateApiKeyCommand> {
  constructor(private readonly dataSource: DataSource) {}
  execute(cmd: CreateApiKeyCommand): Promise<CreatedApiKeyDto> {
    return insertApiKey(this.dataSource, cmd.access.userId, cmd.access.workspaceId, {
      name: cmd.name.trim(),
      scopes: [...new Set(cmd.scopes)],
      expiresAt: cmd.expiresAt,
    });
  }
}
