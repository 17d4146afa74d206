import { Inject } from '@nestjs/common';
import { Command, CommandHandler, Query, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@app/config';
import type { ApiKeyDto, ApiKeyScope, CreatedApiKeyDto, WorkspaceAccess } from '@app/contracts';
import { ApiKeyErrors } from '../model/identity.errors.js';
import { deleteApiKey, insertApiKey, selectApiKeys } from './api-key-store.js';

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

/** Revoke at once: the row goes, so the next request with the key gets 401. */
export class RevokeApiKeyCommand extends Command<void> {
  constructor(
    readonly workspaceId: string,
    readonly keyId: string,
  ) {
    super();
  }
}
@CommandHandler(RevokeApiKeyCommand)
export class RevokeApiKeyHandler implements ICommandHandler<RevokeApiKeyCommand> {
  constructor(private readonly dataSource: DataSource) {}
  async execute(cmd: RevokeApiKeyCommand): Promise<void> {
    if (!/^[0-9a-f-]{36}$/i.test(cmd.keyId) || !(await deleteApiKey(this.dataSource, cmd.workspaceId, cmd.keyId))) throw ApiKeyErrors.notFound();
  }
}

export class GetApiKeysQuery extends Query<ApiKeyDto[]> {
  constructor(readonly workspaceId: string) {
    super();
  }
}
@QueryHandler(GetApiKeysQuery)
export class GetApiKeysHandler implements IQueryHandler<GetApiKeysQuery> {
  constructor(private readonly dataSource: DataSource) {}
  execute(q: GetApiKeysQuery): Promise<ApiKeyDto[]> {
    return selectApiKeys(this.dataSource, q.workspaceId);
  }
}
