import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@app/config';
import type { CreatedApiKeyDto } from '@app/contracts';
import { insertApiKey } from './api-key-store.js';
import { CreateApiKeyCommand } from './create-api-key.command.js';

@CommandHandler(CreateApiKeyCommand)
export class CreateApiKeyHandler implements ICommandHandler<CreateApiKeyCommand> {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}
  execute(cmd: CreateApiKeyCommand): Promise<CreatedApiKeyDto> {
    const input = { name: cmd.name.trim(), scopes: [...new Set(cmd.scopes)], expiresAt: cmd.expiresAt };
    return insertApiKey(this.dataSource, cmd.access.userId, cmd.access.workspaceId, input, this.config.apiKeysPerWorkspace);
  }
}
